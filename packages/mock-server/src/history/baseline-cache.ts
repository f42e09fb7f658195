import type { CabinType, HistoryRecord, MilesProgram } from '@flight-search/sdk';
import { baselineHistory } from '../data/index.js';
import { bucketKey, RecordEntry, type StoredRecord } from './store.js';

const DAY = 86_400_000;
const CAPACITY = 512;

/**
 * The generated baseline records of a route (D9), generated once per route and
 * UTC day (the data is the same all day) and kept for the most recent routes.
 */
export class BaselineCache {
  readonly #entries = new Map<string, StoredRecord[]>();

  constructor(private readonly seed: number) {}

  get(origin: string, destination: string, cabinType: CabinType, program: MilesProgram, now: number): StoredRecord[] {
    const key = `${bucketKey(origin, destination, cabinType, program)}|${Math.floor(now / DAY)}`;
    let records = this.#entries.get(key);
    if (records) {
      // Most recently used last, so the first key is the one to drop.
      this.#entries.delete(key);
    } else {
      records = baselineHistory(this.seed, { origin, destination, cabinType, program }, now).map((record: HistoryRecord) => new RecordEntry(record));
    }
    this.#entries.set(key, records);
    if (this.#entries.size > CAPACITY) this.#entries.delete(this.#entries.keys().next().value!);
    return records;
  }
}
