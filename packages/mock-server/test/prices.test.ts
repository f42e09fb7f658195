// What a price counts (D25), pinned as the mock answers today: a search fare's miles, money, taxes,
// fees and totalMoney are for the whole party of the request; baseMiles and a history record's
// basePrice and milesClubPrice are for one passenger.
import type { Fare, HistoryRecord, ParsedFlight } from '@flight-search/sdk';
import { describe, expect, it } from 'vitest';
import { call, search, useMockService, validSearch } from './support/msw.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const service = useMockService({ now: () => NOW });

async function parsedFlights(body: Record<string, unknown>): Promise<ParsedFlight[]> {
  const response = await search({ ...body, responseFormat: 'PARSED' });
  expect(response.status).toBe(200);
  const { results } = await response.json();
  expect(results[0].success).toBe(true);
  return results[0].flights;
}

const cheapest = (fares: readonly Fare[], by: (fare: Fare) => number): Fare =>
  [...fares].sort((a, b) => by(a) - by(b))[0]!;

describe('what a price counts (D25)', () => {
  it('a MILES fare counts miles, taxes and totalMoney for the whole party; baseMiles is one passenger', async () => {
    service.mock();
    const one = await parsedFlights(validSearch({ passengers: { adults: 1 } }));
    const three = await parsedFlights(validSearch({ passengers: { adults: 3 } }));
    // The same timetable: the same flights in the same order.
    expect(three.map((flight) => flight.flightCode)).toEqual(one.map((flight) => flight.flightCode));
    let withBase = 0;
    three.forEach((flight, index) => {
      for (const fare of flight.fares) {
        // Three adults pay three times one adult's miles, exactly.
        if (fare.baseMiles !== null) {
          withBase++;
          expect(fare.miles).toBe(fare.baseMiles * 3);
        }
        expect(fare.totalMoney).toBeCloseTo(fare.money + fare.taxes + fare.fees, 2);
      }
      // Taxes are per passenger times the party (to the cent); the booking fee is charged once.
      const alone = one[index]!.fares[0]!;
      expect(Math.abs(flight.fares[0]!.taxes - alone.taxes * 3)).toBeLessThanOrEqual(0.02);
      expect(flight.fares[0]!.fees).toBe(alone.fees);
      // The party total is about three times one passenger's (each search draws its own per-passenger price).
      const ratio =
        cheapest(flight.fares, (fare) => fare.miles).miles / cheapest(one[index]!.fares, (fare) => fare.miles).miles;
      expect(ratio).toBeGreaterThan(2.7);
      expect(ratio).toBeLessThan(3.3);
    });
    expect(withBase).toBeGreaterThan(0);
  });

  it('a CASH fare counts money, taxes and totalMoney for the whole party', async () => {
    service.mock();
    const cash = { airlineLoyalty: ['PROGRAM_8'], priceType: 'CASH' };
    const one = await parsedFlights(validSearch({ ...cash, passengers: { adults: 1 } }));
    const three = await parsedFlights(validSearch({ ...cash, passengers: { adults: 3 } }));
    expect(three.map((flight) => flight.flightCode)).toEqual(one.map((flight) => flight.flightCode));
    three.forEach((flight, index) => {
      const alone = one[index]!;
      expect(Math.abs(flight.fares[0]!.taxes - alone.fares[0]!.taxes * 3)).toBeLessThanOrEqual(0.02);
      const ratio =
        cheapest(flight.fares, (fare) => fare.money).money / cheapest(alone.fares, (fare) => fare.money).money;
      expect(ratio).toBeGreaterThan(2.7);
      expect(ratio).toBeLessThan(3.3);
    });
  });

  it('D9: a history record of a three-adult search keeps basePrice per passenger (a third of the party miles)', async () => {
    service.mock();
    const flights = await parsedFlights(validSearch({ passengers: { adults: 3 } }));
    const params = new URLSearchParams({
      origin: 'GRU',
      destination: 'JFK',
      cabinType: 'ECONOMY',
      airlineLoyalty: 'PROGRAM_1',
      lookbackDays: '1',
      departureDate: '2026-12-15',
    });
    const response = await call(`/intelligence/flights/history?${params}`);
    expect(response.status).toBe(200);
    const records: HistoryRecord[] = (await response.json()).flights;
    const searched = records.filter((record) => Date.parse(record.createdAt) === NOW);
    expect(searched.length).toBe(flights.length);
    for (const record of searched) {
      const flight = flights.find(
        (f) => f.flightCode === record.flightCode && f.departureDate === record.departureDate,
      )!;
      // The record prices the cheapest fare for one passenger: three of it are that fare's party miles.
      const fare = cheapest(flight.fares, (f) => f.miles);
      expect(record.basePrice * 3).toBe(fare.miles);
      expect(record.milesClubPrice).toBeLessThan(record.basePrice);
    }
  });
});
