import type { SearchRequest, ValidationIssue, ValidationIssueType } from '@flight-search/sdk';
import { SEARCH_PROPERTY_ORDER } from '../generated/contract.js';
import { validateSearchRequestSchema } from '../generated/validate-search-request.js';
import { CROSS_FIELD_RULES } from './cross-field.js';
import { IssueList, issuesFromAjv } from './issues.js';

const RULE_OF_FIELD: Readonly<Record<string, string>> = {
  'body.airlineLoyalty': 'SEARCH-1',
  'body.responseFormat': 'SEARCH-8',
};

function message(field: string, type: ValidationIssueType, ajvMessage: string): string {
  const name = field.split('.').pop();
  const rule = type === 'missing' ? 'SEARCH-9' : RULE_OF_FIELD[field];
  const text =
    type === 'missing' ? `${name} is required` : field === 'body.airlineLoyalty' && type === 'out_of_range' ? 'must hold exactly one program' : ajvMessage;
  return rule ? `${text} (${rule}).` : `${text}.`;
}

/** A JSON object, not an array or null (what JSON.parse can give for a body). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every problem of a search body (D6; the algorithm the SDK's
 * `validateSearchRequest` implements too): the schema of openapi.yaml, one
 * issue per field, then the cross-field rules `SEARCH-2`..`SEARCH-7`.
 * An empty list means the body is a valid `SearchRequest`.
 *
 * @example
 * validateSearchBody({ airlineLoyalty: ['PROGRAM_1'], tripType: 'ONE_WAY', cabinType: 'ECONOMY',
 *   origin: 'GRU', destination: 'GRU', departureDate: '2026-12-15', passengers: { adults: 1 } });
 * // [{ field: 'body.destination', type: 'cross_field', message: 'origin and destination must differ (SEARCH-5).' }]
 */
export function validateSearchBody(body: unknown): ValidationIssue[] {
  if (!isPlainObject(body)) return [{ field: 'body', type: 'invalid_type', message: 'The body must be a JSON object (SEARCH-10).' }];
  const issues = new IssueList();
  if (!validateSearchRequestSchema(body)) {
    for (const issue of issuesFromAjv(validateSearchRequestSchema.errors ?? [], 'body', message)) issues.add(issue);
  }
  const schemaOrder = SEARCH_PROPERTY_ORDER.map((name) => `body.${name}`);
  const schemaIssues = issues.list(schemaOrder);
  const crossField: ValidationIssue[] = [];
  // "Valid on its own" means no schema issue: a cross-field issue does not stop another rule.
  const schemaFields = new Set(schemaIssues.map((issue) => issue.field));
  const valid = (field: string) => !schemaFields.has(field);
  for (const rule of CROSS_FIELD_RULES) {
    const issue = rule(body, valid);
    if (issue && !issues.has(issue.field)) {
      issues.add(issue);
      crossField.push(issue);
    }
  }
  return [...schemaIssues, ...crossField];
}

/** Narrows a body with no issues. */
export const isSearchRequest = (body: unknown, issues: readonly ValidationIssue[]): body is SearchRequest => issues.length === 0;
