import type { SearchRequest } from '@flight-search/sdk';
import { describe, expect, it } from 'vitest';
import { handle } from './support/handle.js';
import { ANSWER_CHUNK_BYTES } from '../src/answer-types.js';
import type { ChunkedBody } from '../src/answer-types.js';
import { findHistory, QueryAbandoned, queryHistoryChunks, Slicer, sortInSlices } from '../src/history/query.js';
import { resolveOptions } from '../src/options.js';
import { createState } from '../src/state.js';
import { validateHistoryQuery, type ParsedHistoryQuery as HistoryQuery } from '@flight-search/contract';
import { validSearch } from './support/msw.js';

// Issue 18 part 2: a big history answer is built in slices that give the event
// loop back, so the server keeps answering other requests meanwhile.

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const KEY = 'test-key';
const BASE = 'https://api.flight-search.test';
/** The pieces of a {@link ChunkedBody} as one new buffer. */
const joinChunks = (body: ChunkedBody): Uint8Array<ArrayBuffer> => new TextEncoder().encode(body.chunks.join(''));

/** The same answer as {@link queryHistoryChunks}, joined into one buffer. */
async function queryHistoryBytes(...args: Parameters<typeof queryHistoryChunks>): Promise<Uint8Array<ArrayBuffer>> {
  return joinChunks(await queryHistoryChunks(...args));
}

const PROGRAMS = [
  'PROGRAM_1',
  'PROGRAM_2',
  'PROGRAM_3',
  'PROGRAM_3_INTERLINE',
  'PROGRAM_4',
  'PROGRAM_5',
  'PROGRAM_6',
  'PROGRAM_7',
];

/** A date `n` days after 2027-01-01 (`YYYY-MM-DD`). */
const dateAfter = (n: number) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** `searches` distinct searches on GRU→JFK ECONOMY at one instant (programs in turn, a new date every 8): each adds its flights (D67). */
async function routeHeavyState(searches: number) {
  const state = createState(
    resolveOptions({
      latency: 'none',
      now: () => NOW,
      keys: [{ key: KEY, limit: 1_000_000, products: ['search', 'history'] }],
    }),
  );
  for (let i = 0; i < searches; i++) {
    const body = validSearch({
      airlineLoyalty: [PROGRAMS[i % 8]],
      departureDate: dateAfter(Math.floor(i / 8)),
      responseFormat: 'PARSED',
    }) as SearchRequest;
    const response = await handle(
      state,
      new Request(`${BASE}/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: JSON.stringify(body),
      }),
    );
    expect(response?.status).toBe(200);
  }
  return state;
}

function historyQuery(): HistoryQuery {
  const params = new URLSearchParams({ origin: 'GRU', destination: 'JFK', cabinType: 'ECONOMY', lookbackDays: '30' });
  for (const program of PROGRAMS) params.append('airlineLoyalty', program);
  const checked = validateHistoryQuery(params, { decisions: true });
  if (!checked.ok) throw new Error('the query should be valid');
  return checked.query;
}

describe('history answers in slices (issue 18 part 2)', () => {
  it('sorts exactly as Array.prototype.sort does, ties in their original order, across many pauses', async () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const items = Array.from({ length: 5_000 }, (_, index) => ({ key: next() % 300, index }));
    const compare = (a: { key: number }, b: { key: number }) => a.key - b.key;
    let pauses = 0;
    const slicer = new Slicer(() => {
      pauses++;
      return false;
    }, 0);
    const sorted = await sortInSlices([...items], compare, slicer);
    expect(sorted).toEqual([...items].sort(compare));
    expect(pauses).toBeGreaterThan(5);
  });

  it('HISTORY-6: builds a big answer over many turns of the event loop, the same bytes as in one go, and other requests are answered meanwhile', async () => {
    const state = await routeHeavyState(480);
    const query = historyQuery();
    const whole = await queryHistoryBytes(
      query,
      state.history,
      state.options.seed,
      NOW,
      new Slicer(() => false, Number.POSITIVE_INFINITY),
    );
    let pauses = 0;
    const settled: string[] = [];
    const sliced = queryHistoryBytes(
      query,
      state.history,
      state.options.seed,
      NOW,
      new Slicer(() => {
        pauses++;
        return false;
      }, 0),
    ).then((bytes) => {
      settled.push('history');
      return bytes;
    });
    // Sent once the query is under way: answered before it ends.
    await new Promise((resolve) => setImmediate(resolve));
    const quota = await handle(state, new Request(`${BASE}/quota`, { headers: { 'x-api-key': KEY } }));
    settled.push('quota');
    expect(quota?.status).toBe(200);
    const bytes = await sliced;
    expect(settled).toEqual(['quota', 'history']);
    expect(pauses).toBeGreaterThan(10);
    // Byte for byte (a deep comparison of megabytes would be slow).
    expect(Buffer.compare(bytes, whole)).toBe(0);
    expect(JSON.parse(new TextDecoder().decode(bytes)).total).toBeGreaterThan(1_500);
  }, 60_000);

  it('HISTORY-6: a history query whose client went away stops at its next pause', async () => {
    const state = await routeHeavyState(100);
    let asked = 0;
    const abandoned = () => ++asked >= 2;
    await expect(
      queryHistoryBytes(historyQuery(), state.history, state.options.seed, NOW, new Slicer(abandoned, 0)),
    ).rejects.toBeInstanceOf(QueryAbandoned);
    expect(asked).toBe(2);
  }, 60_000);

  it('HISTORY-6: hands a big answer over as its stored pieces, never joined, the same bytes as the answer serialized whole, and through Fetch as a stream of pieces of at most 64 KB', async () => {
    const state = await routeHeavyState(480);
    const query = historyQuery();
    const body = await queryHistoryChunks(query, state.history, state.options.seed, NOW);
    const flights = (await findHistory(query, state.history, state.options.seed, NOW)).map((entry) =>
      JSON.parse(entry.json),
    );
    const expected = new TextEncoder().encode(
      JSON.stringify({ total: flights.length, lookbackDays: query.lookbackDays, flights }),
    );
    const records = JSON.parse(new TextDecoder().decode(expected)).total as number;
    // The opening, each record's stored JSON, the commas between them and the closing: nothing joined.
    expect(body.chunks.length).toBe(2 * records + 1);
    expect(records).toBeGreaterThan(1_500);
    expect(body.length).toBe(expected.length);
    expect(Buffer.compare(joinChunks(body), expected)).toBe(0);

    const path = `/intelligence/flights/history?${new URLSearchParams([['origin', 'GRU'], ['destination', 'JFK'], ['cabinType', 'ECONOMY'], ['lookbackDays', '30'], ...PROGRAMS.map((p) => ['airlineLoyalty', p])])}`;
    const response = await handle(state, new Request(`${BASE}${path}`, { headers: { 'x-api-key': KEY } }));
    expect(response?.status).toBe(200);
    const reader = response!.body!.getReader();
    const read: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) read.push(next.value);
    expect(read.length).toBeGreaterThan(4);
    expect(read.every((chunk) => chunk.length <= ANSWER_CHUNK_BYTES)).toBe(true);
    expect(Buffer.compare(Buffer.concat(read), expected)).toBe(0);

    const head = await handle(state, new Request(`${BASE}${path}`, { method: 'HEAD', headers: { 'x-api-key': KEY } }));
    expect(head?.headers.get('content-length')).toBe(String(expected.length));
  }, 60_000);
});

// Type-only: tsc checks these (tsconfig includes test/), they never run. A chunked body's pieces are text (D180).
function chunkedBodyTypes(body: ChunkedBody): string {
  // @ts-expect-error the pieces are strings of JSON text, not bytes
  const bytes: ChunkedBody = { chunks: [new Uint8Array(2)], length: 2 };
  // @ts-expect-error a piece read from a chunked body is a string
  const piece: Uint8Array = body.chunks[0]!;
  return `${bytes.length}${piece.length}${body.chunks.join('')}`;
}
void chunkedBodyTypes;
