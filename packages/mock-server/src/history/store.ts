import type { CabinType, HistoryRecord, ParsedFlight } from '@flight-search/sdk';
import { historyRecord } from '../data/index.js';

const encoder = new TextEncoder();

/** `YYYY-MM-DDTHH:mm` and `YYYY-MM-DDTHH:mm:ss` compare as text once both have seconds. */
export const withSeconds = (localDateTime: string): string => (localDateTime.length === 16 ? `${localDateTime}:00` : localDateTime);

/**
 * A stored history record: `createdAt` as epoch ms and the departure with
 * seconds (the sort key, `HISTORY-4`, `HISTORY-5`) worked out once; the record
 * itself, and its JSON bytes, made once on first use (a query answer is then
 * the stored bytes put side by side).
 */
export abstract class StoredRecord {
  #bytes: Uint8Array<ArrayBuffer> | undefined;

  constructor(
    readonly createdAt: number,
    readonly departure: string,
  ) {}

  abstract get record(): HistoryRecord;

  /** The record as UTF-8 JSON, serialized on first use and kept. */
  bytes(): Uint8Array<ArrayBuffer> {
    return (this.#bytes ??= encoder.encode(JSON.stringify(this.record)));
  }
}

/** A record kept as an object (the generated baseline; records added as such). */
export class RecordEntry extends StoredRecord {
  constructor(readonly record: HistoryRecord) {
    super(Date.parse(record.createdAt), withSeconds(record.departureDate));
  }
}

/**
 * A searched flight's record, kept compactly as the flight the search answered
 * with (shared with the search, not a copy) and the time of the search: the
 * record is a pure function of both (`historyRecord`), so it is rebuilt, the
 * same each time, when a query reads it.
 */
export class FlightEntry extends StoredRecord {
  constructor(
    readonly flight: ParsedFlight,
    /** The search's time in ms: the record's id derives from it. */
    readonly searchedAt: number,
    /** The record's number in its store, so two records of one flight at one instant differ in id. */
    readonly sequence: number,
  ) {
    // The record's `createdAt` is written to the second; windows and order read that, as for any record.
    super(Math.floor(searchedAt / 1000) * 1000, withSeconds(flight.departureDate));
  }

  get record(): HistoryRecord {
    return historyRecord(this.flight, this.searchedAt, this.sequence)!;
  }
}

/**
 * The records one search added to one bucket (its flights of one route, cabin
 * and program), kept as a single entry: the flights array is the one the
 * search answered with (shared by every search with the same request), so a
 * search costs the store one small object, whatever its number of flights.
 * Eviction drops its records one by one from the front (`dropped`).
 */
class SearchedGroup {
  dropped = 0;
  #entries: FlightEntry[] | undefined;

  constructor(
    readonly flights: readonly ParsedFlight[],
    readonly searchedAt: number,
    /** As for every record, to the second. */
    readonly createdAt: number,
    /** The store's number of the group's first record; the others follow it. */
    readonly firstSequence: number,
  ) {}

  get count(): number {
    return this.flights.length - this.dropped;
  }

  /** One entry per record still kept, made on the first query that reads the group. */
  entries(): FlightEntry[] {
    this.#entries ??= this.flights.map((flight, index) => new FlightEntry(flight, this.searchedAt, this.firstSequence + index));
    return this.dropped === 0 ? this.#entries : this.#entries.slice(this.dropped);
  }
}

type Item = StoredRecord | SearchedGroup;

/** Items of one route, cabin and program, sorted by `createdAt`; `head` skips evicted ones. */
interface Bucket {
  entries: Item[];
  head: number;
}

export const bucketKey = (origin: string, destination: string, cabinType: CabinType, program: string): string =>
  `${origin}|${destination}|${cabinType}|${program}`;

/**
 * The records of successful searches (D9), indexed by route + cabin + program
 * so a query reads only its buckets, and within a bucket only its time window
 * (binary search on `createdAt`). Bounded by `cap` records: the oldest record
 * added is dropped first.
 */
export class HistoryStore {
  readonly #buckets = new Map<string, Bucket>();
  /** Insertion order across buckets, for eviction (bucket, item, bucket, item...); `#oldest` skips evicted ones. */
  #order: (Bucket | Item)[] = [];
  #oldest = 0;
  #size = 0;
  /** Searched records numbered so far: the same requests on a fresh store number them the same. */
  #sequence = 0;

  constructor(private readonly cap: number) {}

  /** Records kept. */
  get size(): number {
    return this.#size;
  }

  /** Stores a record object. */
  add(record: HistoryRecord): void {
    this.#store(bucketKey(record.origin, record.destination, record.cabinType, record.airlineLoyalty), new RecordEntry(record), 1);
  }

  /** Stores the record of a searched flight priced in miles (see {@link FlightEntry}); `searchedAt` in epoch ms. */
  addFlight(flight: ParsedFlight, searchedAt: number): void {
    this.addFlights([flight], searchedAt);
  }

  /**
   * Stores the records of a search's flights that share one route, cabin and
   * program (each a miles flight with a record), by reference to `flights`,
   * which must not change afterwards.
   */
  addFlights(flights: readonly ParsedFlight[], searchedAt: number): void {
    const first = flights[0];
    if (!first) return;
    const group = new SearchedGroup(flights, searchedAt, Math.floor(searchedAt / 1000) * 1000, this.#sequence);
    this.#sequence += flights.length;
    this.#store(bucketKey(first.origin, first.destination, first.cabinType, first.airlineLoyalty), group, flights.length);
  }

  #store(key: string, item: Item, count: number): void {
    if (this.cap === 0) return;
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { entries: [], head: 0 };
      this.#buckets.set(key, bucket);
    }
    const last = bucket.entries[bucket.entries.length - 1];
    // The clock normally only moves forward; a test clock moved back inserts in place.
    if (!last || last.createdAt <= item.createdAt) bucket.entries.push(item);
    else bucket.entries.splice(lowerBound(bucket, item.createdAt + 1), 0, item);
    this.#order.push(bucket, item);
    this.#size += count;
    while (this.#size > this.cap) this.#evictOldest();
  }

  /** Records of a bucket with `since <= createdAt <= until`. */
  range(key: string, since: number, until: number): StoredRecord[] {
    const bucket = this.#buckets.get(key);
    if (!bucket) return [];
    const found: StoredRecord[] = [];
    for (let i = lowerBound(bucket, since); i < bucket.entries.length; i++) {
      const item = bucket.entries[i]!;
      if (item.createdAt > until) break;
      if (item instanceof SearchedGroup) for (const entry of item.entries()) found.push(entry);
      else found.push(item);
    }
    return found;
  }

  /** Drops the oldest record: the first kept record of the oldest item. */
  #evictOldest(): void {
    const bucket = this.#order[this.#oldest] as Bucket | undefined;
    const item = this.#order[this.#oldest + 1] as Item | undefined;
    if (!bucket || !item) return;
    this.#size--;
    if (item instanceof SearchedGroup && item.count > 1) {
      item.dropped++;
      return;
    }
    this.#oldest += 2;
    if (bucket.entries[bucket.head] === item) bucket.head++;
    else {
      const index = bucket.entries.indexOf(item, bucket.head);
      if (index !== -1) bucket.entries.splice(index, 1);
    }
    // Compact now and then so evicted entries do not pile up.
    if (bucket.head > 1024 && bucket.head * 2 > bucket.entries.length) {
      bucket.entries = bucket.entries.slice(bucket.head);
      bucket.head = 0;
    }
    if (this.#oldest > 2048 && this.#oldest * 2 > this.#order.length) {
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
