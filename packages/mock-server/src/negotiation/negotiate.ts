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
 *   the ranges in the header, and D3 gives the tie to the versioned type;
 * - a range outside RFC 9110's grammar left out, as accepting nothing (D108):
 *   a weight that is no `qvalue` (`q=1.5`, `q=abc`, `q=0.5000`), a type without
 *   a subtype (`json`), and a type `*` with a subtype other than `*` (the
 *   range star-slash-json names a type called `*`, which Negotiator alone
 *   would take for a wildcard).
 *   A header left with no range is then a 406, as one naming only `text/html` is.
 */
function normalizeAccept(accept: string): string {
  const ranges: { text: string; rank: number }[] = [];
  for (let index = 0; index < accept.length; ) {
    // The same lenient parser Negotiator reads the header with: quoted commas stay inside their parameter.
    const range = parse(accept, { comma: true, start: skipSpaces(accept, index) });
    index = range.index + 1;
    const q = range.parameters.q;
    if (!MEDIA_RANGE.test(range.type) || (q !== undefined && !QVALUE.test(q))) continue;
    const text = q === undefined ? range.type : `${range.type};q=${Number(q)}`;
    const served = (MEDIA_TYPES as readonly string[]).indexOf(range.type);
    ranges.push({ text, rank: served === -1 ? MEDIA_TYPES.length : served });
  }
  // Negotiator reads an empty header as `*/*`: a header whose every range was left out names nothing instead.
  if (ranges.length === 0) return NOTHING;
  // A stable sort: the other ranges keep their relative order.
  return ranges
    .sort((a, b) => a.rank - b.rank)
    .map((range) => range.text)
    .join(', ');
}

/** RFC 9110 §12.5.1's `media-range` (parameters apart): all types, `type/` + `*` or `type/subtype`, each part a token. */
const MEDIA_RANGE = /^(?:\*\/\*|[!#$%&'+.^_`|~0-9A-Za-z-][!#$%&'*+.^_`|~0-9A-Za-z-]*\/[!#$%&'*+.^_`|~0-9A-Za-z-]+)$/;

/** RFC 9110 §12.4.2's `qvalue`: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

/** A range no served type matches: what a header with no range in the grammar accepts. */
const NOTHING = 'none/none';

function skipSpaces(text: string, index: number): number {
  let cursor = index;
  while (text[cursor] === ' ' || text[cursor] === '\t') cursor++;
  return cursor;
}

/** The type a 406 body (and any answer given before negotiation) is sent as (D3). */
export const FALLBACK_MEDIA_TYPE = 'application/json';

/**
 * The `Content-Type` of an error a server gives before the core sees the request (the 413, D108):
 * the negotiated type, as for every other error, or {@link FALLBACK_MEDIA_TYPE} when none is acceptable.
 */
export const errorMediaType = (accept: string | undefined): string => negotiateMediaType(accept ?? null) ?? FALLBACK_MEDIA_TYPE;
