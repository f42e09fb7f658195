import { parse } from 'content-type';
import Negotiator from 'negotiator';
import { MEDIA_TYPES } from '@flight-search/contract';

/** The media type to answer with for an `Accept` header (`NEG-1`, D3), or `undefined` when none is acceptable. */
export function negotiateMediaType(accept: string | null): string | undefined {
  if (accept === null || accept.trim() === '') return MEDIA_TYPES[0];
  return new Negotiator({ headers: { accept: normalizeAccept(accept) } }).mediaType([...MEDIA_TYPES]);
}

/**
 * `accept` as Negotiator should read it: parameters but `q` left out (D20: `application/json; charset=utf-8`
 * is JSON), ranges of served types first (D21: a tie goes to the versioned type), and ranges outside
 * RFC 9110's grammar left out (D108: `q=1.5`, `json`, a type `*` with another subtype).
 */
function normalizeAccept(accept: string): string {
  const ranges: { text: string; rank: number }[] = [];
  for (let index = 0; index < accept.length; ) {
    // Negotiator's own lenient parser: quoted commas stay inside their parameter.
    const range = parse(accept, { comma: true, start: skipSpaces(accept, index) });
    index = range.index + 1;
    const q = range.parameters.q;
    if (!MEDIA_RANGE.test(range.type) || (q !== undefined && !QVALUE.test(q))) continue;
    const text = q === undefined ? range.type : `${range.type};q=${Number(q)}`;
    const served = (MEDIA_TYPES as readonly string[]).indexOf(range.type);
    ranges.push({ text, rank: served === -1 ? MEDIA_TYPES.length : served });
  }
  // Negotiator reads an empty header as `*/*`.
  if (ranges.length === 0) return NOTHING;
  return ranges
    .sort((a, b) => a.rank - b.rank)
    .map((range) => range.text)
    .join(', ');
}

/** RFC 9110 §12.5.1's `media-range` without parameters. */
const MEDIA_RANGE = /^(?:\*\/\*|[!#$%&'+.^_`|~0-9A-Za-z-][!#$%&'*+.^_`|~0-9A-Za-z-]*\/[!#$%&'*+.^_`|~0-9A-Za-z-]+)$/;

/** RFC 9110 §12.4.2's `qvalue`: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

/** A range no served type matches. */
const NOTHING = 'none/none';

function skipSpaces(text: string, index: number): number {
  let cursor = index;
  while (text[cursor] === ' ' || text[cursor] === '\t') cursor++;
  return cursor;
}

/** The type a 406 body (and any answer given before negotiation) is sent as (D3). */
export const FALLBACK_MEDIA_TYPE = 'application/json';

/** The `Content-Type` of an error a server gives before the core sees the request (the 413). */
export const errorMediaType = (accept: string | undefined): string =>
  negotiateMediaType(accept ?? null) ?? FALLBACK_MEDIA_TYPE;
