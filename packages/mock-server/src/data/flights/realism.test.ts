// Property tests of issue 32 ("data a domain expert accepts, round 2"): each
// holds over many seeded searches, and each read its facts from tables of its
// own here (the expert's), not from the generator's.
import type { ParsedFlight, ProgramCode } from '@flight-search/contract';
import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../index.js';
import { airport, distanceKm as distance, localNow } from '../airports/index.js';
import { searchOf } from '../../../test/support/data-contract.js';
import { toRawData } from '../raw/index.js';
import { generateFlights } from './index.js';
import { PROGRAMS as PROFILES, WORLD_HUBS } from './programs.js';
import { flightNumber } from './schedule.js';

const PROGRAMS: readonly ProgramCode[] = [
  'PROGRAM_1',
  'PROGRAM_2',
  'PROGRAM_3',
  'PROGRAM_3_INTERLINE',
  'PROGRAM_4',
  'PROGRAM_5',
  'PROGRAM_6',
  'PROGRAM_7',
  'PROGRAM_8',
];
const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34];
const DATES = ['2026-12-15', '2027-02-03', '2027-04-20', '2027-07-09'];

/** Home countries of the programs' own airlines (the programs' profiles as documented in the README). */
const OWN: Readonly<Record<string, readonly string[]>> = {
  P1: ['BR'],
  P2: ['BR', 'CL', 'PE', 'CO'],
  P3: ['BR'],
  P4: ['PA'],
  P5: ['ES'],
  P6: ['AE', 'QA'],
  P7: ['US'],
  P8: ['PT'],
};

/** Alliance members in 2026 with their home country (the alliances' member pages). */
const STAR = {
  A3: 'GR',
  AC: 'CA',
  CA: 'CN',
  AI: 'IN',
  NZ: 'NZ',
  NH: 'JP',
  OZ: 'KR',
  OS: 'AT',
  AV: 'CO',
  SN: 'BE',
  CM: 'PA',
  OU: 'HR',
  MS: 'EG',
  ET: 'ET',
  BR: 'TW',
  LO: 'PL',
  LH: 'DE',
  SQ: 'SG',
  SA: 'ZA',
  LX: 'CH',
  TP: 'PT',
  TG: 'TH',
  TK: 'TR',
  UA: 'US',
  ZH: 'CN',
};
const ONEWORLD = {
  AS: 'US',
  AA: 'US',
  BA: 'GB',
  CX: 'HK',
  FJ: 'FJ',
  AY: 'FI',
  IB: 'ES',
  JL: 'JP',
  MH: 'MY',
  QF: 'AU',
  QR: 'QA',
  AT: 'MA',
  RJ: 'JO',
  UL: 'LK',
  WY: 'OM',
};
const SKYTEAM = {
  AR: 'AR',
  AM: 'MX',
  UX: 'ES',
  AF: 'FR',
  CI: 'TW',
  MU: 'CN',
  DL: 'US',
  GA: 'ID',
  KQ: 'KE',
  KL: 'NL',
  KE: 'KR',
  ME: 'LB',
  SV: 'SA',
  RO: 'RO',
  VN: 'VN',
  VS: 'GB',
  MF: 'CN',
};
const ALLIANCE_OF: Readonly<Record<ProgramCode, Readonly<Record<string, string>>>> = {
  PROGRAM_1: SKYTEAM,
  PROGRAM_2: SKYTEAM,
  PROGRAM_3: STAR,
  PROGRAM_3_INTERLINE: STAR,
  PROGRAM_4: STAR,
  PROGRAM_5: ONEWORLD,
  PROGRAM_6: ONEWORLD,
  PROGRAM_7: ONEWORLD,
  PROGRAM_8: STAR,
};
/** Aircraft an airline has never flown (its fleet pages): the expert's counter-examples. */
const NEVER_FLOWN: Readonly<Record<string, readonly string[]>> = {
  DL: ['388', 'AT7', 'DH4', '7M8'],
  AV: ['388', '77W'],
  CX: ['738', '7M8', '320', 'AT7', 'DH4'],
  UA: ['AT7', 'DH4', '388'],
  BA: ['7M8', '738', 'AT7', 'DH4'],
  AF: ['738', '7M8', '388', 'AT7', 'DH4'],
  LH: ['738', '7M8', 'AT7', 'DH4'],
  QF: ['77W', '7M8', 'AT7'],
};

/** Searches over the programs, seeds and dates for a route, both cabins. */
function flightsOn(
  origin: string,
  destination: string,
  programs: readonly ProgramCode[] = PROGRAMS,
  seeds = SEEDS,
): ParsedFlight[] {
  const flights: ParsedFlight[] = [];
  for (const program of programs)
    for (const seed of seeds)
      for (const departureDate of DATES)
        flights.push(...generateFlights(seed, searchOf({ program, origin, destination, departureDate })));
  return flights;
}

/** Business searches of a route over the programs, seeds and dates. */
const businessOn = (origin: string, destination: string): ParsedFlight[] =>
  PROGRAMS.flatMap((program) =>
    SEEDS.slice(0, 4).flatMap((seed) =>
      DATES.flatMap((departureDate) =>
        generateFlights(seed, searchOf({ program, origin, destination, departureDate, cabinType: 'BUSINESS' })),
      ),
    ),
  );

/** Seats of each fare family per flight in a RAW answer (offers, trips and journeys structures), cheapest family first. */
function rawSeatsPerFlight(program: ProgramCode, data: unknown): number[][] {
  const block = (data as { outbound: Record<string, unknown> }).outbound;
  if (program === 'PROGRAM_2' || program === 'PROGRAM_5') {
    const byItinerary = new Map<string, number[]>();
    for (const offer of block.offers as { itineraryRef: string; seatsRemaining: number | null }[]) {
      if (offer.seatsRemaining === null) continue;
      byItinerary.set(offer.itineraryRef, [...(byItinerary.get(offer.itineraryRef) ?? []), offer.seatsRemaining]);
    }
    return [...byItinerary.values()];
  }
  const text = JSON.stringify(block);
  const perFlight: number[][] = [];
  for (const part of text.split(/"(?:fare_options|Fares)":/).slice(1)) {
    const counts = [...(part.split(']')[0] ?? '').matchAll(/"(?:seats_remaining|SeatsAvailable)":(\d+)/g)].map(
      (match) => Number(match[1]),
    );
    if (counts.length > 0) perFlight.push(counts);
  }
  return perFlight;
}

const ROUTES: readonly (readonly [string, string])[] = [
  ['GRU', 'JFK'],
  ['GRU', 'LIS'],
  ['LHR', 'JFK'],
  ['CDG', 'NRT'],
  ['MIA', 'MAD'],
  ['GRU', 'MIA'],
  ['JFK', 'FLL'],
  ['MEX', 'CUN'],
  ['IST', 'ESB'],
  ['LHR', 'DUB'],
  ['GIG', 'JFK'],
  ['ICN', 'SFO'],
  ['JFK', 'CDG'],
  ['FRA', 'JFK'],
  ['CDG', 'LHR'],
  ['ORD', 'LAX'],
  ['BSB', 'GRU'],
  ['HKG', 'LAX'],
  ['AMS', 'ATH'],
  ['LAX', 'SYD'],
];

describe('issue 32: data a domain expert accepts', () => {
  it('the ten routes the runway units mix-up cut off answer flights, and KUL-SIN is not left to turboprops', () => {
    for (const [origin, destination] of [
      ['KUL', 'LHR'],
      ['IST', 'JFK'],
      ['JFK', 'IST'],
      ['SGN', 'BKK'],
      ['BUF', 'JFK'],
      ['SKG', 'ATH'],
      ['BFS', 'LHR'],
      ['MFM', 'TPE'],
      ['SZX', 'PEK'],
      ['TLL', 'HEL'],
    ] as const) {
      expect(flightsOn(origin, destination).length, `${origin}-${destination}`).toBeGreaterThan(0);
    }
    // Metres read as feet left KUL's 4 km runway taking only a Dash 8 and TPE an ATR.
    for (const code of ['KUL', 'IST', 'TPE', 'SZX', 'SGN', 'MFM', 'TLL', 'BFS'])
      expect(airport(code)?.runwayFt, code).toBeGreaterThan(8000);
    for (const code of ['BUF', 'SKG']) expect(airport(code)?.runwayFt ?? 8000, code).toBeGreaterThanOrEqual(8000);
    const kulSin = flightsOn('KUL', 'SIN').flatMap((flight) => flight.legs);
    expect(kulSin.some((leg) => !['AT7', 'DH4'].includes(leg.equipment))).toBe(true);
  });

  it('D136: every leg is flown by a carrier that may legally fly it (no cabotage, no fifth freedom): 100 % of legs', () => {
    let legs = 0;
    const unlawful: string[] = [];
    for (const [origin, destination] of ROUTES) {
      for (const flight of flightsOn(origin, destination, PROGRAMS, SEEDS.slice(0, 4))) {
        const alliance = ALLIANCE_OF[flight.airlineLoyalty];
        for (const leg of flight.legs) {
          legs++;
          const from = airport(leg.departureAirport)?.country ?? '?';
          const to = airport(leg.arrivalAirport)?.country ?? '?';
          const home =
            OWN[leg.airlineCode] ??
            (Object.hasOwn(alliance, leg.airlineCode) ? [alliance[leg.airlineCode] as string] : []);
          // A domestic leg only by an airline of that country; an international one only to or from the airline's own country.
          if (!home.includes(from) && !home.includes(to))
            unlawful.push(
              `${flight.airlineLoyalty} ${leg.airlineCode} ${leg.flightNumber} ${leg.departureAirport}-${leg.arrivalAirport}`,
            );
        }
      }
    }
    expect(legs).toBeGreaterThan(2000);
    expect(unlawful.slice(0, 20)).toEqual([]);
  });

  it('D137: partners are members of the program alliance as it stands (no LATAM in oneworld, no Virgin Australia in SkyTeam), with aircraft their fleets have', () => {
    const wrong: string[] = [];
    const types = new Map<string, Set<string>>();
    for (const [origin, destination] of ROUTES) {
      for (const flight of flightsOn(origin, destination, PROGRAMS, SEEDS.slice(0, 4))) {
        for (const leg of flight.legs) {
          if (
            !Object.hasOwn(OWN, leg.airlineCode) &&
            !Object.hasOwn(ALLIANCE_OF[flight.airlineLoyalty], leg.airlineCode)
          )
            wrong.push(`${flight.airlineLoyalty}: ${leg.airlineCode} is no member of its alliance`);
          if (NEVER_FLOWN[leg.airlineCode]?.includes(leg.equipment))
            wrong.push(`${leg.airlineCode} ${leg.flightNumber} on a ${leg.equipment}`);
          const fleet = types.get(leg.airlineCode) ?? new Set();
          fleet.add(leg.equipment);
          types.set(leg.airlineCode, fleet);
        }
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
    // A real airline flies a handful of families, not every type from an ATR to an A380.
    for (const [carrier, fleet] of types)
      expect(fleet.size, `${carrier}: ${[...fleet].join(' ')}`).toBeLessThanOrEqual(9);
  });

  it('D138: no leg departs in the small hours (00:00-05:00 local), and none departs or lands at FRA during its 23:00-05:00 ban', () => {
    const night: string[] = [];
    for (const [origin, destination] of ROUTES) {
      for (const flight of flightsOn(origin, destination, PROGRAMS, SEEDS.slice(0, 4))) {
        for (const leg of flight.legs) {
          const departs = Number(leg.departureDate.slice(11, 13));
          const lands = Number(leg.arrivalDate.slice(11, 13));
          if (departs < 5) night.push(`${leg.departureAirport}-${leg.arrivalAirport} departs ${leg.departureDate}`);
          if (leg.departureAirport === 'FRA' && departs >= 23) night.push(`FRA departure ${leg.departureDate}`);
          if (leg.arrivalAirport === 'FRA' && (lands >= 23 || lands < 5)) night.push(`FRA arrival ${leg.arrivalDate}`);
        }
      }
    }
    expect(night.slice(0, 20)).toEqual([]);
  });

  it('D171: block times follow the winds by direction and latitude band: westbound polar and transpacific not too long, US transcontinental westbound not too short, equator-crossing routes get wind', () => {
    // Published block times in minutes (the airlines' 2025-26 timetables: BA, AA, NH, LA, QF, DL), both directions.
    const published: readonly (readonly [string, string, number])[] = [
      ['LHR', 'LAX', 675],
      ['LAX', 'LHR', 630],
      ['JFK', 'HND', 860],
      ['HND', 'JFK', 770],
      ['SCL', 'SYD', 860],
      ['SYD', 'SCL', 755],
      ['JFK', 'LAX', 385],
      ['LAX', 'JFK', 320],
      ['LAX', 'SYD', 900],
      ['SYD', 'LAX', 825],
      ['LHR', 'JFK', 490],
      ['JFK', 'LHR', 420],
    ];
    const mean = new Map<string, number>();
    const off: string[] = [];
    for (const [origin, destination, minutes] of published) {
      const blocks = flightsOn(origin, destination).flatMap((flight) =>
        flight.stops === 0 ? [flight.durationMinutes] : [],
      );
      expect(blocks.length, `${origin}-${destination} non-stops`).toBeGreaterThan(5);
      const average = blocks.reduce((sum, each) => sum + each, 0) / blocks.length;
      mean.set(`${origin}-${destination}`, average);
      // Within 40 min of the timetable on long-haul, 20 min on a US transcontinental.
      const tolerance =
        origin === 'JFK' && destination === 'LAX' ? 20 : origin === 'LAX' && destination === 'JFK' ? 20 : 40;
      if (Math.abs(average - minutes) > tolerance)
        off.push(`${origin}-${destination} ${average.toFixed(0)} min, published ${minutes}`);
    }
    expect(off).toEqual([]);
    // Across the equator the westerlies of both hemispheres still blow: LAX-SYD is the long way.
    expect((mean.get('LAX-SYD') ?? 0) - (mean.get('SYD-LAX') ?? 0)).toBeGreaterThanOrEqual(40);
  });

  it('D172: a US domestic award costs the 5.60 USD security fee in all (no carrier surcharge at home), and US carriers sell a domestic first cabin on their A319, A320 and 737-800', () => {
    /** Units of each program's currency per US dollar (D43), the expert's own copy. */
    const perUsd: Readonly<Record<ProgramCode, number>> = {
      PROGRAM_1: 5,
      PROGRAM_2: 5,
      PROGRAM_3: 5,
      PROGRAM_3_INTERLINE: 5,
      PROGRAM_4: 1,
      PROGRAM_5: 0.92,
      PROGRAM_6: 1,
      PROGRAM_7: 1,
      PROGRAM_8: 1,
    };
    const domestic = [
      ['JFK', 'LAX'],
      ['LGA', 'ORD'],
      ['LGA', 'MIA'],
      ['ATL', 'MIA'],
      ['LGA', 'ATL'],
      ['SFO', 'LAX'],
      ['BOS', 'DCA'],
    ] as const;
    const wrong: string[] = [];
    let awards = 0;
    for (const [origin, destination] of domestic) {
      for (const program of PROGRAMS)
        for (const seed of SEEDS.slice(0, 4))
          for (const departureDate of DATES)
            for (const flight of generateFlights(seed, searchOf({ program, origin, destination, departureDate }))) {
              if (
                flight.legs.some(
                  (leg) =>
                    airport(leg.departureAirport)?.country !== 'US' || airport(leg.arrivalAirport)?.country !== 'US',
                )
              )
                continue;
              for (const fare of flight.fares) {
                awards++;
                const taxes = fare.taxes / perUsd[program];
                if (Math.abs(taxes - 5.6) > 0.02)
                  wrong.push(`${program} ${origin}-${destination} ${flight.flightCode}: taxes ${taxes.toFixed(2)} USD`);
                if (program === 'PROGRAM_7' && fare.totalMoney !== fare.taxes)
                  wrong.push(`${program} ${origin}-${destination}: a fee of ${fare.fees} beside the taxes`);
              }
            }
      // First/business at home: every one of these routes sells it, on narrow-bodies too.
      expect(businessOn(origin, destination).length, `${origin}-${destination} in business`).toBeGreaterThan(0);
    }
    expect(awards).toBeGreaterThan(100);
    expect(wrong.slice(0, 10)).toEqual([]);
    const narrow = domestic
      .flatMap(([origin, destination]) => businessOn(origin, destination))
      .flatMap((flight) => flight.legs);
    expect(narrow.some((leg) => ['319', '320', '738'].includes(leg.equipment))).toBe(true);
  });

  it('D172: carrier surcharges differ by program: one GRU-LIS non-stop costs different taxes in dollars in different programs', () => {
    const perUsd: Readonly<Record<string, number>> = { BRL: 5, EUR: 0.92, USD: 1 };
    const currency: Readonly<Record<ProgramCode, string>> = {
      PROGRAM_1: 'BRL',
      PROGRAM_2: 'BRL',
      PROGRAM_3: 'BRL',
      PROGRAM_3_INTERLINE: 'BRL',
      PROGRAM_4: 'USD',
      PROGRAM_5: 'EUR',
      PROGRAM_6: 'USD',
      PROGRAM_7: 'USD',
      PROGRAM_8: 'USD',
    };
    const taxes = new Map<string, Set<string>>();
    for (const flight of flightsOn('GRU', 'LIS')) {
      if (flight.stops !== 0) continue;
      const usd = ((flight.fares[0]?.taxes ?? 0) / (perUsd[currency[flight.airlineLoyalty]] ?? 1)).toFixed(0);
      const programs = taxes.get(usd) ?? new Set();
      programs.add(flight.airlineLoyalty);
      taxes.set(usd, programs);
    }
    const programsWithNonstops = new Set([...taxes.values()].flatMap((each) => [...each]));
    expect(programsWithNonstops.size).toBeGreaterThanOrEqual(3);
    // No two programs charge the same dollars on the same non-stop.
    for (const [usd, programs] of taxes) expect(programs.size, `${usd} USD in ${[...programs].join(', ')}`).toBe(1);
  });

  it('D173: no impossible routes: no MEX-SYD non-stop nor MEX connection to SYD, nothing at Beauvais, no narrow-body beyond 5,000 km (5,500 for the 737 MAX 9) but the A321LR, no long-haul at Linate', () => {
    const wrong: string[] = [];
    const legsOf = (origin: string, destination: string) =>
      flightsOn(origin, destination, PROGRAMS, SEEDS.slice(0, 4)).flatMap((flight) => flight.legs);
    const checked = [
      ['MEX', 'SYD'],
      ['LAX', 'SYD'],
      ['GIG', 'BVA'],
      ['GRU', 'BVA'],
      ['SEN', 'JFK'],
      ['DXB', 'LHR'],
      ['JFK', 'LIS'],
      ['LIN', 'JFK'],
      ['LIN', 'GRU'],
      ...ROUTES,
    ] as const;
    // Narrow-bodies as airlines schedule them: the A321LR/XLR is the one that flies the Atlantic's long sectors.
    const narrow = new Set(['319', '320', '321', '32N', '738', '7M8', 'E90', 'E95', '221', 'AT7', 'DH4']);
    let legs = 0;
    for (const [origin, destination] of checked) {
      for (const leg of legsOf(origin, destination)) {
        legs++;
        const from = airport(leg.departureAirport);
        const to = airport(leg.arrivalAirport);
        if (!from || !to) continue;
        const km = distance(from, to);
        const name = `${leg.airlineCode} ${leg.flightNumber} ${leg.departureAirport}-${leg.arrivalAirport} ${leg.equipment}`;
        // Mexico City's 2,230 m elevation: no departure is scheduled beyond Tokyo (11,300 km).
        if ((leg.departureAirport === 'MEX' || leg.arrivalAirport === 'MEX') && km > 11_500)
          wrong.push(`${name}: hot-and-high MEX`);
        if (leg.departureAirport === 'BVA' || leg.arrivalAirport === 'BVA')
          wrong.push(`${name}: Beauvais sees low-cost carriers only`);
        // Copa's 737 MAX 9 reaches Buenos Aires and Montevideo from Panama (5,500 km); no narrow-body flies further but the A321LR.
        if ((narrow.has(leg.equipment) && km > 5_000) || (leg.equipment === '7M9' && km > 5_500))
          wrong.push(`${name}: a narrow-body on ${km.toFixed(0)} km`);
        if ((leg.departureAirport === 'LIN' || leg.arrivalAirport === 'LIN') && km > 2_500)
          wrong.push(`${name}: Linate is for European point-to-point flights`);
      }
    }
    expect(legs).toBeGreaterThan(1000);
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('D173: history expands city codes onto the same rules: MIL->NYC, NYC->MIL and PAR->RIO record no Linate long-haul leg and nothing at Beauvais', async () => {
    const mock = createFlightSearchMock({
      seed: 7,
      keys: [{ key: 'k', limit: 10, products: ['search', 'history'] }],
      now: () => Date.UTC(2026, 11, 15, 12),
    });
    const seen: string[] = [];
    for (const [origin, destination] of [
      ['MIL', 'NYC'],
      ['PAR', 'RIO'],
      ['NYC', 'MIL'],
    ]) {
      const query = new URLSearchParams({
        origin: origin as string,
        destination: destination as string,
        cabinType: 'ECONOMY',
        lookbackDays: '30',
      });
      for (const program of ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_5', 'PROGRAM_6', 'PROGRAM_7'])
        query.append('airlineLoyalty', program);
      const response = (await mock.handle(
        new Request(`https://api.flight-search.test/intelligence/flights/history?${query}`, {
          headers: { 'x-api-key': 'k' },
        }),
      ))!;
      expect(response.status).toBe(200);
      const { flights } = (await response.json()) as {
        flights: { legs?: { departureAirport: string; arrivalAirport: string }[] | null }[];
      };
      for (const record of flights)
        for (const leg of record.legs ?? []) seen.push(`${leg.departureAirport}-${leg.arrivalAirport}`);
    }
    expect(seen.length).toBeGreaterThan(20);
    // Linate connects through Europe's hubs; no leg of it leaves Europe, and none touches Beauvais.
    const european = (code: string) => airport(code)?.continent === 'EU';
    expect(
      seen.filter((pair) => pair.includes('BVA') || (pair.includes('LIN') && !pair.split('-').every(european))),
    ).toEqual([]);
  });

  it('D174: business award seats are few (most flights 1 to 4, hardly any 7 or more), and in RAW each fare family has its own count, the cheapest the fewest', () => {
    const seats: number[] = [];
    const families: string[] = [];
    let differ = 0;
    for (const [origin, destination] of ROUTES.slice(0, 8)) {
      for (const program of ['PROGRAM_2', 'PROGRAM_5', 'PROGRAM_3', 'PROGRAM_7'] as const) {
        for (const seed of SEEDS) {
          const search = searchOf({ program, origin, destination, cabinType: 'BUSINESS', responseFormat: 'RAW' });
          const flights = generateFlights(seed, search);
          for (const flight of flights) if (flight.availableSeats !== null) seats.push(flight.availableSeats);
          // Every RAW structure with a count per fare: a list of counts per flight, cheapest family first.
          const data = JSON.stringify(toRawData(search, flights, seed));
          for (const match of data.matchAll(/"(?:seatsRemaining|seats_remaining|SeatsAvailable)":(\d+|null)/g))
            families.push(match[1] as string);
          for (const flight of rawSeatsPerFlight(program, toRawData(search, flights, seed))) {
            if (flight.length > 1 && new Set(flight).size > 1) differ++;
            for (let i = 1; i < flight.length; i++)
              expect(flight[i - 1] ?? 0, `${program} ${flight.join(',')}`).toBeLessThanOrEqual(flight[i] ?? 0);
          }
        }
      }
    }
    expect(seats.length).toBeGreaterThan(200);
    expect(seats.filter((count) => count >= 7).length / seats.length).toBeLessThan(0.1);
    expect(seats.filter((count) => count <= 4).length / seats.length).toBeGreaterThan(0.6);
    expect(families.length).toBeGreaterThan(200);
    expect(differ).toBeGreaterThan(20);
  });

  it('D175: a connection from abroad onto a US flight leaves at least 90 minutes for immigration and customs', () => {
    const short: string[] = [];
    let connections = 0;
    for (const [origin, destination] of [
      ['GRU', 'LAX'],
      ['LHR', 'LAX'],
      ['CDG', 'ORD'],
      ['GRU', 'ORD'],
      ['MAD', 'LAX'],
      ['GRU', 'DEN'],
      ['LIS', 'MIA'],
      ['BOG', 'BOS'],
    ] as const) {
      for (const flight of flightsOn(origin, destination)) {
        for (let i = 1; i < flight.legs.length; i++) {
          const before = flight.legs[i - 1]!;
          const after = flight.legs[i]!;
          if (airport(after.departureAirport)?.country !== 'US' || airport(before.departureAirport)?.country === 'US')
            continue;
          connections++;
          const minutes = (Date.parse(`${after.departureDate}Z`) - Date.parse(`${before.arrivalDate}Z`)) / 60_000;
          if (minutes < 90)
            short.push(`${flight.airlineLoyalty} ${flight.flightCode} at ${after.departureAirport}: ${minutes} min`);
        }
      }
    }
    expect(connections).toBeGreaterThan(50);
    expect(short.slice(0, 10)).toEqual([]);
  });

  it('D139: a departure before now at the origin (local time) is not for sale, and later ones that day are', () => {
    let sold = 0;
    for (const seed of SEEDS) {
      for (const [origin, destination] of [
        ['HND', 'ITM'],
        ['SYD', 'MEL'],
        ['FRA', 'MUC'],
        ['DXB', 'LHR'],
        ['GRU', 'JFK'],
      ] as const) {
        for (const hour of [3, 9, 13, 17]) {
          const now = Date.UTC(2026, 11, 15, hour, 58);
          const today = localNow(origin, now).slice(0, 10);
          for (const program of PROGRAMS) {
            for (const flight of generateFlights(
              seed,
              searchOf({ program, origin, destination, departureDate: today }),
              now,
            )) {
              expect(
                flight.departureDate > localNow(origin, now),
                `${program} ${flight.flightCode} ${flight.departureDate}`,
              ).toBe(true);
              sold++;
            }
          }
        }
      }
    }
    expect(sold).toBeGreaterThan(100);
  });
});

describe('issue 32 item 10: flight numbers', () => {
  it('D179: on one mock, a flight number of a carrier is one flight a day: never two routes (P7 435 flew ORD-LAX and CDG-JFK), nor one route at two times', {
    timeout: 120_000,
  }, async () => {
    const routes = [
      ['ORD', 'LAX'],
      ['CDG', 'JFK'],
      ['GRU', 'JFK'],
      ['LHR', 'JFK'],
      ['MIA', 'MAD'],
      ['GRU', 'LIS'],
      ['CDG', 'NRT'],
      ['JFK', 'LAX'],
      ['LAX', 'ORD'],
      ['JFK', 'CDG'],
      ['ATL', 'MIA'],
      ['DFW', 'LHR'],
      ['BOS', 'DCA'],
      ['GRU', 'MIA'],
      ['JFK', 'FLL'],
      ['EWR', 'SFO'],
      ['IAH', 'MEX'],
      ['ORD', 'FRA'],
      ['SCL', 'LIM'],
      ['BOG', 'MIA'],
      ['DXB', 'LHR'],
      ['HKG', 'LAX'],
      ['SIN', 'SYD'],
      ['JNB', 'LHR'],
      ['YYZ', 'LAX'],
      ['DEN', 'ORD'],
      ['LIS', 'MAD'],
      ['AMS', 'ATH'],
      ['GIG', 'JFK'],
      ['BSB', 'GRU'],
      ['MEX', 'CUN'],
      ['IST', 'ESB'],
    ] as const;
    const mock = createFlightSearchMock({
      seed: 11,
      keys: [{ key: 'k', limit: 1_000_000, products: ['search'] }],
      now: () => Date.UTC(2026, 10, 20, 12),
    });
    // Carrier, number and local date of departure -> the flights (route and departure time) it names that day.
    const flightsOf = new Map<string, Set<string>>();
    let legs = 0;
    for (const [origin, destination] of routes)
      for (const program of PROGRAMS)
        for (const cabinType of ['ECONOMY', 'BUSINESS'] as const)
          for (const departureDate of DATES.slice(0, 3)) {
            const response = (await mock.handle(
              new Request('https://api.flight-search.test/flights/search', {
                method: 'POST',
                headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
                body: JSON.stringify({
                  airlineLoyalty: [program],
                  // PROGRAM_8 sells cash fares only.
                  priceType: program === 'PROGRAM_8' ? 'CASH' : 'MILES',
                  tripType: 'ONE_WAY',
                  cabinType,
                  origin,
                  destination,
                  departureDate,
                  passengers: { adults: 1 },
                  responseFormat: 'PARSED',
                }),
              }),
            ))!;
            expect(response.status).toBe(200);
            const { results } = (await response.json()) as { results: { flights?: ParsedFlight[] }[] };
            for (const flight of results[0]?.flights ?? [])
              for (const leg of flight.legs) {
                legs++;
                const key = `${leg.airlineCode} ${leg.flightNumber} on ${leg.departureDate.slice(0, 10)}`;
                const seen = flightsOf.get(key) ?? new Set();
                seen.add(`${leg.departureAirport}-${leg.arrivalAirport} ${leg.departureDate.slice(11, 16)}`);
                flightsOf.set(key, seen);
              }
          }
    const reused = [...flightsOf]
      .filter(([, seen]) => seen.size > 1)
      .map(([key, seen]) => `${key}: ${[...seen].join(' and ')}`);
    expect(legs).toBeGreaterThan(4000);
    expect(flightsOf.size).toBeGreaterThan(1000);
    expect(reused.slice(0, 20)).toEqual([]);
  });

  it('D179: between two hubs the numbering is one to one: under any seed, every route a carrier may fly between the 42 hubs gets four numbers of three or four digits no other route of it has', () => {
    const hubs = [...new Set([...WORLD_HUBS, ...Object.values(PROFILES).flatMap((profile) => profile.hubs)])];
    expect(hubs.length).toBe(42);
    const homeOf = new Map<string, readonly string[]>(Object.entries(OWN));
    for (const members of [STAR, ONEWORLD, SKYTEAM])
      for (const [code, country] of Object.entries(members)) homeOf.set(code, [country]);
    const wrong: string[] = [];
    let numbered = 0;
    for (const seed of [0, 11, 12_345, 2 ** 31 - 1]) {
      for (const [carrier, home] of homeOf) {
        const taken = new Map<number, string>();
        for (const from of hubs)
          for (const to of hubs) {
            if (
              from === to ||
              !(home.includes(airport(from)?.country ?? '?') || home.includes(airport(to)?.country ?? '?'))
            )
              continue;
            for (let k = 0; k < 4; k++) {
              const number = flightNumber(seed, carrier, from, to, k);
              numbered++;
              if (!Number.isInteger(number) || number < 100 || number > 9999)
                wrong.push(`${carrier} ${number} on seed ${seed}: ${from}-${to}`);
              const other = taken.get(number);
              if (other) wrong.push(`${carrier} ${number} on seed ${seed}: ${other} and ${from}-${to}`);
              taken.set(number, `${from}-${to}`);
            }
          }
      }
    }
    expect(numbered).toBeGreaterThan(50_000);
    expect(wrong.slice(0, 20)).toEqual([]);
  });
});
