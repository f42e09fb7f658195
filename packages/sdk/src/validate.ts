import { validateHistoryQuery as checkHistoryQuery, isPlainObject } from '@flight-search/contract';
import { queryParams } from './internal/query.js';
import type { ValidationIssue } from './types.js';

// validateSearchRequest is the contract's own (its JSDoc is there): the SDK and the mock check a
// search with one function.
export { validateSearchRequest } from '@flight-search/contract';

/**
 * Checks a price-history query locally as the service receives it, for what the spec states
 * (`HISTORY-1`, `HISTORY-3`..`HISTORY-5`: IATA codes, the cabin, a program given, `lookbackDays`
 * 1..30, a boolean, calendar dates) and returns the list the service puts in `details.errors`,
 * messages included: at most one `{ field, message, type }` per parameter, in the service's order;
 * `[]` when valid. Which programs have history, and which well-formed codes name an airport or a
 * city, are the service's to say (the mock refuses the rest for free, D9 and D107), so any program
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
