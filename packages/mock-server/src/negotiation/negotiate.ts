import Negotiator from 'negotiator';
import { MEDIA_TYPES } from '../generated/contract.js';

/**
 * The media type to answer with for an `Accept` header (`NEG-1`, D3), or
 * `undefined` when none of the served types is acceptable. Ranges, wildcards
 * and q-values count; on a tie the versioned type wins (it is listed first).
 * A missing or blank `Accept` accepts anything.
 */
export function negotiateMediaType(accept: string | null): string | undefined {
  if (accept === null || accept.trim() === '') return MEDIA_TYPES[0];
  return new Negotiator({ headers: { accept } }).mediaType([...MEDIA_TYPES]);
}

/** The type a 406 body (and any answer given before negotiation) is sent as (D3). */
export const FALLBACK_MEDIA_TYPE = 'application/json';
