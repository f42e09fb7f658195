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
 * Every problem of a search body the SDK finds before sending it, in the service's words: the contract's check, then
 * each field the contract does not declare (the service would ignore it and charge the search). `[]` when valid.
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
      // What was meant: the declared name with the same first three letters (childs: children).
      const start = (text: string) => text.slice(0, 3).toLowerCase();
      const near = known.find((candidate) => start(candidate) === start(name));
      const hint = near ? `; did you mean ${field.slice(5, -name.length) + near}?` : '.';
      return {
        field,
        type: 'invalid_enum' as const,
        message: `${field.slice(5)} is not a field of the request${hint}`,
      };
    }),
  ];
}

/**
 * Checks a price-history query as the service receives it (`HISTORY-1`, `HISTORY-3`..`HISTORY-5`) and returns what
 * the service puts in `details.errors`, at most one issue per parameter; `[]` when valid.
 * @example
 * validateHistoryQuery({ origin: 'SAO', destination: 'NYC', cabinType: 'ECONOMY', airlineLoyalty: 'PROGRAM_1', lookbackDays: 31 });
 * // [{ field: 'query.lookbackDays', type: 'out_of_range', message: 'must be <= 30 (HISTORY-3).' }]
 */
export function validateHistoryQuery(query: unknown): ValidationIssue[] {
  if (!isPlainObject(query)) return [{ field: 'query', type: 'invalid_type', message: 'The query must be an object.' }];
  // Judged as it goes on the wire (queryParams); a value that cannot be query text is its parameter's wrong type.
  const notText = new Set<string>();
  const result = checkHistoryQuery(queryParams(query, notText), { notText });
  return result.ok ? [] : result.issues;
}
