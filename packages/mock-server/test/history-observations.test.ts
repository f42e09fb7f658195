import type { SearchRequest } from '@flight-search/contract';
import type { HistoryRecord, ParsedFlight } from '@flight-search/sdk';
import { describe, expect, it } from 'vitest';
import { generateFlights } from '../src/data/index.js';
import { toHistoryRecords } from './support/history-records.js';
import { handle } from './support/handle.js';
import { HistoryStore, bucketKey } from '../src/history/store.js';
import { resolveOptions } from '../src/options.js';
import { normalizeSearch } from '../src/routes/search.js';
import { createState } from '../src/state.js';
import { validSearch } from './support/msw.js';

// Issue 18: the stored search history is a collector's (D67). A flight seen
// again by a search within the same collection hour (UTC) is one observation,
// updated to the newest sighting, instead of one record per search: before,
// 10 000 identical searches stored 10 000 copies of the same flights.

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0); // the start of a UTC hour
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = '2026-12-15';
const KEY = 'test-key';
const BASE = 'https://api.flight-search.test';

/** A mock whose clock the test sets (`clock.now`). */
function mockState() {
  const clock = { now: NOW };
  const state = createState(
    resolveOptions({
      latency: 'none',
      now: () => clock.now,
      keys: [{ key: KEY, limit: 1_000_000, products: ['search', 'history'] }],
    }),
  );
  return { state, clock };
}

async function searchOn(
  state: ReturnType<typeof mockState>['state'],
  overrides: Record<string, unknown> = {},
): Promise<ParsedFlight[]> {
  const response = await handle(
    state,
    new Request(`${BASE}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify(validSearch({ departureDate: DAY, responseFormat: 'PARSED', ...overrides })),
    }),
  );
  expect(response?.status).toBe(200);
  return ((await response!.json()) as { results: { flights: ParsedFlight[] }[] }).results[0]!.flights;
}

/** The records searches added on GRU→JFK ECONOMY PROGRAM_1 for DAY (the baseline's have createdAt before NOW). */
async function searchedRecords(state: ReturnType<typeof mockState>['state'], now: number): Promise<HistoryRecord[]> {
  const params = new URLSearchParams({
    origin: 'GRU',
    destination: 'JFK',
    cabinType: 'ECONOMY',
    airlineLoyalty: 'PROGRAM_1',
    lookbackDays: '1',
    departureDate: DAY,
  });
  const response = await handle(
    state,
    new Request(`${BASE}/intelligence/flights/history?${params}`, { headers: { 'x-api-key': KEY } }),
  );
  expect(response?.status).toBe(200);
  const answer = (await response!.json()) as { total: number; flights: HistoryRecord[] };
  expect(answer.total).toBe(answer.flights.length);
  return answer.flights.filter((record) => Date.parse(record.createdAt) >= NOW && Date.parse(record.createdAt) <= now);
}

/** The generator's own flights for a search (they remember each fare's price per passenger, as the mock's do). */
const flightsOf = (overrides: Record<string, unknown> = {}) =>
  generateFlights(
    1,
    normalizeSearch(validSearch({ departureDate: DAY, responseFormat: 'PARSED', ...overrides }) as SearchRequest),
  );

const byId = (records: HistoryRecord[]) => [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('D67 a searched flight is one observation per collection hour (issue 18)', () => {
  it('D67: 50 identical searches within a minute leave exactly the records of one search, the newest', async () => {
    const { state, clock } = mockState();
    let flights: ParsedFlight[] = [];
    for (let i = 0; i < 50; i++) {
      clock.now = NOW + i * 1_000 + 7;
      flights = await searchOn(state);
    }
    expect(flights.length).toBeGreaterThan(1);
    const records = await searchedRecords(state, clock.now);
    expect(records).toHaveLength(flights.length);
    // Each is the record the 50th search made: its time, and the store's numbers of its records (49 searches came before).
    const generated = flightsOf();
    expect(JSON.parse(JSON.stringify(generated))).toEqual(flights);
    expect(byId(records)).toEqual(byId(toHistoryRecords(generated, NOW + 49_000 + 7, 49 * generated.length)));
    expect(state.history.size).toBe(flights.length);
  });

  it('D67: a search an hour later adds new observations; the earlier hour keeps its own', async () => {
    const { state, clock } = mockState();
    const flights = await searchOn(state);
    clock.now = NOW + HOUR;
    await searchOn(state);
    const records = await searchedRecords(state, clock.now);
    expect(records).toHaveLength(2 * flights.length);
    expect(records.filter((r) => Date.parse(r.createdAt) === NOW)).toHaveLength(flights.length);
    expect(records.filter((r) => Date.parse(r.createdAt) === NOW + HOUR)).toHaveLength(flights.length);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
  });

  it('D67: the hour is the UTC clock hour: 12:59:59 replaces 12:00:00, 13:00:00 is a new observation', async () => {
    const { state, clock } = mockState();
    const flights = await searchOn(state);
    clock.now = NOW + HOUR - 1_000;
    await searchOn(state);
    let records = await searchedRecords(state, clock.now);
    expect(records).toHaveLength(flights.length);
    expect(records.every((r) => Date.parse(r.createdAt) === NOW + HOUR - 1_000)).toBe(true);
    clock.now = NOW + HOUR;
    await searchOn(state);
    records = await searchedRecords(state, clock.now);
    expect(records).toHaveLength(2 * flights.length);
    expect(records.filter((r) => Date.parse(r.createdAt) === NOW + HOUR - 1_000)).toHaveLength(flights.length);
  });

  it('D67: the observation kept carries the newest fares and seats (a search for two adults after one for one adult)', async () => {
    const { state, clock } = mockState();
    await searchOn(state);
    clock.now = NOW + 10 * MINUTE;
    const two = await searchOn(state, { passengers: { adults: 2 } });
    const generated = flightsOf({ passengers: { adults: 2 } });
    expect(JSON.parse(JSON.stringify(generated))).toEqual(two);
    const records = await searchedRecords(state, clock.now);
    expect(byId(records)).toEqual(byId(toHistoryRecords(generated, NOW + 10 * MINUTE, generated.length)));
    // The same flights, priced for two: what the first search saw is gone.
    const one = flightsOf();
    expect(one.map((f) => f.flightCode)).toEqual(generated.map((f) => f.flightCode));
    for (const record of records) {
      const flight = generated.find(
        (f) => f.flightCode === record.flightCode && f.departureDate === record.departureDate,
      )!;
      if (record.fares) expect(record.fares.map((fare) => fare.miles)).toEqual(flight.fares.map((fare) => fare.miles));
      if (flight.availableSeats !== null) expect(record.availableSeats).toBe(flight.availableSeats);
    }
  });

  it('D67: searches of other dates, cabins, programs or trip types are other observations', async () => {
    const { state } = mockState();
    const one = await searchOn(state);
    await searchOn(state, { departureDate: '2026-12-16' });
    await searchOn(state, { airlineLoyalty: ['PROGRAM_2'] });
    await searchOn(state, { cabinType: 'BUSINESS' });
    const roundTrip = await searchOn(state, { tripType: 'ROUND_TRIP', returnDate: '2026-12-22' });
    const outbound = roundTrip.filter((f) => f.origin === 'GRU' && f.destination === 'JFK');
    expect(outbound.length).toBeGreaterThan(0);
    // PROGRAM_1 ECONOMY GRU→JFK on DAY: the one-way search's flights and the round trip's outbound ones, both kept.
    const records = await searchedRecords(state, NOW);
    expect(records).toHaveLength(one.length + outbound.length);
    expect(records.filter((r) => r.tripType === 'ROUND_TRIP').length).toBeLessThanOrEqual(outbound.length);
  });

  it('D67: the same requests on a fresh mock give the same ids, each unique', async () => {
    const run = async () => {
      const { state, clock } = mockState();
      for (let i = 0; i < 12; i++) {
        clock.now = NOW + i * 20 * MINUTE;
        await searchOn(state, { passengers: { adults: 1 + (i % 3) } });
      }
      return (await searchedRecords(state, clock.now)).map((r) => r.id);
    };
    const ids = await run();
    // 12 searches over four hours: one observation per flight and hour.
    expect(ids).toHaveLength(4 * flightsOf().length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await run()).toEqual(ids);
  });
});

describe('D67 the store replaces observations and keeps its bounds', () => {
  const template: ParsedFlight = flightsOf()[0]!;
  /** A flight of GRU→JFK ECONOMY PROGRAM_1 with its own code (what the store reads: route, cabin, program, code, departure, trip type). */
  const flight = (code: string, departure = `${DAY}T10:00`): ParsedFlight => ({
    ...template,
    flightCode: code,
    departureDate: departure,
  });
  const codes = (store: HistoryStore, until = NOW + 10 * HOUR) =>
    store
      .range(bucketKey('GRU', 'JFK', 'ECONOMY', 'PROGRAM_1'), 0, until)
      .map((entry) => `${entry.flight.flightCode}@${(entry.createdAt - NOW) / 1000}`);

  it('D67: a partly repeated search replaces only the flights seen again; historyCap still counts records, oldest dropped first', () => {
    const store = new HistoryStore(3);
    store.addFlights([flight('A'), flight('B'), flight('C')], NOW);
    store.addFlights([flight('B')], NOW + 1_000);
    expect(store.size).toBe(3);
    expect(codes(store)).toEqual(['A@0', 'C@0', 'B@1']);
    expect(store.counts()).toMatchObject({ records: 3, buckets: 1 });
    // Over the cap: the oldest observation goes first (A, then C), then B, whose sighting is newer than theirs.
    store.addFlights([flight('D')], NOW + 2_000);
    expect(codes(store)).toEqual(['C@0', 'B@1', 'D@2']);
    store.addFlights([flight('E')], NOW + 3_000);
    expect(codes(store)).toEqual(['B@1', 'D@2', 'E@3']);
    expect(store.counts()).toMatchObject({ records: 3 });
    store.addFlights([flight('F')], NOW + 4_000);
    expect(codes(store)).toEqual(['D@2', 'E@3', 'F@4']);
    // A flight evicted earlier in the hour is observed anew.
    store.addFlights([flight('A')], NOW + 5_000);
    expect(codes(store)).toEqual(['E@3', 'F@4', 'A@5']);
  });

  it('D67: the same flight at another departure is another observation; one seen twice in one search is kept once', () => {
    const store = new HistoryStore(100);
    store.addFlights([flight('A'), flight('A', `${DAY}T18:00`), flight('A')], NOW);
    expect(store.size).toBe(2);
    expect(
      store.range(bucketKey('GRU', 'JFK', 'ECONOMY', 'PROGRAM_1'), 0, NOW).map((e) => `${e.flight.departureDate}:00`),
    ).toEqual([`${DAY}T18:00:00`, `${DAY}T10:00:00`]);
  });

  it('D67: a test clock moved back into an earlier hour replaces within that hour, and leaves the later hour alone', () => {
    const store = new HistoryStore(100);
    store.addFlights([flight('A'), flight('B')], NOW + HOUR + 10 * MINUTE);
    store.addFlights([flight('A')], NOW + 30 * MINUTE);
    store.addFlights([flight('A'), flight('B')], NOW + 40 * MINUTE);
    expect(codes(store)).toEqual(['A@2400', 'B@2400', 'A@4200', 'B@4200']);
    expect(store.size).toBe(4);
    // Back in the later hour: replaces there.
    store.addFlights([flight('B')], NOW + HOUR + 20 * MINUTE);
    expect(codes(store)).toEqual(['A@2400', 'B@2400', 'A@4200', 'B@4800']);
    expect(store.size).toBe(4);
  });

  it("D67: 20 000 identical searches in one hour keep one search's records and the store's slots bounded", () => {
    const store = new HistoryStore(1_000_000);
    const flights = [flight('A'), flight('B'), flight('C'), flight('D', `${DAY}T12:00`)];
    for (let i = 0; i < 20_000; i++) {
      store.addFlights(flights, NOW + Math.floor(i / 10) * 1_000);
      if (i % 1_000 === 999) {
        const counts = store.counts();
        expect(counts).toMatchObject({ records: 4, buckets: 1 });
        expect(counts.slots).toBeLessThanOrEqual(2 * counts.records + 64);
      }
    }
    expect(codes(store)).toEqual(['A@1999', 'B@1999', 'C@1999', 'D@1999']);
  });
});
