import type { SearchRequest } from '@flight-search/contract';
import type { ParsedFlight } from '@flight-search/sdk';
import { describe, expect, it } from 'vitest';
import { generateFlights } from '../src/data/index.js';
import { OFFSET_CACHE_CAP, offsetCacheSize } from '../src/data/time/index.js';
import { handle } from './support/handle.js';
import { HistoryStore, bucketKey } from '../src/history/store.js';
import { resolveOptions } from '../src/options.js';
import { normalizeSearch } from '../src/routes/search.js';
import { createState } from '../src/state.js';
import { validSearch } from './support/msw.js';

// Issue 13 item 7: memory follows `historyCap`, asserted through the store's own
// counters (deterministic), not the heap. Before, an evicted search stayed
// referenced from its bucket until 1 024 more were evicted there, and a bucket
// was never removed, so a long run of searches on distinct dates and routes
// grew without bound whatever the cap.

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const AIRPORTS = [
  'GRU',
  'JFK',
  'LHR',
  'CDG',
  'MIA',
  'LIS',
  'MAD',
  'FRA',
  'AMS',
  'EZE',
  'SCL',
  'BOG',
  'LAX',
  'ORD',
  'ATL',
  'DXB',
  'NRT',
  'FCO',
  'MEX',
  'YYZ',
];

/** A date `n` days after 2027-01-01 (`YYYY-MM-DD`). */
const dateAfter = (n: number) => new Date(Date.UTC(2027, 0, 1) + n * DAY).toISOString().slice(0, 10);

/** The store's bounds for a cap: every bucket holds at least one record, and replaced or evicted slots are compacted away. */
function expectBounded(store: HistoryStore, cap: number) {
  const counts = store.counts();
  expect(counts.records).toBe(store.size);
  expect(counts.records).toBeLessThanOrEqual(cap);
  expect(counts.buckets).toBeLessThanOrEqual(counts.records);
  // Each kept record has a slot in the eviction order, and at most as many replaced or evicted ones are left.
  expect(counts.slots).toBeLessThanOrEqual(2 * counts.records + 64);
  return counts;
}

describe('D9 history store memory (issue 13 item 7)', () => {
  const template: ParsedFlight = generateFlights(
    1,
    normalizeSearch(validSearch({ departureDate: '2027-01-15' }) as SearchRequest),
  )[0]!;
  /** A search's miles flights on one route and date (what the store reads of them: route, cabin, program, departure). */
  const flightsOf = (origin: string, destination: string, date: string, count: number): ParsedFlight[] =>
    Array.from({ length: count }, (_, index) => ({
      ...template,
      origin,
      destination,
      departureDate: `${date}T${String(6 + index).padStart(2, '0')}:00`,
    }));

  it('D9: after 15 000 searches on distinct dates and routes with historyCap 1000, holds at most 1000 records and buckets and items bounded by them', () => {
    const store = new HistoryStore(1000);
    let peakSlots = 0;
    for (let i = 0; i < 15_000; i++) {
      const origin = AIRPORTS[i % AIRPORTS.length]!;
      const destination = AIRPORTS[(i + 1 + Math.floor(i / AIRPORTS.length)) % AIRPORTS.length]!;
      store.addFlights(
        flightsOf(origin, destination === origin ? 'GIG' : destination, dateAfter(i), 1 + (i % 4)),
        NOW + i * 1000,
      );
      if (i % 500 === 0) peakSlots = Math.max(peakSlots, expectBounded(store, 1000).slots);
    }
    const counts = expectBounded(store, 1000);
    expect(counts.records).toBe(1000);
    expect(Math.max(peakSlots, counts.slots)).toBeLessThan(10_000);
  });

  it('D9: an evicted search is released from its bucket at once, and an emptied bucket leaves the store', () => {
    const store = new HistoryStore(4);
    store.addFlights(flightsOf('GRU', 'JFK', '2027-01-15', 2), NOW);
    store.addFlights(flightsOf('LHR', 'CDG', '2027-01-15', 2), NOW + 1000);
    expect(store.counts()).toMatchObject({ records: 4, buckets: 2 });
    // One record over the cap drops the oldest search's first record; two drop the whole search and its bucket.
    store.addFlights(flightsOf('MIA', 'LIS', '2027-01-15', 2), NOW + 2000);
    expect(store.counts()).toMatchObject({ records: 4, buckets: 2 });
    expect(store.range(bucketKey('GRU', 'JFK', 'ECONOMY', 'PROGRAM_1'), 0, NOW + DAY)).toEqual([]);
    expect(store.range(bucketKey('LHR', 'CDG', 'ECONOMY', 'PROGRAM_1'), 0, NOW + DAY)).toHaveLength(2);
    expect(store.range(bucketKey('MIA', 'LIS', 'ECONOMY', 'PROGRAM_1'), 0, NOW + DAY)).toHaveLength(2);
    store.addFlights(flightsOf('MIA', 'LIS', '2027-01-16', 1), NOW + 3000);
    expect(store.counts()).toMatchObject({ records: 4, buckets: 2 });
    expect(store.range(bucketKey('LHR', 'CDG', 'ECONOMY', 'PROGRAM_1'), 0, NOW + DAY)).toHaveLength(1);
  });

  it('D9: a long run on one route keeps its bucket compact (evicted slots do not pile up)', () => {
    const store = new HistoryStore(100);
    for (let i = 0; i < 20_000; i++) store.addFlights(flightsOf('GRU', 'JFK', dateAfter(i % 300), 2), NOW + i * 1000);
    const counts = expectBounded(store, 100);
    expect(counts).toMatchObject({ records: 100, buckets: 1 });
    // The newest 50 searches, in createdAt order.
    const kept = store.range(bucketKey('GRU', 'JFK', 'ECONOMY', 'PROGRAM_1'), 0, NOW + 30_000 * 1000);
    expect(kept).toHaveLength(100);
    expect(kept[0]!.createdAt).toBe(NOW + 19_950 * 1000);
  });

  it('D9, D67: searches repeated within the hour, replacing earlier sightings while the cap evicts, keep the store bounded', () => {
    // 40 routes x 10 dates, each search seen again 400 searches (6 min 40 s) later; a new collection hour every 3 600
    // searches. Some 800 observations an hour over a cap of 500: records of the current hour are evicted, then seen again.
    const store = new HistoryStore(500);
    let peakSlots = 0;
    for (let i = 0; i < 30_000; i++) {
      const route = i % 40;
      const origin = AIRPORTS[route % AIRPORTS.length]!;
      const destination = AIRPORTS[(route + 1 + Math.floor(route / AIRPORTS.length)) % AIRPORTS.length]!;
      store.addFlights(flightsOf(origin, destination, dateAfter(Math.floor(i / 40) % 10), 1 + (i % 3)), NOW + i * 1000);
      if (i % 500 === 0) peakSlots = Math.max(peakSlots, expectBounded(store, 500).slots);
    }
    const counts = expectBounded(store, 500);
    expect(counts.records).toBe(500);
    expect(Math.max(peakSlots, counts.slots)).toBeLessThan(5_000);
  });

  it('D9: 15 000 searches on distinct dates through the mock with historyCap 1000 leave at most 1000 records and the time cache within its bound', async () => {
    const state = createState(
      resolveOptions({
        historyCap: 1000,
        latency: 'none',
        now: () => clock,
        keys: [{ key: 'test-key', limit: 1_000_000, products: ['search', 'history'] }],
      }),
    );
    let clock = NOW;
    let stored = 0;
    for (let i = 0; i < 15_000; i++) {
      clock = NOW + i * 250;
      const body = validSearch({
        airlineLoyalty: [['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_4', 'PROGRAM_5'][i % 4]],
        origin: AIRPORTS[i % 10],
        destination: AIRPORTS[10 + (Math.floor(i / 10) % 10)],
        departureDate: dateAfter(i),
        responseFormat: 'PARSED',
      });
      const response = await handle(
        state,
        new Request('https://api.flight-search.test/flights/search', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'test-key' },
          body: JSON.stringify(body),
        }),
      );
      expect(response?.status).toBe(200);
      stored += ((await response!.json()) as { results: { flights?: unknown[] }[] }).results[0]!.flights?.length ?? 0;
      if (i % 1000 === 999) expectBounded(state.history, 1000);
    }
    expect(stored).toBeGreaterThan(1000);
    const counts = expectBounded(state.history, 1000);
    expect(counts.records).toBe(1000);
    expect(offsetCacheSize()).toBeLessThanOrEqual(OFFSET_CACHE_CAP);
  }, 120_000);
});
