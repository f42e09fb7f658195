import type { HistoryRecord, SearchRequest } from '@flight-search/sdk';
import { describe, expect, it, vi } from 'vitest';
import { historyRecord } from '../src/history/records.js';
import { handle } from './support/handle.js';
import { resolveOptions } from '../src/options.js';
import { createState } from '../src/state.js';
import { validSearch } from './support/msw.js';

// Issue 18 part 2: the answer's sort keys are worked out once per record. The
// order's last tie-break is the record's id, and a searched record is kept as
// its flight, so an order that read `record.id` inside the comparison rebuilt
// whole records (id, hash, uuid, dates) on every comparison of a tie, which a
// search repeated within one second makes common.
vi.mock('../src/history/records.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/history/records.js')>();
  return { ...actual, historyRecord: vi.fn(actual.historyRecord) };
});

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const KEY = 'test-key';
const BASE = 'https://api.flight-search.test';

function mockState() {
  return createState(
    resolveOptions({
      latency: 'none',
      now: () => NOW,
      keys: [{ key: KEY, limit: 1_000_000, products: ['search', 'history'] }],
    }),
  );
}

async function searchOn(state: ReturnType<typeof mockState>, overrides: Partial<SearchRequest>) {
  const response = await handle(
    state,
    new Request(`${BASE}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify(validSearch({ departureDate: '2026-12-15', responseFormat: 'PARSED', ...overrides })),
    }),
  );
  expect(response?.status).toBe(200);
  return (await response!.json()) as { results: { flights: unknown[] }[] };
}

async function historyOf(state: ReturnType<typeof mockState>, programs: readonly string[]) {
  const params = new URLSearchParams({ origin: 'GRU', destination: 'JFK', cabinType: 'ECONOMY', lookbackDays: '30' });
  for (const program of programs) params.append('airlineLoyalty', program);
  const response = await handle(
    state,
    new Request(`${BASE}/intelligence/flights/history?${params}`, { headers: { 'x-api-key': KEY } }),
  );
  expect(response?.status).toBe(200);
  return (await response!.json()) as { total: number; flights: HistoryRecord[] };
}

/** HISTORY-6 / D9, written out on the records themselves: departure (with seconds) ascending, createdAt descending, id ascending. */
function referenceOrder(records: HistoryRecord[]): HistoryRecord[] {
  const departure = (r: HistoryRecord) => (r.departureDate.length === 16 ? `${r.departureDate}:00` : r.departureDate);
  return [...records].sort((a, b) =>
    departure(a) < departure(b)
      ? -1
      : departure(a) > departure(b)
        ? 1
        : Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

describe('HISTORY-6 order on keys worked out once (issue 18 part 2)', () => {
  it('HISTORY-6: builds each searched record once, not inside comparisons, when searches within one second tie on departure and createdAt', async () => {
    const state = mockState();
    const programs = ['PROGRAM_1', 'PROGRAM_2'] as const;
    let searched = 0;
    // 30 distinct searches, each sent twice: the second sighting replaces the first (D67), so each search's flights are stored once.
    for (let i = 0; i < 60; i++) {
      const flights = (
        await searchOn(state, {
          airlineLoyalty: [programs[i % 2]!],
          departureDate: `2026-12-${String(1 + (Math.floor(i / 4) % 15)).padStart(2, '0')}`,
        })
      ).results[0]!.flights;
      if (i % 4 < 2) searched += flights.length;
    }
    expect(searched).toBeGreaterThan(100);
    const builds = vi.mocked(historyRecord);
    builds.mockClear();
    const first = await historyOf(state, programs);
    const mine = first.flights.filter((r) => Date.parse(r.createdAt) === NOW);
    expect(mine).toHaveLength(searched);
    // The order reaches its last tie-break, the id, many times: records with one departure and one createdAt.
    const ties = mine.filter((r, i) => i > 0 && r.departureDate === mine[i - 1]!.departureDate).length;
    expect(ties).toBeGreaterThanOrEqual(10);
    // One build per searched record (its id and bytes come from the same build), whatever the ties.
    expect(builds.mock.calls.length).toBeLessThanOrEqual(searched);
    builds.mockClear();
    const second = await historyOf(state, programs);
    expect(builds.mock.calls.length).toBe(0);
    expect(second).toEqual(first);
  });

  it('HISTORY-6: keeps the order exactly: departure ascending, then createdAt descending, then the id', async () => {
    const state = mockState();
    for (let i = 0; i < 30; i++)
      await searchOn(state, {
        airlineLoyalty: [i % 3 ? 'PROGRAM_1' : 'PROGRAM_4'],
        departureDate: i % 2 ? '2026-12-15' : '2026-12-16',
      });
    const answer = await historyOf(state, ['PROGRAM_1', 'PROGRAM_4']);
    expect(answer.total).toBe(answer.flights.length);
    expect(new Set(answer.flights.map((r) => r.id)).size).toBe(answer.total);
    expect(answer.flights.map((r) => r.id)).toEqual(referenceOrder(answer.flights).map((r) => r.id));
  });

  it('HISTORY-6 (D180): a search stores its flights; the first history query builds each record it reads once, and the next builds none', async () => {
    const state = mockState();
    const builds = vi.mocked(historyRecord);
    builds.mockClear();
    let searched = 0;
    for (let i = 0; i < 8; i++)
      searched += (await searchOn(state, { departureDate: `2026-12-${10 + i}` })).results[0]!.flights.length;
    expect(searched).toBeGreaterThan(8);
    expect(builds.mock.calls.length).toBe(0);
    expect(state.history.size).toBe(searched);
    const first = await historyOf(state, ['PROGRAM_1']);
    expect(first.flights.filter((r) => Date.parse(r.createdAt) === NOW)).toHaveLength(searched);
    expect(builds.mock.calls.length).toBe(searched);
    builds.mockClear();
    expect(await historyOf(state, ['PROGRAM_1'])).toEqual(first);
    expect(builds.mock.calls.length).toBe(0);
  });
});
