import type { ParsedFlight } from '@flight-search/contract';
import type { NormalizedSearch } from '../types.js';

/** What a provider family answered for one direction, and the id of its first offer. */
export interface RawDirection {
  block: Record<string, unknown>;
  /** The offer a client would pick first; undefined when nothing is offered. */
  firstOfferId: string | undefined;
}

/** Writes one direction's flights in a provider's own format. */
export type RawFormatter = (
  flights: readonly ParsedFlight[],
  search: NormalizedSearch,
  requestId: string,
) => RawDirection;

/** Minutes as an ISO 8601 duration (`PT9H45M`). */
export const isoDuration = (minutes: number): string => `PT${Math.floor(minutes / 60)}H${minutes % 60}M`;

/** Seats of fare family `index` of `count` (cheapest first): the dearest has them all, a cheaper one a share (D174). */
export const familySeats = (seats: number | null, index: number, count: number): number | null =>
  seats === null ? null : Math.max(1, Math.ceil((seats * (index + 1)) / count));
