import type { HistoryRecord, ParsedHistoryQuery as HistoryQuery } from '@flight-search/contract';
import { type ChunkedBody, utf8Length } from '../answer-types.js';
import { expandCityCode, localNow } from '../data/index.js';
import { baselineHistory } from './baseline.js';
import { historyRecord } from './records.js';
import { bucketKey, type HistoryStore } from './store.js';

const DAY = 86_400_000;

/** A turn of the event loop after I/O: `setImmediate` in Node, a timer elsewhere. */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve)));

/** Thrown at a pause when the client went away. */
export class QueryAbandoned extends Error {}

/**
 * A query's time-keeping (D46): {@link pause} gives the event loop a turn once the query has worked
 * `sliceMs` since the last one, so a big answer never holds up other requests for long.
 */
export class Slicer {
  #start = performance.now();

  constructor(
    /** Whether the client went away (checked after each turn). */
    private readonly abandoned: () => boolean = () => false,
    private readonly sliceMs = 0.25,
  ) {}

  async pause(): Promise<void> {
    if (performance.now() - this.#start < this.sliceMs) return;
    await nextTurn();
    if (this.abandoned()) throw new QueryAbandoned();
    this.#start = performance.now();
  }
}

/** A record of an answer: its JSON with its UTF-8 length, and the keys of the answer's order (the departure as epoch ms). */
export interface AnswerRecord {
  departure: number;
  createdAt: number;
  id: string;
  json: string;
  byteLength: number;
}

const withSeconds = (localDateTime: string): string =>
  localDateTime.length === 16 ? `${localDateTime}:00` : localDateTime;

function answerRecord(record: HistoryRecord, createdAt: number): AnswerRecord {
  const json = JSON.stringify(record);
  return {
    departure: Date.parse(`${withSeconds(record.departureDate)}Z`),
    createdAt,
    id: record.id,
    json,
    byteLength: utf8Length(json),
  };
}

/** The answer's order (`HISTORY-6`, D9): departure ascending, then `createdAt` descending, then the id. */
const compareRecords = (a: AnswerRecord, b: AnswerRecord): number =>
  a.departure - b.departure || b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `items` in `compare`'s order, stable as `Array.prototype.sort`, in slices (D46): runs of 1 024 sorted
 * natively, then merged bottom-up, pausing when the slice is due (30 000 records sorted whole held the loop 100 ms).
 */
export async function sortInSlices<T>(items: T[], compare: (a: T, b: T) => number, slicer: Slicer): Promise<T[]> {
  let from: T[] = [];
  for (let start = 0; start < items.length; start += 1024) {
    from.push(...items.slice(start, start + 1024).sort(compare));
    await slicer.pause();
  }
  for (let width = 1024; width < from.length; width *= 2) {
    const to: T[] = [];
    for (let low = 0; low < from.length; low += 2 * width) {
      const middle = Math.min(low + width, from.length);
      const high = Math.min(middle + width, from.length);
      for (let i = low, j = middle; i < middle || j < high; ) {
        to.push(j === high || (i < middle && compare(from[j]!, from[i]!) >= 0) ? from[i++]! : from[j++]!);
        if (to.length % 256 === 0) await slicer.pause();
      }
    }
    from = to;
  }
  return from;
}

/**
 * The records that answer a history query (D9), in answer order: city codes expand at both ends
 * (`HISTORY-1`), programs and departure dates are unions (`HISTORY-2`, `HISTORY-5`), records collected in
 * the last `lookbackDays` x 24 h (`HISTORY-3`), optionally only departures still ahead in the origin's
 * local time (`HISTORY-4`): the generated baseline (D44) and the searched flights, each built into its
 * record here, a turn of the event loop given whenever the slice is due.
 */
export async function findHistory(
  query: HistoryQuery,
  store: HistoryStore,
  seed: number,
  now: number,
  slicer = new Slicer(),
): Promise<AnswerRecord[]> {
  const since = now - query.lookbackDays * DAY;
  const dates = query.departureDate && new Set(query.departureDate);
  const found: AnswerRecord[] = [];
  let read = 0;
  for (const origin of new Set(expandCityCode(query.origin))) {
    const originNow = query.onlyFutureDepartures ? localNow(origin, now) : undefined;
    const keep = (departureDate: string, createdAt: number): boolean =>
      createdAt >= since &&
      createdAt <= now &&
      (!dates || dates.has(departureDate.slice(0, 10))) &&
      (originNow === undefined || withSeconds(departureDate) > originNow);
    for (const destination of new Set(expandCityCode(query.destination))) {
      if (origin === destination) continue;
      for (const program of new Set(query.airlineLoyalty)) {
        for (const record of baselineHistory(seed, { origin, destination, cabinType: query.cabinType, program }, now)) {
          const createdAt = Date.parse(record.createdAt);
          if (keep(record.departureDate, createdAt)) found.push(answerRecord(record, createdAt));
        }
        for (const observation of store.range(bucketKey(origin, destination, query.cabinType, program), since, now)) {
          const { flight, createdAt, sequence } = observation;
          if (!keep(flight.departureDate, createdAt)) continue;
          observation.answer ??= answerRecord(historyRecord(flight, createdAt, sequence)!, createdAt);
          found.push(observation.answer);
          if (++read % 32 === 0) await slicer.pause();
        }
      }
    }
  }
  return sortInSlices(found, compareRecords, slicer);
}

/**
 * The answer of a history query as JSON text, exactly `JSON.stringify` of `{ total, lookbackDays, flights }`
 * over {@link findHistory}'s records, as the pieces it is made of, never joined (D68): the opening, each
 * record's JSON, the commas between them and the closing.
 */
export async function queryHistoryChunks(
  query: HistoryQuery,
  store: HistoryStore,
  seed: number,
  now: number,
  slicer = new Slicer(),
): Promise<ChunkedBody> {
  const records = await findHistory(query, store, seed, now, slicer);
  // ASCII: its length in characters is its length in bytes.
  const head = `{"total":${records.length},"lookbackDays":${JSON.stringify(query.lookbackDays)},"flights":[`;
  const chunks = [head];
  let length = head.length + 2 + Math.max(records.length - 1, 0);
  for (const [i, record] of records.entries()) {
    if (i > 0) chunks.push(',');
    chunks.push(record.json);
    length += record.byteLength;
  }
  chunks.push(']}');
  return { chunks, length };
}
