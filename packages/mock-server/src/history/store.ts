import type { CabinType, ParsedFlight } from '@flight-search/contract';
import type { AnswerRecord } from './query.js';
import { hasHistory } from './records.js';

/** The collection hour (D67): sightings of a flight within one UTC clock hour are one observation, the newest. */
const HOUR = 3_600_000;

/** A searched flight kept as it was answered, one observation (D67); the first query that reads it builds its record. */
export interface Observation {
  readonly flight: ParsedFlight;
  /** The search's instant to the second (epoch ms): the record's `createdAt`. */
  readonly createdAt: number;
  /** The record's number in the store: the same requests on a fresh store give the same ids (D67). */
  readonly sequence: number;
  /** Its {@link bucketKey}. */
  readonly bucket: string;
  /** Flight code, departure, trip type and collection hour: what makes two sightings one observation (D67). */
  readonly key: string;
  /** Its record, once a query has built it. */
  answer: AnswerRecord | undefined;
}

export const bucketKey = (origin: string, destination: string, cabinType: CabinType, program: string): string =>
  `${origin}|${destination}|${cabinType}|${program}`;

/**
 * The flights of successful MILES searches (D9), at most `cap`, the oldest dropped first, in buckets by
 * route, cabin and program so a query reads only its own. A flight seen again within its collection hour
 * replaces its earlier observation (D67).
 */
export class HistoryStore {
  readonly #buckets = new Map<string, Map<string, Observation>>();
  /** Insertion order, for eviction; replaced and evicted ones stay until compacted. */
  #order: Observation[] = [];
  #oldest = 0;
  #sequence = 0;
  #size = 0;

  constructor(private readonly cap: number) {}

  /** Observations kept. */
  get size(): number {
    return this.#size;
  }

  /** Observations, buckets and eviction slots held, for tests of its bounds. */
  counts(): { records: number; buckets: number; slots: number } {
    return { records: this.#size, buckets: this.#buckets.size, slots: this.#order.length };
  }

  /** Stores the flights of a search answered at `searchedAt` that have a record (miles flights, D9). */
  addFlights(flights: readonly ParsedFlight[], searchedAt: number): void {
    if (this.cap === 0) return;
    const createdAt = Math.floor(searchedAt / 1000) * 1000;
    const hour = Math.floor(createdAt / HOUR);
    for (const flight of flights) {
      if (!hasHistory(flight)) continue;
      const bucket = bucketKey(flight.origin, flight.destination, flight.cabinType, flight.airlineLoyalty);
      const key = `${flight.flightCode}|${flight.departureDate}|${flight.tripType}|${hour}`;
      const observations = this.#buckets.get(bucket) ?? new Map<string, Observation>();
      this.#buckets.set(bucket, observations);
      // Deleted first, so the newest sighting is also the newest for eviction.
      if (observations.delete(key)) this.#size--;
      const observation = { flight, createdAt, sequence: this.#sequence++, bucket, key, answer: undefined };
      observations.set(key, observation);
      this.#order.push(observation);
      if (++this.#size > this.cap) this.#evictOldest();
    }
    if (this.#order.length > 2 * this.#size + 64) {
      this.#order = this.#order.slice(this.#oldest).filter((observation) => this.#kept(observation));
      this.#oldest = 0;
    }
  }

  #kept(observation: Observation): boolean {
    return this.#buckets.get(observation.bucket)?.get(observation.key) === observation;
  }

  #evictOldest(): void {
    for (;;) {
      const oldest = this.#order[this.#oldest++]!;
      if (!this.#kept(oldest)) continue;
      const observations = this.#buckets.get(oldest.bucket)!;
      observations.delete(oldest.key);
      if (observations.size === 0) this.#buckets.delete(oldest.bucket);
      this.#size--;
      return;
    }
  }

  /** The observations of a bucket with `since <= createdAt <= until`, oldest first. */
  range(bucket: string, since: number, until: number): Observation[] {
    const found: Observation[] = [];
    for (const observation of this.#buckets.get(bucket)?.values() ?? [])
      if (observation.createdAt >= since && observation.createdAt <= until) found.push(observation);
    return found.sort((a, b) => a.createdAt - b.createdAt);
  }
}
