import {
  validateHistoryQuery as checkHistoryQuery,
  validateSearchRequest as checkSearchRequest,
  isPlainObject,
  SEARCH_REQUEST_SCHEMA,
  type SchemaNode,
  unknownFields,
} from '@flight-search/contract';
import { queryParams } from './internal/query.js';
import type { ValidationIssue } from './types.js';

/**
 * Every problem of a search body the SDK finds before sending it, in the service's words: the
 * contract's own check (the function the mock runs, so both name the same fields), then each field
 * the contract does not declare, with the closest known name. An unknown field is refused here
 * because the service would ignore it and charge the search (`responseFomat` comes back RAW,
 * `passengers.childs` searches for fewer travellers). A program code the SDK does not know but
 * shaped like one (`PROGRAM_9`) passes: the service may have added it, and refuses it for free if not.
 * `[]` when the body may be sent.
 * @example
 * validateSearchRequest({ airlineLoyalty: ['PROGRAM_1'], tripType: 'ONE_WAY', cabinType: 'ECONOMY',
 *   origin: 'GRU', destination: 'JFK', departureDate: '2026-12-15', passengers: { adults: 1, childs: 2 } });
 * // [{ field: 'body.passengers.childs', type: 'invalid_enum',
 * //    message: 'passengers.childs is not a field of the request; did you mean passengers.children?' }]
 */
export function validateSearchRequest(body: unknown): ValidationIssue[] {
  return [
    ...checkSearchRequest(body, { openCodes: true }),
    ...unknownFields(SEARCH_REQUEST_SCHEMA as SchemaNode, body, 'body').map(({ field, known }) => {
      const name = field.split('.').at(-1)!;
      // What was meant: the declared name that starts with the same three letters, case aside (each
      // object's names differ in their first three: childs is children, responseFomat responseFormat).
      const start = (text: string) => text.slice(0, 3).toLowerCase();
      const near = known.find((candidate) => start(candidate) === start(name));
      const hint = near ? `; did you mean ${field.slice(5, -name.length) + near}?` : '.';
      return { field, type: 'invalid_enum' as const, message: `${field.slice(5)} is not a field of the request${hint}` };
    }),
  ];
}

/**
 * Checks a price-history query locally as the service receives it, for what the spec states
 * (`HISTORY-1`, `HISTORY-3`..`HISTORY-5`: IATA codes, the cabin, a program given, `lookbackDays`
 * 1..30, a boolean, calendar dates) and returns the list the service puts in `details.errors`,
 * messages included: at most one `{ field, message, type }` per parameter, in the service's order;
 * `[]` when valid. Which programs have history, and which well-formed codes name an airport or a
 * city, are the service's to say (it refuses the rest for free), so any program
 * and any three upper-case letters pass.
 * @example
 * validateHistoryQuery({ origin: 'SAO', destination: 'NYC', cabinType: 'ECONOMY', airlineLoyalty: 'PROGRAM_1', lookbackDays: 31 });
 * // [{ field: 'query.lookbackDays', type: 'out_of_range', message: 'must be <= 30 (HISTORY-3).' }]
 */
export function validateHistoryQuery(query: unknown): ValidationIssue[] {
  if (!isPlainObject(query)) return [{ field: 'query', type: 'invalid_type', message: 'The query must be an object.' }];
  // Judged as it goes on the wire, written as getPriceHistory sends it (a list as repeated
  // parameters, null and undefined left out): the check reads exactly what the service will read.
  // A value that cannot be query text (an object, a symbol) is its parameter's wrong type, not a throw.
  const notText = new Set<string>();
  const result = checkHistoryQuery(queryParams(query, notText), { notText });
  return result.ok ? [] : result.issues;
}
