import type { HistoryRecord, MilesProgram } from '@flight-search/contract';
import { describe, expect, it } from 'vitest';
import { generateFlights } from '../data/flights/index.js';
import { contractErrors, searchOf } from '../../test/support/data-contract.js';
import { baselineHistory } from './baseline.js';
import { toHistoryRecords } from '../../test/support/history-records.js';

const NOW = Date.parse('2026-11-20T15:30:00Z');
const DAY = 86_400_000;
const route = { origin: 'GRU', destination: 'JFK', cabinType: 'ECONOMY', program: 'PROGRAM_1' } as const;

describe('toHistoryRecords', () => {
  it('records one miles flight per record, priced per passenger, collected at createdAt in UTC', () => {
    const search = searchOf({ passengers: { adults: 2, children: 1, infants: 0 } });
    const flights = generateFlights(42, search);
    const records = toHistoryRecords(flights, Date.parse('2026-11-20T13:05:22.123Z'));
    expect(records).toHaveLength(flights.length);
    records.forEach((record, index) => {
      const flight = flights[index];
      if (!flight) throw new Error('no flight');
      expect(contractErrors('HistoryRecord', record)).toEqual([]);
      expect(record.createdAt).toBe('2026-11-20T13:05:22Z');
      expect(record).toMatchObject({
        flightCode: flight.flightCode,
        departureDate: flight.departureDate,
        origin: 'GRU',
        destination: 'JFK',
      });
      const cheapestTotal = Math.min(...flight.fares.map((fare) => fare.miles));
      expect(record.basePrice).toBe(cheapestTotal / 3);
      expect(record.milesClubPrice).toBeLessThan(record.basePrice);
      expect(record.milesClubPrice).toBeGreaterThan(record.basePrice * 0.7);
    });
  });

  it('gives RETURN as roundTrip for the return flights of a round trip', () => {
    const flights = generateFlights(42, searchOf({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29' }));
    const records = toHistoryRecords(flights, NOW).filter((record) => record.roundTrip !== undefined);
    expect(records.some((record) => record.roundTrip === 'RETURN' && record.origin === 'JFK')).toBe(true);
    expect(records.some((record) => record.roundTrip === 'OUTBOUND' && record.origin === 'GRU')).toBe(true);
  });

  it('D9: records nothing for cash flights', () => {
    expect(
      toHistoryRecords(
        generateFlights(42, searchOf({ program: 'PROGRAM_8', priceType: 'CASH', destination: 'LIS' })),
        NOW,
      ),
    ).toEqual([]);
    expect(toHistoryRecords(generateFlights(42, searchOf({ program: 'PROGRAM_2', priceType: 'CASH' })), NOW)).toEqual(
      [],
    );
  });

  it('is deterministic for the same flights and time, with new ids at another time', () => {
    const flights = generateFlights(42, searchOf());
    expect(toHistoryRecords(flights, NOW)).toEqual(toHistoryRecords(flights, NOW));
    expect(toHistoryRecords(flights, NOW)[0]?.id).not.toBe(toHistoryRecords(flights, NOW + 1000)[0]?.id);
  });

  it('gives each record number its own id, even for one flight at one instant', () => {
    const [flight] = generateFlights(42, searchOf());
    const ids = Array.from({ length: 20_000 }, (_, sequence) => toHistoryRecords([flight!], NOW, sequence)[0]!.id);
    // The last 12 hex digits alone already differ: distinct by construction, not by luck of the generator.
    expect(new Set(ids.map((id) => id.slice(24))).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('baselineHistory', () => {
  const records = baselineHistory(42, route, NOW);

  it('HISTORY-3: collects over the 30 UTC days before today, every record valid against HistoryRecord', () => {
    // One visit every 3 days (D44), each a calendar of 3 watched departures (D101).
    expect(records.length).toBe(30);
    for (const record of records) {
      expect(contractErrors('HistoryRecord', record)).toEqual([]);
      const createdAt = Date.parse(record.createdAt);
      expect(record.createdAt.endsWith('Z')).toBe(true);
      expect(createdAt).toBeLessThan(Math.floor(NOW / DAY) * DAY);
      expect(createdAt).toBeGreaterThanOrEqual(Math.floor(NOW / DAY) * DAY - 30 * DAY);
      expect(Date.parse(`${record.departureDate}Z`)).toBeGreaterThan(createdAt - DAY);
      expect(record).toMatchObject({
        origin: 'GRU',
        destination: 'JFK',
        cabinType: 'ECONOMY',
        airlineLoyalty: 'PROGRAM_1',
      });
    }
    const days = new Set(records.map((record) => record.createdAt.slice(0, 10)));
    expect(days.size).toBe(10);
  });

  it('is the same all day long for a seed and route, and another for another seed', () => {
    expect(baselineHistory(42, route, Date.parse('2026-11-20T00:00:01Z'))).toEqual(records);
    expect(baselineHistory(42, route, Date.parse('2026-11-20T23:59:59Z'))).toEqual(records);
    expect(baselineHistory(43, route, NOW).map((record) => record.id)).not.toEqual(records.map((record) => record.id));
  });

  it('drifts smoothly: the same departure seen on consecutive days moves by a few percent, not at random', () => {
    const byDeparture = new Map<string, HistoryRecord[]>();
    for (const record of records)
      byDeparture.set(`${record.flightCode} ${record.departureDate}`, [
        ...(byDeparture.get(`${record.flightCode} ${record.departureDate}`) ?? []),
        record,
      ]);
    let steps = 0;
    for (const series of byDeparture.values()) {
      const daily = new Map(series.map((record) => [record.createdAt.slice(0, 10), record.basePrice]));
      const ordered = [...daily.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, price]) => price);
      for (let i = 1; i < ordered.length; i++) {
        const change = Math.abs((ordered[i] as number) / (ordered[i - 1] as number) - 1);
        expect(change).toBeLessThan(0.08);
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(4);
    const prices = records.map((record) => record.basePrice);
    expect(Math.max(...prices)).toBeGreaterThan(Math.min(...prices));
  });

  it('sometimes lacks fares, legs, availableSeats or tripType and roundTrip, as the spec allows', () => {
    const many = (['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_5', 'PROGRAM_7'] as MilesProgram[]).flatMap((program) =>
      baselineHistory(42, { ...route, program }, NOW),
    );
    for (const field of ['fares', 'legs', 'availableSeats', 'tripType', 'roundTrip'] as const) {
      expect(
        many.some((record) => record[field] === undefined),
        field,
      ).toBe(true);
      expect(
        many.some((record) => record[field] !== undefined),
        field,
      ).toBe(true);
    }
  });

  it('gives the programs different prices and collection times', () => {
    const other = baselineHistory(42, { ...route, program: 'PROGRAM_7' }, NOW);
    expect(other.length).toBeGreaterThan(0);
    expect(other[0]?.flightCode).toMatch(/^P7 /);
    expect(other.map((record) => record.createdAt)).not.toEqual(records.map((record) => record.createdAt));
  });

  it('returns [] for an unknown airport', () => {
    expect(baselineHistory(42, { ...route, origin: 'ZZZ' }, NOW)).toEqual([]);
  });
});
