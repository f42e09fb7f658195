import type { CabinType, HistoryRecord, MilesProgram } from '@flight-search/contract';
import { baselineHistory } from './baseline.js';
import { bucketKey, StoredRecord } from './store.js';

const DAY = 86_400_000;

/** Routes (route + cabin + program, per UTC day) kept at most. */
export const BASELINE_CACHE_ROUTES = 512;

/**
 * Records kept at most across those routes: each keeps its keys and JSON
 * bytes (about 1 kB together), so this bounds the cache
 * to some 50 MB whatever the size of a route's baseline (with 190 records a
 * route and program over 30 days, 260 routes).
 */
export const BASELINE_CACHE_RECORDS = 50_000;

/**
 * The generated baseline records of a route (D9), generated once per route and
 * UTC day (the data is the same all day) and kept for the most recent routes,
 * within {@link BASELINE_CACHE_ROUTES} routes and {@link BASELINE_CACHE_RECORDS} records.
 */
export class BaselineCache {
  readonly #entries = new Map<string, StoredRecord[]>();
  #records = 0;

  constructor(private readonly seed: number) {}

  /** Routes and records kept (for tests and budgets). */
  counts(): { routes: number; records: number } {
    return { routes: this.#entries.size, records: this.#records };
  }

  get(origin: string, destination: string, cabinType: CabinType, program: MilesProgram, now: number): StoredRecord[] {
    const key = `${bucketKey(origin, destination, cabinType, program)}|${Math.floor(now / DAY)}`;
    let records = this.#entries.get(key);
    if (records) {
      // Most recently used last, so the first key is the one to drop.
      this.#entries.delete(key);
    } else {
      records = baselineHistory(this.seed, { origin, destination, cabinType, program }, now).map((record: HistoryRecord) => new StoredRecord(record));
      this.#records += records.length;
    }
    this.#entries.set(key, records);
    // The route just asked for stays, even alone over the bound: it is being answered.
    while (this.#entries.size > 1 && (this.#entries.size > BASELINE_CACHE_ROUTES || this.#records > BASELINE_CACHE_RECORDS)) {
      const oldest = this.#entries.keys().next().value!;
      this.#records -= this.#entries.get(oldest)!.length;
      this.#entries.delete(oldest);
    }
    return records;
  }
}
