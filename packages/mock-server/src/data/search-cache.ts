import type { ParsedFlight } from '@flight-search/contract';
import { utf8Length } from '../answer-types.js';
import { generateFlights, pastDates, saleCutoffKey, toRawData, type NormalizedSearch } from './index.js';

/** What one search generates: its flights and, once asked for, its answer's body in each response format. */
export interface Generated {
  readonly flights: ParsedFlight[];
  PARSED?: Uint8Array<ArrayBuffer>;
  RAW?: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

/** Searches remembered per mock (most recently used kept): at most some 10 MB of flights and JSON. */
const SEARCH_CACHE_CAP = 256;

/** Every field of a normalized search that generation reads (not the format). */
export const searchKey = (s: NormalizedSearch): string =>
  `${s.program}|${s.priceType}|${s.tripType}|${s.cabinType}|${s.origin}|${s.destination}|${s.departureDate}|${s.returnDate ?? ''}|${s.passengers.adults}|${s.passengers.children}|${s.passengers.infants}`;

/** A bounded LRU of generated searches: a repeated search gets the same flight objects and JSON. */
export class SearchCache {
  readonly #entries = new Map<string, Generated>();

  constructor(
    private readonly seed: number,
    private readonly cap: number = SEARCH_CACHE_CAP,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The search's flights at `now` (without it, every date sells). */
  get(search: NormalizedSearch, now?: number): Generated {
    const key = this.#keyOf(search, now);
    let entry = this.#entries.get(key);
    if (entry) this.#entries.delete(key);
    else entry = { flights: generateFlights(this.seed, search, now) };
    this.#entries.set(key, entry);
    if (this.#entries.size > this.cap) this.#entries.delete(this.#entries.keys().next().value!);
    return entry;
  }

  /**
   * The answer's body in the search's format: the flights as PARSED `flights` or RAW `data` JSON between `before`
   * and `after`, as the UTF-8 bytes sent, serialized and encoded once per search and format, into one buffer of
   * its size (issue 40). Read-only: a repeated search's answer shares them.
   */
  body(search: NormalizedSearch, entry: Generated, before: string, after: string): Uint8Array<ArrayBuffer> {
    const format = search.responseFormat;
    if (entry[format]) return entry[format];
    const parts = [
      before,
      JSON.stringify(format === 'PARSED' ? entry.flights : toRawData(search, entry.flights, this.seed)),
      after,
    ];
    const bytes = new Uint8Array(parts.reduce((sum, part) => sum + utf8Length(part), 0));
    let at = 0;
    for (const part of parts) at += encoder.encodeInto(part, bytes.subarray(at)).written;
    entry[format] = bytes;
    return bytes;
  }

  /** The key of a search at `now`: which dates are gone and, for today, the local minute (see {@link get}). */
  #keyOf(search: NormalizedSearch, now: number | undefined): string {
    const past = now === undefined ? undefined : pastDates(search, now);
    return past && now !== undefined
      ? `${searchKey(search)}|${past.outbound}|${past.inbound}|${saleCutoffKey(search, now)}`
      : searchKey(search);
  }
}
