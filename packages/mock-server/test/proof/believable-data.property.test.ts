// Issue 18, part 1: data a domain expert would accept. Each point is a
// decision of docs/decisions.md (D38..D44) checked as an invariant over
// many seeded requests: generated flights straight from the data module
// (fast, thousands of cases) and whole answers through `mock.handle`.
// The facts the checks rely on (airport limits, all-economy aircraft types,
// program currencies, reference rates) are written out here rather than
// imported, so a test states the decision instead of repeating the code.
import type { CabinType, HistoryRecord, MilesProgram, ParsedFlight, ProgramCode } from '@flight-search/sdk';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { airport, generateFlights, toRawData } from '../../src/data/index.js';
import { distanceKm } from '../../src/data/airports/index.js';
import { offsetMinutes } from '../../src/data/time/index.js';
import { PROGRAMS } from '../../src/data/flights/programs.js';
import { ALLIANCES } from '../../src/data/generated/carriers.js';
import { createFlightSearchMock } from '../../src/index.js';
import type { NormalizedSearch } from '../../src/data/types.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const KEY = 'believable-key';
const MILES: readonly MilesProgram[] = [
  'PROGRAM_1',
  'PROGRAM_2',
  'PROGRAM_3',
  'PROGRAM_3_INTERLINE',
  'PROGRAM_4',
  'PROGRAM_5',
  'PROGRAM_6',
  'PROGRAM_7',
];
const CASH: readonly ProgramCode[] = ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_8'];
const DAY = 86_400_000;

/** Airports with rules of their own, their neighbours, and big hubs of every continent. */
const AIRPORTS = [
  'CGH',
  'SDU',
  'LGA',
  'DCA',
  'LCY',
  'GRU',
  'GIG',
  'VCP',
  'BSB',
  'POA',
  'JFK',
  'EWR',
  'DEN',
  'ORD',
  'ATL',
  'MIA',
  'BOS',
  'YYZ',
  'LAX',
  'LHR',
  'CDG',
  'AMS',
  'DUB',
  'MAD',
  'LIS',
  'FRA',
  'MEX',
  'EZE',
  'SCL',
  'LIM',
  'DXB',
  'NRT',
  'SYD',
  'SIN',
  'JNB',
] as const;

const program = fc.constantFrom(...MILES);
const cabin = fc.constantFrom<CabinType>('ECONOMY', 'BUSINESS');
const seed = fc.integer({ min: 0, max: 2 ** 31 - 1 });
/** Departure dates from today to a year ahead, as `YYYY-MM-DD`. */
const futureDate = fc
  .integer({ min: 1, max: 365 })
  .map((days) => new Date(NOW + days * DAY).toISOString().slice(0, 10));
const route = fc
  .tuple(fc.constantFrom(...AIRPORTS), fc.constantFrom(...AIRPORTS))
  .filter(([origin, destination]) => origin !== destination);

const searchOf = (fields: Partial<NormalizedSearch>): NormalizedSearch => ({
  program: 'PROGRAM_1',
  priceType: 'MILES',
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15',
  passengers: { adults: 1, children: 0, infants: 0 },
  responseFormat: 'PARSED',
  ...fields,
});

const km = (from: string, to: string): number => distanceKm(airport(from)!, airport(to)!);

// --- D39: what each airport allows -----------------------------------------------------------
/** Domestic-only airports (ANAC/CONAC): CGH and SDU take no international itinerary. */
const DOMESTIC_ONLY = new Set(['CGH', 'SDU']);
/** LaGuardia's perimeter: 1,500 statute miles (2,414 km), Denver exempt. */
const LGA_PERIMETER_KM = 2414;
/** Washington National's perimeter: 1,250 statute miles (2,012 km), a few western cities exempt. */
const DCA_PERIMETER_KM = 2012;
const DCA_EXEMPT = new Set(['LAX', 'SFO', 'SEA', 'PHX', 'LAS', 'DEN', 'SLC', 'PDX', 'SAN', 'AUS', 'SJU']);
/** Aircraft approved for London City's steep approach. */
const LCY_TYPES = new Set(['E70', 'E75', 'E90', '221', 'AT7', 'DH4']);
/** Wide-bodies: none of them fits a runway under 7,500 ft. */
const WIDEBODIES = new Set(['763', '788', '332', '333', '781', '789', '359', '77W', '388']);

/** Every way a flight breaks an airport's rules (D39), as readable lines. */
function airportViolations(
  flight: Pick<ParsedFlight, 'origin' | 'destination'> & {
    legs?: readonly { departureAirport: string; arrivalAirport: string; equipment: string }[];
  },
): string[] {
  const problems: string[] = [];
  const country = (code: string): string | undefined => airport(code)?.country;
  for (const end of [flight.origin, flight.destination]) {
    if (DOMESTIC_ONLY.has(end) && country(flight.origin) !== country(flight.destination))
      problems.push(`international itinerary at ${end}: ${flight.origin}-${flight.destination}`);
  }
  for (const leg of flight.legs ?? []) {
    const { departureAirport: from, arrivalAirport: to, equipment } = leg;
    for (const [here, there] of [
      [from, to],
      [to, from],
    ] as const) {
      if (DOMESTIC_ONLY.has(here) && country(here) !== country(there))
        problems.push(`international leg at ${here}: ${from}-${to}`);
      if (here === 'LGA' && there !== 'DEN' && km(from, to) > LGA_PERIMETER_KM)
        problems.push(`LGA beyond its perimeter: ${from}-${to} ${Math.round(km(from, to))} km`);
      if (here === 'DCA' && !DCA_EXEMPT.has(there) && km(from, to) > DCA_PERIMETER_KM)
        problems.push(`DCA beyond its perimeter: ${from}-${to} ${Math.round(km(from, to))} km`);
      if (here === 'LCY' && !LCY_TYPES.has(equipment)) problems.push(`${equipment} at London City: ${from}-${to}`);
      const runway = (airport(here) as { runwayFt?: number } | undefined)?.runwayFt;
      if (WIDEBODIES.has(equipment) && (runway === undefined ? here === 'SDU' || here === 'LCY' : runway < 7500))
        problems.push(`${equipment} on ${here}'s runway`);
    }
  }
  return problems;
}

// --- D40: cabins per aircraft type -------------------------------------------------------------
/** Types flown all-economy (regional turboprops and E-jets; A319, A320 and 737-800 as Brazil's domestic airlines fit them). */
const ECONOMY_ONLY = new Set(['AT7', 'DH4', 'E90', 'E95', '319', '320', '738']);
/** Airlines of the Americas that fit a domestic first cabin on the A319, A320 and 737-800 (D172). */
const FIRST_ON_NARROW_BODIES = new Set(['AA', 'UA', 'DL', 'AS', 'P7', 'AC', 'AM', 'CM', 'P4']);
const economyOnly = (equipment: string, carrier: string): boolean =>
  ECONOMY_ONLY.has(equipment) && !(FIRST_ON_NARROW_BODIES.has(carrier) && ['319', '320', '738'].includes(equipment));

// --- D43: currencies and reference rates ---------------------------------------------------------
const CURRENCY: Readonly<Record<ProgramCode, 'BRL' | 'USD' | 'EUR'>> = {
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
const PER_USD = { USD: 1, EUR: 0.92, BRL: 5 } as const;
const usd = (programCode: ProgramCode, amount: number): number => amount / PER_USD[CURRENCY[programCode]];

describe('D38: a departure date before today at the origin sells nothing', { timeout: 120_000 }, () => {
  const past = fc.integer({ min: 1, max: 3000 }).map((days) => new Date(NOW - days * DAY).toISOString().slice(0, 10));
  const searchBody = fc.record({
    priceType: fc.constantFrom('MILES', 'CASH'),
    milesProgram: program,
    cashProgram: fc.constantFrom(...CASH),
    tripType: fc.constantFrom('ONE_WAY', 'ROUND_TRIP'),
    cabinType: cabin,
    route,
    departureDate: past,
    returnDays: fc.integer({ min: 1, max: 20 }),
    responseFormat: fc.constantFrom('PARSED', 'RAW'),
  });

  it('answers an empty success (flights [] / the provider answer with no flights) and still consumes the search (QUOTA-1)', async () => {
    const mock = createFlightSearchMock({
      seed: 7,
      keys: [{ key: KEY, limit: 1_000_000, products: ['search', 'history'] }],
      now: () => NOW,
    });
    const consumed = async (): Promise<number> =>
      (
        (await (await mock.handle(
          new Request('https://api.flight-search.test/quota', { headers: { 'x-api-key': KEY } }),
        ))!.json()) as { consumed: number }
      ).consumed;
    await fc.assert(
      fc.asyncProperty(searchBody, async (body) => {
        const airline = body.priceType === 'MILES' ? body.milesProgram : body.cashProgram;
        const returnDate = new Date(Date.parse(body.departureDate) + body.returnDays * DAY).toISOString().slice(0, 10);
        const request = {
          airlineLoyalty: [airline],
          priceType: body.priceType,
          tripType: body.tripType,
          cabinType: body.cabinType,
          origin: body.route[0],
          destination: body.route[1],
          departureDate: body.departureDate,
          ...(body.tripType === 'ROUND_TRIP' ? { returnDate } : {}),
          passengers: { adults: 1 },
          responseFormat: body.responseFormat,
        };
        const before = await consumed();
        const response = (await mock.handle(
          new Request('https://api.flight-search.test/flights/search', {
            method: 'POST',
            headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
            body: JSON.stringify(request),
          }),
        ))!;
        expect(response.status).toBe(200);
        const answer = (await response.json()) as {
          results: { success: boolean; flights?: unknown[]; data?: unknown }[];
        };
        const [item] = answer.results;
        expect(item?.success).toBe(true);
        const search = searchOf({
          program: airline,
          priceType: body.priceType,
          tripType: body.tripType,
          cabinType: body.cabinType,
          origin: body.route[0],
          destination: body.route[1],
          departureDate: body.departureDate,
          ...(body.tripType === 'ROUND_TRIP' ? { returnDate } : {}),
          responseFormat: body.responseFormat,
        });
        if (body.responseFormat === 'PARSED') expect(item?.flights).toEqual([]);
        else expect(item?.data).toEqual(JSON.parse(JSON.stringify(toRawData(search, [], 7))));
        expect((await consumed()) - before).toBe(body.tripType === 'ROUND_TRIP' ? 2 : 1);
      }),
      { numRuns: 300 },
    );
  });

  it('still sells today at the origin, in its own zone: Tokyo is already on the next day when New York is not', () => {
    // 2026-11-23T20:00Z: 15:00 on the 23rd in New York, 05:00 on the 24th in Tokyo.
    const at = Date.parse('2026-11-23T20:00:00Z');
    const today = (origin: string, destination: string, date: string) =>
      generateFlights(42, searchOf({ program: 'PROGRAM_7', origin, destination, departureDate: date }), at);
    expect(today('JFK', 'LAX', '2026-11-23').length).toBeGreaterThan(0);
    expect(today('NRT', 'LAX', '2026-11-23')).toEqual([]);
    expect(today('NRT', 'LAX', '2026-11-24').length).toBeGreaterThan(0);
  });
});

describe('D39: routes only where the airports allow them', { timeout: 120_000 }, () => {
  it('no domestic-only airport on an international itinerary, no LGA or DCA non-stop beyond its perimeter, only approved aircraft at LCY, no wide-body on a short runway', () => {
    fc.assert(
      fc.property(seed, program, cabin, route, futureDate, (s, p, c, [origin, destination], date) => {
        for (const flight of generateFlights(
          s,
          searchOf({ program: p, cabinType: c, origin, destination, departureDate: date }),
          NOW,
        )) {
          expect(airportViolations(flight), `${p} ${flight.flightCode}`).toEqual([]);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("the issue's examples are gone: CGH-MIA and SDU-CDG sell nothing, GIG-LCY and GRU-LGA only connect", () => {
    for (let s = 0; s < 20; s++) {
      for (const p of MILES) {
        const flights = (origin: string, destination: string) =>
          generateFlights(s, searchOf({ program: p, origin, destination }), NOW);
        expect(flights('CGH', 'MIA')).toEqual([]);
        expect(flights('SDU', 'CDG')).toEqual([]);
        expect(flights('GIG', 'LCY').filter((flight) => flight.stops === 0)).toEqual([]);
        expect(flights('GRU', 'LGA').filter((flight) => flight.stops === 0)).toEqual([]);
      }
    }
  });

  it('HISTORY-1: a city-code history answers only airport pairs and aircraft the airports allow', async () => {
    const cities = fc.constantFrom('SAO', 'RIO', 'NYC', 'LON', 'PAR', 'WAS');
    await fc.assert(
      fc.asyncProperty(
        seed,
        cities,
        cities,
        fc.subarray([...MILES], { minLength: 1, maxLength: 3 }),
        cabin,
        async (s, origin, destination, programs, c) => {
          fc.pre(origin !== destination);
          const mock = createFlightSearchMock({
            seed: s,
            keys: [{ key: KEY, limit: 10, products: ['search', 'history'] }],
            now: () => NOW,
          });
          const query = new URLSearchParams({ origin, destination, cabinType: c, lookbackDays: '30' });
          for (const p of programs) query.append('airlineLoyalty', p);
          const response = (await mock.handle(
            new Request(`https://api.flight-search.test/intelligence/flights/history?${query}`, {
              headers: { 'x-api-key': KEY },
            }),
          ))!;
          const body = (await response.json()) as { flights: HistoryRecord[] };
          for (const record of body.flights)
            expect(airportViolations(record), `${record.airlineLoyalty} ${record.flightCode}`).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('D40: cabins only on aircraft that have them', { timeout: 120_000 }, () => {
  it('no BUSINESS leg on an all-economy type, in searches and in history', () => {
    fc.assert(
      fc.property(seed, program, route, futureDate, (s, p, [origin, destination], date) => {
        for (const flight of generateFlights(
          s,
          searchOf({ program: p, cabinType: 'BUSINESS', origin, destination, departureDate: date }),
          NOW,
        )) {
          for (const leg of flight.legs)
            expect(economyOnly(leg.equipment, leg.airlineCode), `${p} ${flight.flightCode} ${leg.equipment}`).toBe(
              false,
            );
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('short domestic hops keep their business flights only on types that have the cabin (GRU-GIG, POA-GRU)', async () => {
    const mock = createFlightSearchMock({
      keys: [{ key: KEY, limit: 10, products: ['search', 'history'] }],
      now: () => NOW,
    });
    for (const [origin, destination] of [
      ['GRU', 'GIG'],
      ['POA', 'GRU'],
      ['GRU', 'BSB'],
    ]) {
      const query = new URLSearchParams({
        origin: origin!,
        destination: destination!,
        cabinType: 'BUSINESS',
        lookbackDays: '30',
      });
      for (const p of MILES) query.append('airlineLoyalty', p);
      const response = (await mock.handle(
        new Request(`https://api.flight-search.test/intelligence/flights/history?${query}`, {
          headers: { 'x-api-key': KEY },
        }),
      ))!;
      const { flights } = (await response.json()) as { flights: HistoryRecord[] };
      for (const record of flights)
        for (const leg of record.legs ?? [])
          expect(economyOnly(leg.equipment, leg.airlineCode), `${record.flightCode} ${leg.equipment}`).toBe(false);
    }
  });
});

describe('D41: wind', { timeout: 120_000 }, () => {
  /** Minutes between two local `YYYY-MM-DDTHH:mm:ss` clocks. */
  const clockMinutes = (from: string, to: string): number => (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000;

  it('westbound LHR-JFK non-stops take 60-90 min longer than eastbound JFK-LHR on average, every westbound longer than every eastbound', () => {
    fc.assert(
      fc.property(seed, program, futureDate, (s, p, date) => {
        const nonstops = (origin: string, destination: string) =>
          [0, 1, 2, 3, 4, 5, 6]
            .flatMap((day) =>
              generateFlights(s + day, searchOf({ program: p, origin, destination, departureDate: date }), NOW),
            )
            .filter((flight) => flight.stops === 0);
        const west = nonstops('LHR', 'JFK').map((flight) => flight.durationMinutes);
        const east = nonstops('JFK', 'LHR').map((flight) => flight.durationMinutes);
        fc.pre(west.length > 0 && east.length > 0);
        expect(Math.min(...west)).toBeGreaterThan(Math.max(...east));
        const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
        const difference = mean(west) - mean(east);
        expect(difference).toBeGreaterThanOrEqual(60);
        expect(difference).toBeLessThanOrEqual(90);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps local arrival - local departure = duration through the zones, and block speeds of 450-900 km/h on legs over 1,000 km (D171)', () => {
    fc.assert(
      fc.property(seed, program, cabin, route, futureDate, (s, p, c, [origin, destination], date) => {
        for (const flight of generateFlights(
          s,
          searchOf({ program: p, cabinType: c, origin, destination, departureDate: date }),
          NOW,
        )) {
          for (const leg of flight.legs) {
            const from = airport(leg.departureAirport)!;
            const to = airport(leg.arrivalAirport)!;
            // The instants whose wall clock at the origin reads the departure time (two in the hour clocks go back).
            const wall = Date.parse(`${leg.departureDate}Z`);
            const instants = [-15, -12, -9, -6, -3, 0, 3, 6, 9, 12, 15]
              .map((hours) => wall - offsetMinutes(from.timeZone, wall + hours * 3_600_000) * 60_000)
              .filter((utc) => utc + offsetMinutes(from.timeZone, utc) * 60_000 === wall);
            const consistent = instants.some((departureUtc) => {
              const arrivalUtc = departureUtc + leg.durationMinutes * 60_000;
              return (
                clockMinutes(leg.departureDate, leg.arrivalDate) ===
                leg.durationMinutes +
                  offsetMinutes(to.timeZone, arrivalUtc) -
                  offsetMinutes(from.timeZone, departureUtc)
              );
            });
            expect(
              consistent,
              `${leg.departureAirport} ${leg.departureDate} - ${leg.arrivalAirport} ${leg.arrivalDate}, ${leg.durationMinutes} min`,
            ).toBe(true);
            const legKm = distanceKm(from, to);
            if (legKm > 1000) {
              const speed = legKm / (leg.durationMinutes / 60);
              expect(speed).toBeGreaterThanOrEqual(450);
              expect(speed).toBeLessThanOrEqual(900);
            }
          }
          expect(flight.stops).toBe(flight.legs.length - 1);
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe('D42: partner-operated legs', { timeout: 120_000 }, () => {
  it("D136: a leg away from the program's home countries is operated by an alliance partner based at one of its ends, under the partner's code; one that touches them by the program's airline", () => {
    fc.assert(
      fc.property(seed, program, cabin, route, futureDate, (s, p, c, [origin, destination], date) => {
        const profile = PROGRAMS[p];
        for (const flight of generateFlights(
          s,
          searchOf({ program: p, cabinType: c, origin, destination, departureDate: date }),
          NOW,
        )) {
          for (const leg of flight.legs) {
            const countries = [leg.departureAirport, leg.arrivalAirport].map((code) => airport(code)!.country);
            const touchesHome = countries.some((country) => profile.home.includes(country));
            if (touchesHome) expect(leg.airlineCode, `${p} ${flight.flightCode}`).toBe(profile.carrier);
            else {
              const partner = ALLIANCES[profile.alliance].find((member) => member.code === leg.airlineCode);
              expect(countries, `${p} ${flight.flightCode}`).toContain(partner?.country);
            }
          }
          expect(flight.flightCode).toBe(flight.legs.map((leg) => `${leg.airlineCode} ${leg.flightNumber}`).join(', '));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('PROGRAM_2 MEX-SYD and PROGRAM_3 FLL-NRT are flown by partners on the legs its airline does not fly', () => {
    for (let s = 0; s < 10; s++) {
      const legs = [
        ...generateFlights(s, searchOf({ program: 'PROGRAM_2', origin: 'MEX', destination: 'SYD' }), NOW),
        ...generateFlights(s, searchOf({ program: 'PROGRAM_3', origin: 'FLL', destination: 'NRT' }), NOW),
      ].flatMap((flight) => flight.legs.filter((leg) => leg.departureAirport !== 'FLL'));
      for (const leg of legs) expect(['P2', 'P3']).not.toContain(leg.airlineCode);
    }
  });
});

describe("D43: taxes and fees by departure country, cabin and the program's currency", { timeout: 120_000 }, () => {
  /** Taxes of one adult per flight code (a search of one adult: the fare's `taxes`). */
  const taxes = (
    s: number,
    p: ProgramCode,
    c: CabinType,
    origin: string,
    destination: string,
    date: string,
    priceType: 'MILES' | 'CASH' = 'MILES',
  ) =>
    new Map(
      generateFlights(
        s,
        searchOf({ program: p, priceType, cabinType: c, origin, destination, departureDate: date }),
        NOW,
      ).map((flight) => [flight.flightCode, flight.fares[0]!.taxes]),
    );

  it('the same route costs about the same taxes in dollars in every program, whatever its currency (GRU-LIS in BRL, EUR and USD)', () => {
    fc.assert(
      fc.property(
        seed,
        futureDate,
        fc.constantFrom(['GRU', 'LIS'], ['GRU', 'JFK'], ['LHR', 'GRU'], ['MAD', 'MIA']),
        (s, date, [origin, destination]) => {
          const perProgram = MILES.map((p) =>
            [...taxes(s, p, 'ECONOMY', origin!, destination!, date).values()].map((amount) => usd(p, amount)),
          ).filter((list) => list.length > 0);
          fc.pre(perProgram.length > 1);
          const all = perProgram.flat();
          // Itineraries differ (a connection pays a second departure), so a band, not equality.
          expect(Math.max(...all) / Math.min(...all)).toBeLessThan(3);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a departure from the UK pays its premium-cabin duty: LHR-GRU business taxes are well above GRU-LHR economy and LHR-GRU economy', () => {
    fc.assert(
      fc.property(seed, program, futureDate, (s, p, date) => {
        const lhrBusiness = [...taxes(s, p, 'BUSINESS', 'LHR', 'GRU', date).values()];
        const lhrEconomy = [...taxes(s, p, 'ECONOMY', 'LHR', 'GRU', date).values()];
        const gruEconomy = [...taxes(s, p, 'ECONOMY', 'GRU', 'LHR', date).values()];
        fc.pre(lhrBusiness.length > 0 && lhrEconomy.length > 0 && gruEconomy.length > 0);
        expect(Math.min(...lhrBusiness)).toBeGreaterThan(1.5 * Math.max(...gruEconomy));
        expect(Math.min(...lhrBusiness)).toBeGreaterThan(1.5 * Math.max(...lhrEconomy));
      }),
      { numRuns: 200 },
    );
  });

  it('cash fares compare across programs in one currency model: the same route priced in BRL and USD is within 2x in dollars', () => {
    fc.assert(
      fc.property(
        seed,
        futureDate,
        cabin,
        fc.constantFrom(['GRU', 'LIS'], ['GRU', 'MIA'], ['GIG', 'JFK'], ['GRU', 'GIG']),
        (s, date, c, [origin, destination]) => {
          const cheapest = (p: ProgramCode) => {
            const flights = generateFlights(
              s,
              searchOf({ program: p, priceType: 'CASH', cabinType: c, origin, destination, departureDate: date }),
              NOW,
            );
            return flights.length
              ? Math.min(...flights.flatMap((flight) => flight.fares.map((fare) => usd(p, fare.money))))
              : undefined;
          };
          const prices = CASH.map(cheapest).filter((price): price is number => price !== undefined);
          fc.pre(prices.length > 1);
          expect(Math.max(...prices) / Math.min(...prices)).toBeLessThan(2);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a client learns each program's currency from openapi.yaml (x-program-currencies), and RAW answers name the same one", () => {
    const document = parse(
      readFileSync(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)), 'utf8'),
    ) as {
      'x-program-currencies': Record<string, string>;
    };
    expect(document['x-program-currencies']).toEqual(CURRENCY);
    for (const p of Object.keys(CURRENCY) as ProgramCode[]) {
      const priceType = MILES.includes(p as MilesProgram) ? 'MILES' : 'CASH';
      const search = searchOf({ program: p, priceType, responseFormat: 'RAW', origin: 'GRU', destination: 'LIS' });
      const text = JSON.stringify(toRawData(search, generateFlights(1, search, NOW), 1));
      const named = new Set(
        [...text.matchAll(/"(?:currency|Currency|currency_code)":"([A-Z]{3})"/g)].map((match) => match[1]),
      );
      expect([...named], p).toEqual([CURRENCY[p]]);
    }
  });
});

describe('D44: history volume of a real collector', { timeout: 120_000 }, () => {
  const historyOf = async (
    s: number,
    origin: string,
    destination: string,
    programs: readonly string[],
    cabinType: CabinType = 'ECONOMY',
  ) => {
    const mock = createFlightSearchMock({
      seed: s,
      keys: [{ key: KEY, limit: 10, products: ['search', 'history'] }],
      now: () => NOW,
    });
    const query = new URLSearchParams({ origin, destination, cabinType, lookbackDays: '30' });
    for (const p of programs) query.append('airlineLoyalty', p);
    const response = (await mock.handle(
      new Request(`https://api.flight-search.test/intelligence/flights/history?${query}`, {
        headers: { 'x-api-key': KEY },
      }),
    ))!;
    return response.text();
  };

  it('at most one record per route, program and cabin every 3 days, the same bytes for the same seed', async () => {
    const cities = fc.constantFrom('SAO', 'NYC', 'LON', 'GRU', 'JFK', 'LHR', 'MIA', 'LIS', 'GIG');
    await fc.assert(
      fc.asyncProperty(
        seed,
        cities,
        cities,
        fc.subarray([...MILES], { minLength: 1, maxLength: 4 }),
        cabin,
        async (s, origin, destination, programs, c) => {
          fc.pre(origin !== destination);
          const text = await historyOf(s, origin, destination, programs, c);
          expect(await historyOf(s, origin, destination, programs, c)).toBe(text);
          const series = new Map<string, number[]>();
          for (const record of (JSON.parse(text) as { flights: HistoryRecord[] }).flights) {
            // One series per departure date: a visit records a calendar of dates (D101), each date once.
            const key = `${record.origin}-${record.destination} ${record.airlineLoyalty} ${record.cabinType} ${record.departureDate.slice(0, 10)}`;
            series.set(key, [...(series.get(key) ?? []), Date.parse(record.createdAt)]);
          }
          for (const [key, times] of series) {
            expect(times.length, key).toBeLessThanOrEqual(10);
            const sorted = [...new Set(times)].sort((a, b) => a - b);
            expect(sorted.length, key).toBe(times.length);
            for (let i = 1; i < sorted.length; i++)
              expect(sorted[i]! - sorted[i - 1]!, key).toBeGreaterThanOrEqual(3 * DAY);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('D101: each visit records a calendar of 3 departure dates a week apart, so a departure date is seen up to 7 times', async () => {
    const cities = fc.constantFrom('SAO', 'NYC', 'LON', 'GRU', 'JFK', 'LHR', 'MIA', 'LIS', 'GIG');
    await fc.assert(
      fc.asyncProperty(
        seed,
        cities,
        cities,
        fc.subarray([...MILES], { minLength: 1, maxLength: 4 }),
        cabin,
        async (s, origin, destination, programs, c) => {
          fc.pre(origin !== destination);
          const visits = new Map<string, Set<string>>();
          const points = new Map<string, number>();
          for (const record of (
            JSON.parse(await historyOf(s, origin, destination, programs, c)) as { flights: HistoryRecord[] }
          ).flights) {
            const series = `${record.origin}-${record.destination} ${record.airlineLoyalty} ${record.cabinType}`;
            const date = record.departureDate.slice(0, 10);
            visits.set(
              `${series} ${record.createdAt}`,
              (visits.get(`${series} ${record.createdAt}`) ?? new Set()).add(date),
            );
            points.set(`${series} ${date}`, (points.get(`${series} ${date}`) ?? 0) + 1);
          }
          for (const [visit, dates] of visits) {
            const days = [...dates].sort().map((date) => Date.parse(date) / DAY);
            expect(days.length, visit).toBe(3);
            expect(days[1]! - days[0]!, visit).toBe(7);
            expect(days[2]! - days[1]!, visit).toBe(7);
          }
          if (points.size > 0) expect(Math.max(...points.values())).toBeGreaterThanOrEqual(5);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('SAO->NYC, 7 programs, 30 days answers well under 1 MB (12.5 MB before)', async () => {
    const text = await historyOf(
      0,
      'SAO',
      'NYC',
      MILES.filter((p) => p !== 'PROGRAM_3_INTERLINE'),
    );
    const bytes = new TextEncoder().encode(text).length;
    expect(bytes).toBeLessThan(600_000);
    expect((JSON.parse(text) as { total: number }).total).toBeGreaterThan(100);
  });
});
