import type { ParsedFlight } from '@flight-search/contract';
import { describe, expect, it } from 'vitest';
import { contractErrors, searchOf } from '../../../test/support/data-contract.js';
import { generateFlights } from './index.js';
import { PROGRAMS } from './programs.js';
import { ALLIANCES } from '../generated/carriers.js';

const minutesBetweenLocal = (from: string, to: string): number =>
  (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000;
const cheapestMiles = (flights: ParsedFlight[]): number =>
  Math.min(...flights.flatMap((flight) => flight.fares.map((fare) => fare.miles)));

describe('generateFlights', () => {
  it('gives the same flights, ids included, for the same seed and search', () => {
    const search = searchOf({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29' });
    const flights = generateFlights(42, search);
    expect(flights.length).toBeGreaterThan(0);
    expect(generateFlights(42, search)).toEqual(flights);
    expect(new Set(flights.map((flight) => flight.id)).size).toBe(flights.length);
  });

  it('gives other flights for another seed', () => {
    const search = searchOf();
    expect(generateFlights(1, search).map((flight) => flight.id)).not.toEqual(
      generateFlights(2, search).map((flight) => flight.id),
    );
  });

  it('D8: on the last days the contract can write (9999-12-31) keeps only flights that land by 9999-12-31T23:59, every time in the contract', () => {
    for (const [origin, destination] of [
      ['GRU', 'CDG'],
      ['LAX', 'SYD'],
      ['JFK', 'LHR'],
    ] as const) {
      const search = searchOf({
        origin,
        destination,
        departureDate: '9999-12-30',
        tripType: 'ROUND_TRIP',
        returnDate: '9999-12-31',
      });
      const flights = generateFlights(42, search);
      for (const flight of flights) {
        expect(contractErrors('ParsedFlight', flight), `${origin}-${destination} ${flight.flightCode}`).toEqual([]);
        for (const time of [flight.arrivalDate, ...flight.legs.flatMap((leg) => [leg.departureDate, leg.arrivalDate])])
          expect(time <= '9999-12-31T23:59:59').toBe(true);
      }
      // The day before still has its flights, only those that would land in year 10000 are gone
      // (LAX-SYD's one outbound flight of that day lands two days later).
      expect(flights.some((flight) => flight.direction === 'OUTBOUND')).toBe(origin !== 'LAX');
    }
  });

  it('returns [] for an airport the data set does not have', () => {
    expect(generateFlights(42, searchOf({ origin: 'ZZZ' }))).toEqual([]);
    expect(generateFlights(42, searchOf({ destination: 'ZZZ' }))).toEqual([]);
  });

  it('makes flights that validate against ParsedFlight of openapi.yaml, for every program, price type and cabin', () => {
    const cases = [
      ...(
        [
          'PROGRAM_1',
          'PROGRAM_2',
          'PROGRAM_3',
          'PROGRAM_3_INTERLINE',
          'PROGRAM_4',
          'PROGRAM_5',
          'PROGRAM_6',
          'PROGRAM_7',
        ] as const
      ).map((program) => ({
        program,
        priceType: 'MILES' as const,
      })),
      ...(['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_8'] as const).map((program) => ({ program, priceType: 'CASH' as const })),
    ];
    let checked = 0;
    for (const { program, priceType } of cases) {
      for (const cabinType of ['ECONOMY', 'BUSINESS'] as const) {
        for (const [origin, destination] of [
          ['GRU', 'JFK'],
          ['LHR', 'NRT'],
          ['GIG', 'CGH'],
        ] as const) {
          const search = searchOf({
            program,
            priceType,
            cabinType,
            origin,
            destination,
            tripType: 'ROUND_TRIP',
            returnDate: '2027-01-05',
            passengers: { adults: 2, children: 1, infants: 1 },
          });
          for (const flight of generateFlights(7, search)) {
            expect(contractErrors('ParsedFlight', flight), `${program} ${flight.flightCode}`).toEqual([]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('flies GRU-JFK non-stop in about 9 to 11 hours, and one-stop itineraries through a hub', () => {
    const flights = [1, 2, 3, 4, 5].flatMap((seed) => generateFlights(seed, searchOf()));
    const direct = flights.filter((flight) => flight.stops === 0);
    expect(direct.length).toBeGreaterThan(0);
    for (const flight of direct) {
      expect(flight.durationMinutes).toBeGreaterThanOrEqual(540);
      expect(flight.durationMinutes).toBeLessThanOrEqual(660);
    }
    const connecting = flights.filter((flight) => flight.stops === 1);
    expect(connecting.length).toBeGreaterThan(0);
    for (const flight of connecting) {
      const [first, second] = flight.legs;
      expect(first?.arrivalAirport).toBe(second?.departureAirport);
      expect(second?.isConnection).toBe(true);
      expect(first?.isConnection).toBe(false);
      expect(flight.durationMinutes).toBeGreaterThan((first?.durationMinutes ?? 0) + (second?.durationMinutes ?? 0));
    }
  });

  it('writes local times in each airport zone: the clock difference is the block time plus the zone difference', () => {
    // GRU (UTC-3) to JFK (UTC-5 in December): arrival clock reads 2 h less than the elapsed time.
    for (const flight of generateFlights(3, searchOf()).filter((flight) => flight.stops === 0)) {
      expect(minutesBetweenLocal(flight.departureDate, flight.arrivalDate)).toBe(flight.durationMinutes - 120);
    }
    // LHR (UTC+0 in December) to AMS (UTC+1): a short hop east arrives an hour later on the clock.
    const hops = [1, 2, 3, 4]
      .flatMap((seed) => generateFlights(seed, searchOf({ program: 'PROGRAM_5', origin: 'LHR', destination: 'AMS' })))
      .filter((flight) => flight.stops === 0);
    expect(hops.length).toBeGreaterThan(0);
    for (const flight of hops) {
      expect(flight.durationMinutes).toBeLessThan(100);
      expect(minutesBetweenLocal(flight.departureDate, flight.arrivalDate)).toBe(flight.durationMinutes + 60);
    }
  });

  it('departs on the requested local date with times without a zone suffix', () => {
    for (const flight of generateFlights(11, searchOf({ departureDate: '2027-03-02' }))) {
      expect(flight.departureDate.startsWith('2027-03-02T')).toBe(true);
      expect(flight.departureDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(flight.legs[0]?.departureDate).toBe(flight.departureDate);
      expect(flight.legs.at(-1)?.arrivalDate).toBe(flight.arrivalDate);
    }
  });

  it('numbers flights in the program own code (P1 ...) where its airline flies, and in the partner code elsewhere (D42)', () => {
    const partners = ALLIANCES[PROGRAMS.PROGRAM_1.alliance].map((member) => member.code);
    for (const flight of generateFlights(5, searchOf())) {
      expect(flight.flightCode).toMatch(/^[A-Z0-9]{2} \d{1,4}(, [A-Z0-9]{2} \d{1,4})?$/);
      // GRU is a PROGRAM_1 hub: the first leg is always its own.
      expect(flight.legs[0]?.airlineCode).toBe('P1');
      expect(flight.legs[0]?.flightNumber).toMatch(/^\d{3,4}$/);
      for (const leg of flight.legs) expect(['P1', ...partners]).toContain(leg.airlineCode);
      expect(flight.airlineLoyalty).toBe('PROGRAM_1');
    }
  });

  it('prices MILES fares in miles plus taxes: money 0, totalMoney = taxes + fees', () => {
    const fares = generateFlights(9, searchOf({ program: 'PROGRAM_4' })).flatMap((flight) => flight.fares);
    expect(fares.length).toBeGreaterThan(0);
    for (const fare of fares) {
      expect(fare.miles).toBeGreaterThan(0);
      expect(fare.money).toBe(0);
      expect(fare.taxes).toBeGreaterThan(0);
      expect(fare.totalMoney).toBeCloseTo(fare.taxes + fare.fees, 2);
    }
  });

  it('prices CASH fares in money: miles 0, totalMoney = money + taxes + fees, in cents', () => {
    const fares = generateFlights(9, searchOf({ program: 'PROGRAM_8', priceType: 'CASH', destination: 'LIS' })).flatMap(
      (flight) => flight.fares,
    );
    expect(fares.length).toBeGreaterThan(0);
    for (const fare of fares) {
      expect(fare.miles).toBe(0);
      expect(fare.money).toBeGreaterThan(0);
      expect(fare.totalMoney).toBeCloseTo(fare.money + fare.taxes + fare.fees, 2);
      for (const amount of [fare.money, fare.taxes, fare.fees, fare.totalMoney])
        expect(Math.round(amount * 100) / 100).toBe(amount);
    }
  });

  it('charges adults and children in full and infants a fraction', () => {
    const one = generateFlights(4, searchOf());
    const three = generateFlights(4, searchOf({ passengers: { adults: 2, children: 1, infants: 0 } }));
    const withInfant = generateFlights(4, searchOf({ passengers: { adults: 1, children: 0, infants: 1 } }));
    // Same timetable, so the same itineraries in the same order; prices per passenger wiggle by a few percent.
    expect(three.map((flight) => flight.flightCode)).toEqual(one.map((flight) => flight.flightCode));
    expect(cheapestMiles(three) / cheapestMiles(one)).toBeGreaterThan(2.7);
    expect(cheapestMiles(three) / cheapestMiles(one)).toBeLessThan(3.3);
    expect(cheapestMiles(withInfant) / cheapestMiles(one)).toBeGreaterThan(1.03);
    expect(cheapestMiles(withInfant) / cheapestMiles(one)).toBeLessThan(1.25);
  });

  it('prices business well above economy, and programs differently', () => {
    const economy = cheapestMiles(generateFlights(4, searchOf()));
    expect(cheapestMiles(generateFlights(4, searchOf({ cabinType: 'BUSINESS' })))).toBeGreaterThan(economy * 2);
    const byProgram = new Set(
      (['PROGRAM_1', 'PROGRAM_5', 'PROGRAM_7'] as const).map((program) =>
        cheapestMiles(generateFlights(4, searchOf({ program }))),
      ),
    );
    expect(byProgram.size).toBe(3);
    const families = (program: 'PROGRAM_1' | 'PROGRAM_7') =>
      generateFlights(4, searchOf({ program }))[0]?.fares.map((fare) => fare.fareType);
    expect(families('PROGRAM_1')).not.toEqual(families('PROGRAM_7'));
  });

  it('adds RETURN flights from destination to origin on the return date for a round trip (D7)', () => {
    const flights = generateFlights(8, searchOf({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29' }));
    const outbound = flights.filter((flight) => flight.direction === 'OUTBOUND');
    const inbound = flights.filter((flight) => flight.direction === 'RETURN');
    expect(outbound.length).toBeGreaterThan(0);
    expect(inbound.length).toBeGreaterThan(0);
    for (const flight of outbound)
      expect([flight.origin, flight.destination, flight.departureDate.slice(0, 10)]).toEqual([
        'GRU',
        'JFK',
        '2026-12-15',
      ]);
    for (const flight of inbound)
      expect([flight.origin, flight.destination, flight.departureDate.slice(0, 10)]).toEqual([
        'JFK',
        'GRU',
        '2026-12-29',
      ]);
    for (const flight of flights) expect(flight.tripType).toBe('ROUND_TRIP');
    expect(generateFlights(8, searchOf()).every((flight) => flight.direction === 'OUTBOUND')).toBe(true);
  });

  it('sometimes leaves availableSeats, baseMiles and classOfService null, as providers do', () => {
    const flights = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((seed) => generateFlights(seed, searchOf()));
    expect(flights.some((flight) => flight.availableSeats === null)).toBe(true);
    expect(flights.some((flight) => typeof flight.availableSeats === 'number')).toBe(true);
    expect(flights.some((flight) => flight.fares.some((fare) => fare.baseMiles === null))).toBe(true);
    expect(flights.some((flight) => flight.fares.some((fare) => fare.classOfService === null))).toBe(true);
  });
});
