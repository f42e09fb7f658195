import type { HistoryRecord, HistoryResponse } from '@flight-search/sdk';
import { expandCityCode, localNow } from '../data/index.js';
import type { HistoryQuery } from '../validation/history-query.js';
import type { BaselineCache } from './baseline-cache.js';
import { bucketKey, type HistoryStore, type StoredRecord } from './store.js';

const DAY = 86_400_000;

/** `YYYY-MM-DDTHH:mm` and `YYYY-MM-DDTHH:mm:ss` compare as text once both have seconds. */
const withSeconds = (localDateTime: string): string => (localDateTime.length === 16 ? `${localDateTime}:00` : localDateTime);

/**
 * Answers a history query (D9): city codes expand at both ends (`HISTORY-1`),
 * programs and departure dates are unions (`HISTORY-2`, `HISTORY-5`), records
 * collected in the last `lookbackDays` x 24 h (`HISTORY-3`), optionally only
 * departures still ahead in the origin's local time (`HISTORY-4`), ordered by
 * departure ascending then `createdAt` descending, all of them (`HISTORY-6`).
 */
export function queryHistory(query: HistoryQuery, store: HistoryStore, baseline: BaselineCache, now: number): HistoryResponse {
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
      (!dates || dates.has(entry.record.departureDate.slice(0, 10))) &&
      (originNow === undefined || withSeconds(entry.record.departureDate) > originNow);
    for (const destination of destinations) {
      if (origin === destination) continue;
      for (const program of programs) {
        for (const entry of baseline.get(origin, destination, query.cabinType, program, now)) if (keep(entry)) found.push(entry);
        for (const entry of store.range(bucketKey(origin, destination, query.cabinType, program), since, now)) if (keep(entry)) found.push(entry);
      }
    }
  }

  found.sort(
    (a, b) =>
      compare(withSeconds(a.record.departureDate), withSeconds(b.record.departureDate)) ||
      b.createdAt - a.createdAt ||
      compare(a.record.id, b.record.id),
  );
  const flights: HistoryRecord[] = found.map((entry) => entry.record);
  return { total: flights.length, lookbackDays: query.lookbackDays, flights };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
