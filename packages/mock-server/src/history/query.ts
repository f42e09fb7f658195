import type { HistoryResponse } from '@flight-search/sdk';
import type { ChunkedBody } from '../answer.js';
import { expandCityCode, localNow } from '../data/index.js';
import type { HistoryQuery } from '../validation/history-query.js';
import type { BaselineCache } from './baseline-cache.js';
import { CHECK_EVERY, Slicer, sortInSlices } from './slices.js';
import { bucketKey, type HistoryStore, type StoredRecord } from './store.js';

const DAY = 86_400_000;

/**
 * The answer's order (`HISTORY-6`, D9): departure ascending, then `createdAt`
 * descending, then the id, on keys each record worked out once (no record is
 * built inside a comparison: {@link findHistory} makes every id first).
 */
export const compareRecords = (a: StoredRecord, b: StoredRecord): number =>
  a.departureKey - b.departureKey || b.createdAt - a.createdAt || compareText(a.id, b.id);

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The records that answer a history query (D9), in answer order: city codes
 * expand at both ends (`HISTORY-1`), programs and departure dates are unions
 * (`HISTORY-2`, `HISTORY-5`), records collected in the last `lookbackDays` x
 * 24 h (`HISTORY-3`), optionally only departures still ahead in the origin's
 * local time (`HISTORY-4`), ordered by {@link compareRecords}, all of them
 * (`HISTORY-6`). Each record's id and JSON bytes are made (once per stored
 * record) before the sort. The work goes in slices (see {@link Slicer}), so
 * a big answer never blocks other requests.
 */
export async function findHistory(query: HistoryQuery, store: HistoryStore, baseline: BaselineCache, now: number, slicer = new Slicer()): Promise<StoredRecord[]> {
  const since = now - query.lookbackDays * DAY;
  const origins = [...new Set(expandCityCode(query.origin))];
  const destinations = [...new Set(expandCityCode(query.destination))];
  const programs = [...new Set(query.airlineLoyalty)];
  const dates = query.departureDate && new Set(query.departureDate);
  const found: StoredRecord[] = [];
  const searched: StoredRecord[] = [];

  for (const origin of origins) {
    const originNow = query.onlyFutureDepartures ? localNow(origin, now) : undefined;
    const keep = (entry: StoredRecord): boolean =>
      entry.createdAt >= since &&
      entry.createdAt <= now &&
      (!dates || dates.has(entry.departure.slice(0, 10))) &&
      (originNow === undefined || entry.departure > originNow);
    for (const destination of destinations) {
      if (origin === destination) continue;
      for (const program of programs) {
        for (const entry of baseline.get(origin, destination, query.cabinType, program, now)) if (keep(entry)) found.push(entry);
        searched.length = 0;
        store.collect(bucketKey(origin, destination, query.cabinType, program), since, now, searched);
        for (let i = 0; i < searched.length; i++) {
          const entry = searched[i]!;
          if (keep(entry)) {
            // The id (and the bytes, from the same build) now, once per stored record: the sort only reads them.
            entry.bytes();
            found.push(entry);
          }
          if (i % 64 === 63 && slicer.due) await slicer.pause();
        }
        if (slicer.due) await slicer.pause();
      }
    }
  }
  return sortInSlices(found, compareRecords, slicer);
}

/** The answer of a history query as an object (see {@link findHistory}). */
export async function queryHistory(query: HistoryQuery, store: HistoryStore, baseline: BaselineCache, now: number): Promise<HistoryResponse> {
  const flights = (await findHistory(query, store, baseline, now)).map((entry) => entry.record);
  return { total: flights.length, lookbackDays: query.lookbackDays, flights };
}

const encoder = new TextEncoder();

/**
 * Size of one piece of a history answer: small enough that writing one to a
 * socket (a kernel copy, on loopback the receiver's work too) is a short
 * stretch of the event loop, large enough that a 1 MB answer is a few dozen
 * writes, not thousands.
 */
export const ANSWER_CHUNK_BYTES = 64 * 1024;

/**
 * The answer of a history query as JSON bytes, exactly
 * `JSON.stringify(queryHistory(...))`, put together from each record's stored
 * bytes instead of serializing thousands of objects per query, in slices like
 * {@link findHistory}, and in pieces of {@link ANSWER_CHUNK_BYTES} (the last
 * one shorter): the answer is never one buffer of megabytes, so the server can
 * write it piece by piece, one per turn of the event loop.
 */
export async function queryHistoryChunks(
  query: HistoryQuery,
  store: HistoryStore,
  baseline: BaselineCache,
  now: number,
  slicer = new Slicer(),
  chunkBytes = ANSWER_CHUNK_BYTES,
): Promise<ChunkedBody> {
  const records = await findHistory(query, store, baseline, now, slicer);
  const head = encoder.encode(`{"total":${records.length},"lookbackDays":${JSON.stringify(query.lookbackDays)},"flights":[`);
  let length = head.length + Math.max(0, records.length - 1) + 2;
  for (let i = 0; i < records.length; i++) {
    length += records[i]!.bytes().length;
    if (i % 64 === 63 && slicer.due) await slicer.pause();
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let written = 0;
  let chunk = new Uint8Array(0);
  let at = 0;
  // Copies `part` on, starting a new piece whenever the current one is full (a part may span pieces).
  const put = (part: Uint8Array): void => {
    let from = 0;
    while (from < part.length) {
      if (at === chunk.length) {
        chunk = new Uint8Array(Math.min(chunkBytes, length - written));
        chunks.push(chunk);
        at = 0;
      }
      const n = Math.min(part.length - from, chunk.length - at);
      chunk.set(part.subarray(from, from + n), at);
      at += n;
      from += n;
      written += n;
    }
  };
  put(head);
  for (let i = 0; i < records.length; i++) {
    if (i > 0) put(COMMA);
    put(records[i]!.bytes());
    if (i % CHECK_EVERY === CHECK_EVERY - 1 && slicer.due) await slicer.pause();
  }
  put(END);
  return { chunks, length };
}

const COMMA = new Uint8Array([0x2c]);
const END = new Uint8Array([0x5d, 0x7d]); // ]}

/** The same answer as {@link queryHistoryChunks}, joined into one buffer. */
export async function queryHistoryBytes(
  query: HistoryQuery,
  store: HistoryStore,
  baseline: BaselineCache,
  now: number,
  slicer = new Slicer(),
): Promise<Uint8Array<ArrayBuffer>> {
  return joinChunks(await queryHistoryChunks(query, store, baseline, now, slicer));
}

/** The pieces of a {@link ChunkedBody} as one buffer. */
export function joinChunks(body: ChunkedBody): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(body.length);
  let at = 0;
  for (const chunk of body.chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
