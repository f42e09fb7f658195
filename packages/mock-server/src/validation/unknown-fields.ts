import { unknownFields, type SchemaNode, type ValidationIssue } from '@flight-search/contract';
import type { Answer } from '../answer-types.js';
import type { RouteContext } from '../routes/context.js';

/** The most unknown fields one request's warning or 422 names. */
const MAX_UNKNOWN_NAMED = 10;

/** A field name as header text: printable ASCII, anything else as a JSON escape, at most 100 characters. */
const headerSafe = (field: string): string =>
  field.slice(0, 100).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The request's fields `schema` does not declare, by the `unknownFields` option (D119): `'refuse'` gives
 * `refused` 422 issues; `'warn'` logs them, and `warned` adds them to `x-mock-warnings`.
 */
export function unknownFieldsOf(
  { state, record }: RouteContext,
  schema: unknown,
  value: unknown,
  at: string,
): { refused: ValidationIssue[]; warned: (answer: Answer) => Answer } {
  const unknown = unknownFields(schema as SchemaNode, value, at).slice(0, MAX_UNKNOWN_NAMED);
  const none = { refused: [], warned: (answer: Answer) => answer };
  if (unknown.length === 0) return none;
  if (state.options.unknownFields === 'refuse') {
    const message = (known: readonly string[]) =>
      `is not a field of the request; expected one of ${known.join(', ')} (D119).`;
    return {
      ...none,
      refused: unknown.map(({ field, known }) => ({ field, type: 'invalid_enum', message: message(known) })),
    };
  }
  const warnings = unknown.map(({ field }) => `${headerSafe(field)} is not a field of the request (ignored)`);
  state.log.recordWarnings(record, warnings);
  return {
    ...none,
    warned: (answer) => ({ ...answer, headers: { ...answer.headers, 'x-mock-warnings': warnings.join(', ') } }),
  };
}
