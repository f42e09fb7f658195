import type { CabinType, HistoryRecord, ParsedFlight } from '@flight-search/contract';
import { utf8Length } from '../answer-types.js';
import { formatUtc } from '../data/time/index.js';
import { historyRecord } from './records.js';
import type { Slicer } from './slices.js';

/** `YYYY-MM-DDTHH:mm` and `YYYY-MM-DDTHH:mm:ss` compare as text once both have seconds. */
const withSeconds = (localDateTime: string): string => (localDateTime.length === 16 ? `${localDateTime}:00` : localDateTime);

/**
 * A local date-time (`YYYY-MM-DDTHH:mm[:ss]`) as a number that orders exactly
 * as the text with seconds does (the fields in decreasing weight), so the
 * answer's sort compares numbers.
 */
function departureKey(localDateTime: string): number {
  const text = withSeconds(localDateTime);
  return Date.UTC(
    Number(text.slice(0, 4)),
    Number(text.slice(5, 7)) - 1,
    Number(text.slice(8, 10)),
    Number(text.slice(11, 13)),
    Number(text.slice(14, 16)),
    Number(text.slice(17, 19)),
  );
}

/**
 * A stored history record: its sort keys worked out once (`createdAt` as epoch
 * ms, the departure as a number: `HISTORY-4`, `HISTORY-5`, `HISTORY-6`), its
 * id (the last tie-break) and its JSON text with that text's UTF-8 length, all
 * made when it is built, so a query only filters, sorts and puts stored texts
 * side by side. The text is a string, not bytes: a buffer per record (its own
 * backing store, tracked by every collection) costs the collector far more (D180).
 */
export class StoredRecord {
  readonly createdAt: number;
  /** The departure with seconds. */
  readonly departure: string;
  readonly departureKey: number;
  readonly id: string;
  /** The record as JSON. */
  readonly json: string;
  /** {@link json}'s length in UTF-8 bytes. */
  readonly byteLength: number;

  /** `createdAt` is the record's own as epoch ms, when the caller has it (else read from the record). */
  constructor(record: HistoryRecord, createdAt = Date.parse(record.createdAt)) {
    this.createdAt = createdAt;
    this.departure = withSeconds(record.departureDate);
    this.departureKey = departureKey(this.departure);
    this.id = record.id;
    this.json = JSON.stringify(record);
    this.byteLength = utf8Length(this.json);
  }

  /** The record, read back from its JSON (for tests: the store keeps only the JSON). */
  get record(): HistoryRecord {
    return JSON.parse(this.json) as HistoryRecord;
  }
}

/**
 * The collection hour (D67): sightings of one flight by searches within the
 * same UTC clock hour are one observation, the newest, as a price collector
 * stores them.
 */
const COLLECTION_MS = 3_600_000;

/**
 * What makes two sightings of a bucket's flights (one route, cabin and
 * program) the same observation: the itinerary (its flight code names every
 * leg), its departure and the kind of fare (one way or round trip).
 */
const observationKey = (flight: ParsedFlight): string => `${flight.flightCode}|${flight.departureDate}|${flight.tripType}`;

/** Keys per flights array: a repeated search shares its array, so its keys are made once and shared too. */
const keysByFlights = new WeakMap<readonly ParsedFlight[], readonly string[]>();

function observationKeys(flights: readonly ParsedFlight[]): readonly string[] {
  let keys = keysByFlights.get(flights);
  if (!keys) {
    keys = flights.map(observationKey);
    keysByFlights.set(flights, keys);
  }
  return keys;
}

/** A searched record kept but not built yet: its group builds every such one when first read (D180). */
const UNBUILT: unique symbol = Symbol('unbuilt');

/**
 * The flights of a searched group again, in the same order, when its records
 * are first read: regenerated from the seed, the search and its instant
 * (D180), or the flights themselves, kept until then.
 */
export type FlightsSource = () => readonly ParsedFlight[];

/**
 * The records one search added to one bucket (its flights of one route, cabin
 * and program), kept as a single item of the bucket and the eviction queue, so
 * a search costs those one slot each, whatever its number of flights. Its
 * records are built when a query first reads them, not when the search stores
 * them (D180): until then the group holds only their observation keys and
 * where to get its flights again. A record leaves it when evicted (oldest
 * first) or when a newer sighting of its flight in the same collection hour
 * replaces it (D67): its slot is emptied, releasing its text at once.
 */
class SearchedGroup {
  /** One per flight: its record, {@link UNBUILT} before it is read, `undefined` once gone. */
  readonly entries: (StoredRecord | typeof UNBUILT | undefined)[];
  #count: number;
  /** Every record before this index is gone. */
  #front = 0;
  /** Where the flights come from until the records are built; `undefined` after. */
  #source: FlightsSource | undefined;

  constructor(
    /** {@link observationKey} of each flight. */
    readonly keys: readonly string[],
    /** As for every record, to the second. */
    readonly createdAt: number,
    /** The store's number of the first flight's record; the others follow in order. */
    readonly firstSequence: number,
    source: FlightsSource,
  ) {
    this.entries = keys.map(() => UNBUILT);
    this.#count = keys.length;
    this.#source = source;
  }

  /** Records kept. */
  get count(): number {
    return this.#count;
  }

  /** Whether the records kept are built (a group built once stays built). */
  get built(): boolean {
    return this.#source === undefined;
  }

  /** The index of the oldest record kept (the lowest; they share one time). */
  oldest(): number {
    while (this.entries[this.#front] === undefined) this.#front++;
    return this.#front;
  }

  /** The index of the kept record of the observation `key`, or -1. */
  indexOf(key: string): number {
    for (let i = this.#front; i < this.keys.length; i++) if (this.keys[i] === key && this.entries[i]) return i;
    return -1;
  }

  /** Keys of the records kept. */
  *keptKeys(): Generator<string> {
    for (let i = this.#front; i < this.keys.length; i++) if (this.entries[i]) yield this.keys[i]!;
  }

  remove(index: number): void {
    this.entries[index] = undefined;
    this.#count--;
  }

  /** Appends the records kept (the group must be built). */
  collect(into: StoredRecord[]): void {
    for (let i = this.#front; i < this.entries.length; i++) {
      const entry = this.entries[i];
      if (entry) into.push(entry as StoredRecord);
    }
  }

  /**
   * Builds each kept record from its flight, as the search would have when it stored them; `false`, building
   * nothing, when the flights given again are not the ones the search stored (a bug: never records made up
   * from other flights).
   */
  build(): boolean {
    const flights = this.#source?.() ?? [];
    this.#source = undefined;
    if (flights.length !== this.keys.length || flights.some((flight, i) => observationKey(flight) !== this.keys[i])) return false;
    // Every record of the group has the same instant: written once, not once a record.
    const createdAtText = formatUtc(this.createdAt);
    for (let i = this.#front; i < this.entries.length; i++) {
      if (this.entries[i] === UNBUILT)
        this.entries[i] = new StoredRecord(historyRecord(flights[i]!, this.createdAt, this.firstSequence + i, createdAtText)!, this.createdAt);
    }
    return true;
  }

  /** Empties the group: every record gone. */
  clear(): void {
    this.entries.fill(undefined);
    this.#count = 0;
    this.#source = undefined;
  }
}

type Item = StoredRecord | SearchedGroup;

/** Whether an item lost all its records to newer sightings: out of its bucket, its eviction slot awaits skipping. */
const isEmptied = (item: Item): boolean => item instanceof SearchedGroup && item.count === 0;

/**
 * Items of one route, cabin and program, sorted by `createdAt`. Evicted items
 * are released at once (their slot emptied, `head` moved past them) and the
 * array is compacted when the emptied front is as long as the rest; an empty
 * bucket leaves the store. `observed` finds the searched records of one
 * collection hour (the last one written) by {@link observationKey}.
 */
interface Bucket {
  readonly key: string;
  items: (Item | undefined)[];
  head: number;
  /** The collection hour `observed` indexes (`createdAt / COLLECTION_MS`, floored); NaN before the first search. */
  hour: number;
  /** The group holding each observation of that hour: one per key (D67). */
  observed: Map<string, SearchedGroup>;
}

/** Below this many emptied slots the eviction queue is not worth compacting. */
const COMPACT_MIN = 32;

export const bucketKey = (origin: string, destination: string, cabinType: CabinType, program: string): string =>
  `${origin}|${destination}|${cabinType}|${program}`;

/** The store's own counters: what it holds, for tests and budgets (deterministic, unlike a heap size). */
export interface HistoryStoreCounts {
  /** Records kept (at most the cap). */
  records: number;
  /** Route + cabin + program buckets (each holds at least one record). */
  buckets: number;
  /** Items the buckets hold: one per search and bucket, or per record added as such (each holds at least one record). */
  items: number;
  /** Array slots held, kept items and emptied ones not yet compacted away (buckets and the eviction queue). */
  slots: number;
  /** Observations indexed for replacement: the searched records of each bucket's latest collection hour (at most the records). */
  observed: number;
  /** Records built (their JSON made): the searched ones a query has read, and those added as such (D180). */
  built: number;
}

/**
 * The records of successful searches (D9), indexed by route + cabin + program
 * so a query reads only its buckets, and within a bucket only its time window
 * (binary search on `createdAt`). A flight seen again within the same
 * collection hour replaces its earlier record (D67). Bounded by `cap`
 * records: the oldest record added is dropped first, and what it leaves behind
 * (an emptied item, an empty bucket) is released with it, so memory follows
 * the records kept.
 */
export class HistoryStore {
  readonly #buckets = new Map<string, Bucket>();
  /** Insertion order across buckets, for eviction (bucket, item, bucket, item...); `#oldest` skips evicted ones. */
  #order: (Bucket | Item | undefined)[] = [];
  #oldest = 0;
  /** Pairs in `#order` whose item was emptied by newer sightings (skipped by eviction, dropped by compaction). */
  #emptied = 0;
  #size = 0;
  /** Searched records numbered so far: the same requests on a fresh store number them the same. */
  #sequence = 0;

  constructor(private readonly cap: number) {}

  /** Records kept. */
  get size(): number {
    return this.#size;
  }

  /** What the store holds (see {@link HistoryStoreCounts}). */
  counts(): HistoryStoreCounts {
    let items = 0;
    let slots = this.#order.length;
    let observed = 0;
    let built = 0;
    for (const bucket of this.#buckets.values()) {
      items += bucket.items.length - bucket.head;
      slots += bucket.items.length;
      observed += bucket.observed.size;
      for (let i = bucket.head; i < bucket.items.length; i++) {
        const item = bucket.items[i]!;
        built += item instanceof SearchedGroup ? (item.built ? item.count : 0) : 1;
      }
    }
    return { records: this.#size, buckets: this.#buckets.size, items, slots, observed, built };
  }

  /** Stores a record object as it is (not an observation: nothing replaces it, it replaces nothing). */
  add(record: HistoryRecord): void {
    if (this.cap === 0) return;
    this.#store(this.#bucket(bucketKey(record.origin, record.destination, record.cabinType, record.airlineLoyalty)), new StoredRecord(record), 1);
  }

  /**
   * Stores the records of a search's flights that share one route, cabin and
   * program (each a miles flight with a record). They are built when a query
   * first reads them (D180), from the flights `source` gives then: the same
   * flights in the same order (by default these ones, kept until then). A
   * flight already observed in the same collection hour has its earlier
   * record replaced by this one (D67).
   */
  addFlights(flights: readonly ParsedFlight[], searchedAt: number, source: FlightsSource = () => flights): void {
    const first = flights[0];
    if (!first || this.cap === 0) return;
    const createdAt = Math.floor(searchedAt / 1000) * 1000;
    const group = new SearchedGroup(observationKeys(flights), createdAt, this.#sequence, source);
    this.#sequence += flights.length;
    const bucket = this.#bucket(bucketKey(first.origin, first.destination, first.cabinType, first.airlineLoyalty));
    const observed = this.#observedIn(bucket, Math.floor(createdAt / COLLECTION_MS));
    for (const key of group.keys) {
      const earlier = observed.get(key);
      if (earlier) this.#replace(bucket, earlier, key, group);
      observed.set(key, group);
    }
    this.#store(bucket, group, group.count);
  }

  #bucket(key: string): Bucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { key, items: [], head: 0, hour: Number.NaN, observed: new Map() };
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }

  /**
   * The bucket's observations of collection hour `hour`. The clock normally
   * moves forward, so a new hour starts empty; a test clock moved back (or
   * returning to an hour already written) indexes what the bucket holds of it.
   */
  #observedIn(bucket: Bucket, hour: number): Map<string, SearchedGroup> {
    if (bucket.hour === hour) return bucket.observed;
    bucket.hour = hour;
    bucket.observed = new Map();
    const since = hour * COLLECTION_MS;
    for (let i = lowerBound(bucket, since); i < bucket.items.length; i++) {
      const item = bucket.items[i]!;
      if (item.createdAt >= since + COLLECTION_MS) break;
      if (item instanceof SearchedGroup) for (const key of item.keptKeys()) bucket.observed.set(key, item);
    }
    return bucket.observed;
  }

  /** Removes `earlier`'s record of observation `key`, which the group `by` (being stored) replaces. */
  #replace(bucket: Bucket, earlier: SearchedGroup, key: string, by: SearchedGroup): void {
    const index = earlier.indexOf(key);
    if (index === -1) return;
    earlier.remove(index);
    // A flight twice in one search: the group being stored is not counted yet.
    if (earlier === by) return;
    this.#size--;
    if (earlier.count > 0) return;
    // Emptied: out of its bucket now (it is in the current hour, so near the end); its eviction slot is skipped when reached.
    const at = bucket.items.lastIndexOf(earlier);
    if (at >= bucket.head) bucket.items.splice(at, 1);
    this.#emptied++;
    this.#compactOrder();
  }

  #store(bucket: Bucket, item: Item, count: number): void {
    const last = bucket.items[bucket.items.length - 1];
    // The clock normally only moves forward; a test clock moved back inserts in place.
    if (!last || last.createdAt <= item.createdAt) bucket.items.push(item);
    else bucket.items.splice(lowerBound(bucket, item.createdAt + 1), 0, item);
    this.#order.push(bucket, item);
    this.#size += count;
    while (this.#size > this.cap) this.#evictOldest();
  }

  /** Appends the records of a bucket with `since <= createdAt <= until` to `into`, building those not built yet. */
  collect(key: string, since: number, until: number, into: StoredRecord[]): void {
    const bucket = this.#buckets.get(key);
    if (!bucket) return;
    for (let i = lowerBound(bucket, since); i < bucket.items.length; i++) {
      const item = bucket.items[i]!;
      if (item.createdAt > until) break;
      if (item instanceof SearchedGroup) {
        if (!item.built) this.#build(bucket, item);
        item.collect(into);
      } else into.push(item);
    }
  }

  /**
   * Builds the searched records of a bucket with `since <= createdAt <= until` that no query has read yet,
   * a group at a time, pausing when the slice is due (D46): the first query after many searches regenerates
   * their flights (D180), and other requests wait for one slice of it, not all of it.
   */
  async build(key: string, since: number, until: number, slicer: Slicer): Promise<void> {
    let bucket = this.#buckets.get(key);
    if (!bucket) return;
    let items = bucket.items;
    for (let i = lowerBound(bucket, since); i < items.length; i++) {
      const item = items[i]!;
      if (item.createdAt > until) return;
      if (!(item instanceof SearchedGroup) || item.built) continue;
      this.#build(bucket, item);
      if (!slicer.due) continue;
      await slicer.pause();
      // Meanwhile searches may have added to the bucket, emptied it or compacted it: find the place again unless it stayed put.
      bucket = this.#buckets.get(key);
      if (!bucket) return;
      if (bucket.items !== items || items[i] !== item) {
        items = bucket.items;
        i = lowerBound(bucket, item.createdAt) - 1;
      }
    }
  }

  /** Builds a group's records; one whose flights cannot be given again loses its records, and the query fails once, loudly. */
  #build(bucket: Bucket, group: SearchedGroup): void {
    if (group.build()) return;
    this.#size -= group.count;
    group.clear();
    for (const [key, holder] of bucket.observed) if (holder === group) bucket.observed.delete(key);
    const at = bucket.items.indexOf(group, bucket.head);
    if (at !== -1) bucket.items.splice(at, 1);
    if (bucket.head >= bucket.items.length) this.#buckets.delete(bucket.key);
    this.#emptied++;
    this.#compactOrder();
    throw new Error('history: the flights generated again for a searched group are not the ones its search stored; its records were dropped');
  }

  /** Records of a bucket with `since <= createdAt <= until`. */
  range(key: string, since: number, until: number): StoredRecord[] {
    const found: StoredRecord[] = [];
    this.collect(key, since, until, found);
    return found;
  }

  /** Drops the oldest record: the first kept record of the oldest item still holding one. */
  #evictOldest(): void {
    let bucket = this.#order[this.#oldest] as Bucket | undefined;
    let item = this.#order[this.#oldest + 1] as Item | undefined;
    while (item && isEmptied(item)) {
      this.#order[this.#oldest] = undefined;
      this.#order[this.#oldest + 1] = undefined;
      this.#oldest += 2;
      this.#emptied--;
      bucket = this.#order[this.#oldest] as Bucket | undefined;
      item = this.#order[this.#oldest + 1] as Item | undefined;
    }
    if (!bucket || !item) return;
    this.#size--;
    if (item instanceof SearchedGroup) {
      const index = item.oldest();
      const key = item.keys[index]!;
      // Evicted, the observation is no longer indexed: a later sighting in the hour is a new record.
      if (bucket.observed.get(key) === item) bucket.observed.delete(key);
      item.remove(index);
      if (item.count > 0) return;
    }
    this.#order[this.#oldest] = undefined;
    this.#order[this.#oldest + 1] = undefined;
    this.#oldest += 2;
    this.#compactOrder();

    if (bucket.items[bucket.head] === item) {
      bucket.items[bucket.head++] = undefined;
    } else {
      const index = bucket.items.indexOf(item, bucket.head);
      if (index !== -1) bucket.items.splice(index, 1);
    }
    if (bucket.head === bucket.items.length) {
      this.#buckets.delete(bucket.key);
      return;
    }
    // Without a minimum here: the store may hold as many buckets as records, each small.
    if (bucket.head * 2 >= bucket.items.length) {
      bucket.items = bucket.items.slice(bucket.head);
      bucket.head = 0;
    }
  }

  /** Compacts the eviction queue once its wasted slots (evicted front, emptied items) are as many as the rest. */
  #compactOrder(): void {
    const wasted = this.#oldest + 2 * this.#emptied;
    if (wasted < COMPACT_MIN || wasted * 2 < this.#order.length) return;
    const kept: (Bucket | Item | undefined)[] = [];
    for (let i = this.#oldest; i < this.#order.length; i += 2) {
      const item = this.#order[i + 1] as Item;
      if (!isEmptied(item)) kept.push(this.#order[i], item);
    }
    this.#order = kept;
    this.#oldest = 0;
    this.#emptied = 0;
  }
}

/** First index at or after `head` whose `createdAt` is >= `time`. */
function lowerBound(bucket: Bucket, time: number): number {
  let low = bucket.head;
  let high = bucket.items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (bucket.items[middle]!.createdAt < time) low = middle + 1;
    else high = middle;
  }
  return low;
}
