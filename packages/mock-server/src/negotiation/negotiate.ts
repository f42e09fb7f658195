import { parse } from 'content-type';
import Negotiator from 'negotiator';
import { MEDIA_TYPES } from '@flight-search/contract';

/**
 * The media type to answer with for an `Accept` header (`NEG-1`, D3), or
 * `undefined` when none of the served types is acceptable. Ranges, wildcards
 * and q-values count; on a tie the versioned type wins (it is listed first).
 * A missing or blank `Accept` accepts anything.
 */
export function negotiateMediaType(accept: string | null): string | undefined {
  if (accept === null || accept.trim() === '') return MEDIA_TYPES[0];
  return new Negotiator({ headers: { accept: normalizeAccept(accept) } }).mediaType([...MEDIA_TYPES]);
}

/**
 * `accept` as Negotiator should read it (NEG-1):
 *
 * - every range parameter but `q` left out (D20): Negotiator serves a type only
 *   when the range's parameters match the type's, and the served types have
 *   none, so `application/json; charset=utf-8` would be a 406 although JSON is
 *   always UTF-8 and the client accepts exactly what is sent;
 * - the ranges naming a served type put first, in the order of `MEDIA_TYPES`
 *   (D3, D21): Negotiator breaks a tie of weight and specificity by the order of
 *   the ranges in the header, and D3 gives the tie to the versioned type.
 */
function normalizeAccept(accept: string): string {
  const ranges: { text: string; rank: number }[] = [];
  for (let index = 0; index < accept.length; ) {
    // The same lenient parser Negotiator reads the header with: quoted commas stay inside their parameter.
    const range = parse(accept, { comma: true, start: skipSpaces(accept, index) });
    const q = range.parameters.q;
    // Negotiator reads the weight with parseFloat, and a weight it cannot read makes the range unacceptable.
    const text = q === undefined ? range.type : `${range.type};q=${weightOf(q)}`;
    const served = (MEDIA_TYPES as readonly string[]).indexOf(range.type);
    ranges.push({ text, rank: served === -1 ? MEDIA_TYPES.length : served });
    index = range.index + 1;
  }
  // A stable sort: the other ranges keep their relative order.
  return ranges
    .sort((a, b) => a.rank - b.rank)
    .map((range) => range.text)
    .join(', ');
}

function weightOf(q: string): number {
  const weight = Number.parseFloat(q);
  return Number.isFinite(weight) ? weight : 0;
}

function skipSpaces(text: string, index: number): number {
  let cursor = index;
  while (text[cursor] === ' ' || text[cursor] === '\t') cursor++;
  return cursor;
}

/** The type a 406 body (and any answer given before negotiation) is sent as (D3). */
export const FALLBACK_MEDIA_TYPE = 'application/json';
