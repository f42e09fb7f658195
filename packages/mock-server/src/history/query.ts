import type { HistoryResponse } from '@flight-search/sdk';
import { expandCityCode, localNow } from '../data/index.js';
import type { HistoryQuery } from '../validation/history-query.js';
import type { BaselineCache } from './baseline-cache.js';
import { bucketKey, type HistoryStore, type StoredRecord } from './store.js';

const DAY = 86_400_000;

/**
 * The records that answer a history query (D9), in answer order: city codes
 * expand at both ends (`HISTORY-1`), programs and departure dates are unions
 * (`HISTORY-2`, `HISTORY-5`), records collected in the last `lookbackDays` x
 * 24 h (`HISTORY-3`), optionally only departures still ahead in the origin's
 * local time (`HISTORY-4`), ordered by departure ascending then `createdAt`
 * descending, all of them (`HISTORY-6`).
 */
export function findHistory(query: HistoryQuery, store: HistoryStore, baseline: BaselineCache, now: number): StoredRecord[] {
  const since = now - query.lookbackDays * DAY;
  const origins = [...new Set(expandCityCode(query.origin))];
  const destinations = [...new Set(expandCityCode(query.destination))];
  const programs = [...new Set(query.airlineLoyalty)];
  const dates = query.departureDate && new Set(query.departureDate);
  const found: StoredRecord[] = [];

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
        for (const entry of store.range(bucketKey(origin, destination, query.cabinType, program), since, now)) if (keep(entry)) found.push(entry);
      }
    }
  }

  // Sort keys worked out once per record (departure with seconds, createdAt); the id only breaks ties.
  found.sort((a, b) =>
    a.departure < b.departure ? -1 : a.departure > b.departure ? 1 : b.createdAt - a.createdAt || compare(a.record.id, b.record.id),
  );
  return found;
}

/** The answer of a history query as an object (see {@link findHistory}). */
export function queryHistory(query: HistoryQuery, store: HistoryStore, baseline: BaselineCache, now: number): HistoryResponse {
  const flights = findHistory(query, store, baseline, now).map((entry) => entry.record);
  return { total: flights.length, lookbackDays: query.lookbackDays, flights };
}

const encoder = new TextEncoder();

/**
 * The same answer as JSON bytes, exactly `JSON.stringify(queryHistory(...))`,
 * put together from each record's stored bytes instead of serializing
 * thousands of objects per query.
 */
export function queryHistoryBytes(query: HistoryQuery, store: HistoryStore, baseline: BaselineCache, now: number): Uint8Array<ArrayBuffer> {
  const records = findHistory(query, store, baseline, now);
  const head = encoder.encode(`{"total":${records.length},"lookbackDays":${JSON.stringify(query.lookbackDays)},"flights":[`);
  const parts = records.map((entry) => entry.bytes());
  let length = head.length + Math.max(0, parts.length - 1) + 2;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  out.set(head, 0);
  let at = head.length;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ,
    out.set(parts[i]!, at);
    at += parts[i]!.length;
  }
  out[at++] = 0x5d; // ]
  out[at] = 0x7d; // }
  return out;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
