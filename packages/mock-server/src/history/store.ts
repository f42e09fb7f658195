import type { CabinType, HistoryRecord } from '@flight-search/sdk';

/** A stored record with its `createdAt` as epoch ms, for range reads without parsing. */
export interface StoredRecord {
  createdAt: number;
  record: HistoryRecord;
}

/** Records of one route, cabin and program, sorted by `createdAt`; `head` skips evicted ones. */
interface Bucket {
  entries: StoredRecord[];
  head: number;
}

export const bucketKey = (origin: string, destination: string, cabinType: CabinType, program: string): string =>
  `${origin}|${destination}|${cabinType}|${program}`;

/**
 * The records of successful searches (D9), indexed by route + cabin + program
 * so a query reads only its buckets, and within a bucket only its time window
 * (binary search on `createdAt`). Bounded by `cap`: the oldest record added is
 * dropped first.
 */
export class HistoryStore {
  readonly #buckets = new Map<string, Bucket>();
  /** Insertion order across buckets, for eviction; `#oldest` skips evicted ones. */
  #order: { bucket: Bucket; entry: StoredRecord }[] = [];
  #oldest = 0;

  constructor(private readonly cap: number) {}

  get size(): number {
    return this.#order.length - this.#oldest;
  }

  add(record: HistoryRecord): void {
    if (this.cap === 0) return;
    const key = bucketKey(record.origin, record.destination, record.cabinType, record.airlineLoyalty);
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { entries: [], head: 0 };
      this.#buckets.set(key, bucket);
    }
    const entry: StoredRecord = { createdAt: Date.parse(record.createdAt), record };
    const last = bucket.entries[bucket.entries.length - 1];
    // The clock normally only moves forward; a test clock moved back inserts in place.
    if (!last || last.createdAt <= entry.createdAt) bucket.entries.push(entry);
    else bucket.entries.splice(lowerBound(bucket, entry.createdAt + 1), 0, entry);
    this.#order.push({ bucket, entry });
    while (this.size > this.cap) this.#evictOldest();
  }

  /** Records of a bucket with `since <= createdAt <= until`. */
  range(key: string, since: number, until: number): StoredRecord[] {
    const bucket = this.#buckets.get(key);
    if (!bucket) return [];
    const found: StoredRecord[] = [];
    for (let i = lowerBound(bucket, since); i < bucket.entries.length; i++) {
      const entry = bucket.entries[i]!;
      if (entry.createdAt > until) break;
      found.push(entry);
    }
    return found;
  }

  #evictOldest(): void {
    const oldest = this.#order[this.#oldest++];
    if (!oldest) return;
    const { bucket, entry } = oldest;
    if (bucket.entries[bucket.head] === entry) bucket.head++;
    else {
      const index = bucket.entries.indexOf(entry, bucket.head);
      if (index !== -1) bucket.entries.splice(index, 1);
    }
    // Compact now and then so evicted entries do not pile up.
    if (bucket.head > 1024 && bucket.head * 2 > bucket.entries.length) {
      bucket.entries = bucket.entries.slice(bucket.head);
      bucket.head = 0;
    }
    if (this.#oldest > 1024 && this.#oldest * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#oldest);
      this.#oldest = 0;
    }
  }
}

/** First index at or after `head` whose `createdAt` is >= `time`. */
function lowerBound(bucket: Bucket, time: number): number {
  let low = bucket.head;
  let high = bucket.entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (bucket.entries[middle]!.createdAt < time) low = middle + 1;
    else high = middle;
  }
  return low;
}
