import type { ParsedFlight } from '@flight-search/contract';
import { generateFlights, pastDates, saleCutoffKey, toRawData, type NormalizedSearch } from './index.js';

/** What one search generates: its flights and, once asked for, their JSON in each response format. */
export interface Generated {
  readonly flights: ParsedFlight[];
  parsedJson?: string;
  rawJson?: string;
}

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

  /** The flights as PARSED `flights` or RAW `data` JSON. */
  json(search: NormalizedSearch, entry: Generated): string {
    if (search.responseFormat === 'PARSED') {
      entry.parsedJson ??= JSON.stringify(entry.flights);
      return entry.parsedJson;
    }
    entry.rawJson ??= JSON.stringify(toRawData(search, entry.flights, this.seed));
    return entry.rawJson;
  }

  /** The key of a search at `now`: which dates are gone and, for today, the local minute (see {@link get}). */
  #keyOf(search: NormalizedSearch, now: number | undefined): string {
    const past = now === undefined ? undefined : pastDates(search, now);
    return past && now !== undefined
      ? `${searchKey(search)}|${past.outbound}|${past.inbound}|${saleCutoffKey(search, now)}`
      : searchKey(search);
  }
}
