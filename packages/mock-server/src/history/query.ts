import type { ChunkedBody } from '../answer-types.js';
import { expandCityCode, localNow } from '../data/index.js';
import type { ParsedHistoryQuery as HistoryQuery } from '@flight-search/contract';
import type { BaselineCache } from './baseline-cache.js';
import { CHECK_EVERY, Slicer, sortInSlices } from './slices.js';
import { bucketKey, type HistoryStore, type StoredRecord } from './store.js';

const DAY = 86_400_000;

/**
 * The answer's order (`HISTORY-6`, D9): departure ascending, then `createdAt`
 * descending, then the id, on keys each record worked out when stored.
 */
const compareRecords = (a: StoredRecord, b: StoredRecord): number => a.departureKey - b.departureKey || b.createdAt - a.createdAt || compareText(a.id, b.id);

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The records that answer a history query (D9), in answer order: city codes
 * expand at both ends (`HISTORY-1`), programs and departure dates are unions
 * (`HISTORY-2`, `HISTORY-5`), records collected in the last `lookbackDays` x
 * 24 h (`HISTORY-3`), optionally only departures still ahead in the origin's
 * local time (`HISTORY-4`), ordered by {@link compareRecords}, all of them
 * (`HISTORY-6`). The work goes in slices (see {@link Slicer}), so
 * a big answer never blocks other requests.
 */
export async function findHistory(
  query: HistoryQuery,
  store: HistoryStore,
  baseline: BaselineCache,
  now: number,
  slicer = new Slicer(),
): Promise<StoredRecord[]> {
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
        const key = bucketKey(origin, destination, query.cabinType, program);
        // Records no query has read yet are built first, in slices (D180).
        await store.build(key, since, now, slicer);
        searched.length = 0;
        store.collect(key, since, now, searched);
        for (let i = 0; i < searched.length; i++) {
          const entry = searched[i]!;
          if (keep(entry)) found.push(entry);
          if (i % 64 === 63 && slicer.due) await slicer.pause();
        }
        if (slicer.due) await slicer.pause();
      }
    }
  }
  return sortInSlices(found, compareRecords, slicer);
}

/**
 * The answer of a history query as JSON text, exactly `JSON.stringify` of
 * `{ total, lookbackDays, flights }` over {@link findHistory}'s records, as the pieces it is made of: the
 * opening, each record's stored JSON (the store's own strings), the commas between them and the closing.
 * Nothing is joined: the server encodes a group of pieces at a time into one
 * buffer it reuses, so an answer allocates no megabytes (whose external memory
 * made V8 collect every few tens of milliseconds under load, issue 18 part 2).
 */
export async function queryHistoryChunks(
  query: HistoryQuery,
  store: HistoryStore,
  baseline: BaselineCache,
  now: number,
  slicer = new Slicer(),
): Promise<ChunkedBody> {
  const records = await findHistory(query, store, baseline, now, slicer);
  // ASCII: its length in characters is its length in bytes.
  const head = `{"total":${records.length},"lookbackDays":${JSON.stringify(query.lookbackDays)},"flights":[`;
  const chunks: string[] = [head];
  let length = head.length + END.length;
  for (let i = 0; i < records.length; i++) {
    if (i > 0) {
      chunks.push(',');
      length += 1;
    }
    const record = records[i]!;
    chunks.push(record.json);
    length += record.byteLength;
    if (i % CHECK_EVERY === CHECK_EVERY - 1 && slicer.due) await slicer.pause();
  }
  chunks.push(END);
  return { chunks, length };
}

const END = ']}';
