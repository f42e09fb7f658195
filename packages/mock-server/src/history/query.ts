import type { HistoryResponse } from '@flight-search/sdk';
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
 * The same answer as JSON bytes, exactly `JSON.stringify(queryHistory(...))`,
 * put together from each record's stored bytes instead of serializing
 * thousands of objects per query, in slices like {@link findHistory}.
 */
export async function queryHistoryBytes(
  query: HistoryQuery,
  store: HistoryStore,
  baseline: BaselineCache,
  now: number,
  slicer = new Slicer(),
): Promise<Uint8Array<ArrayBuffer>> {
  const records = await findHistory(query, store, baseline, now, slicer);
  const head = encoder.encode(`{"total":${records.length},"lookbackDays":${JSON.stringify(query.lookbackDays)},"flights":[`);
  let length = head.length + Math.max(0, records.length - 1) + 2;
  for (let i = 0; i < records.length; i++) {
    length += records[i]!.bytes().length;
    if (i % 64 === 63 && slicer.due) await slicer.pause();
  }
  const out = new Uint8Array(length);
  out.set(head, 0);
  let at = head.length;
  for (let i = 0; i < records.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ,
    const part = records[i]!.bytes();
    out.set(part, at);
    at += part.length;
    if (i % CHECK_EVERY === CHECK_EVERY - 1 && slicer.due) await slicer.pause();
  }
  out[at++] = 0x5d; // ]
  out[at] = 0x7d; // }
  return out;
}
