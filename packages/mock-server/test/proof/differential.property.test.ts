// Differential: the contract's validator (`validateSearchRequest`, packages/contract, the one
// implementation of SEARCH-1..10 that the SDK and the mock both call) against an independent reading
// of openapi.yaml: ajv (JSON Schema 2020-12, ajv-formats' calendar dates) compiling `SearchRequest`
// whole, its conditional SEARCH-2 and SEARCH-7 included. On every generated body both must find the
// same fields wrong, with the same issue type (D6: one issue per field, the best-ranked), and agree
// on SEARCH-2 and SEARCH-7 wherever D6 lets those rules speak.
import { validateSearchRequest, VALIDATION_ISSUE_TYPES, type ValidationIssue } from '@flight-search/contract';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../support/contract.js';
import { mutatedSearchText, randomJsonText, validSearch } from './arbitraries.js';

const ajv = new Ajv2020({ strict: false, allErrors: true, ownProperties: true, strictNumbers: true });
addFormats.default(ajv);
const document = readDocument();
// SearchRequest as written, and without its conditional rules (`allOf`: SEARCH-2, SEARCH-7), whose
// errors ajv reports at the `$ref`s they reach rather than under `allOf`.
const { allOf: conditionalRules, ...unconditional } = document.components.schemas.SearchRequest;
const schemas = { ...document.components.schemas, SearchRequestUnconditional: unconditional };
ajv.addSchema({ ...document, components: { ...document.components, schemas }, $id: 'openapi.yaml' });
const schema = ajv.getSchema('openapi.yaml#/components/schemas/SearchRequest')!;
const unconditionalSchema = ajv.getSchema('openapi.yaml#/components/schemas/SearchRequestUnconditional')!;
const ruleOfCondition = conditionalRules.map((rule: { 'x-rule': string }) => rule['x-rule']);

/** ajv keyword -> the contract's issue type (D6). */
const TYPE_OF_KEYWORD: Record<string, string> = {
  required: 'missing',
  type: 'invalid_type',
  enum: 'invalid_enum',
  minItems: 'out_of_range',
  maxItems: 'out_of_range',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  pattern: 'invalid_format',
  format: 'invalid_date',
};
const rank = (type: string) => (VALIDATION_ISSUE_TYPES as readonly string[]).indexOf(type);

/** A field of an ajv error, in the contract's dotted form (`body.passengers.adults`). */
const fieldOf = (error: ErrorObject) =>
  [
    'body',
    ...error.instancePath.split('/').slice(1),
    ...(error.keyword === 'required' ? [String(error.params.missingProperty)] : []),
  ].join('.');

/** What ajv finds: per field the best-ranked issue type of the unconditional schema, and the errors of each conditional rule. */
function ajvReading(body: unknown) {
  schema(body);
  // A conditional rule fails as an `if` error at its own `allOf` item.
  const failed = new Set(
    (schema.errors ?? [])
      .filter((error) => error.keyword === 'if')
      .map((error) => ruleOfCondition[Number(/^#\/allOf\/(\d+)\/if$/.exec(error.schemaPath)?.[1])]),
  );
  unconditionalSchema(body);
  const fields = new Map<string, string>();
  for (const error of unconditionalSchema.errors ?? []) {
    const type = TYPE_OF_KEYWORD[error.keyword];
    if (!type) continue;
    const field = fieldOf(error);
    const known = fields.get(field);
    if (!known || rank(type) < rank(known)) fields.set(field, type);
  }
  return { fields, failed };
}

const ruleOf = (issue: ValidationIssue) => /\((SEARCH-\d+)\)\.$/.exec(issue.message)?.[1];
const CROSS_FIELD = new Set(['SEARCH-2', 'SEARCH-3', 'SEARCH-4', 'SEARCH-5', 'SEARCH-6', 'SEARCH-7']);

/** Bodies as the mock receives them: JSON text parsed by JSON.parse. */
const parsedBody = fc
  .oneof({ weight: 3, arbitrary: mutatedSearchText }, { weight: 1, arbitrary: randomJsonText })
  .map((text) => JSON.parse(text) as unknown);

const RUNS = 10_000;

describe('validateSearchRequest (packages/contract) and ajv over openapi.yaml agree (D6)', { timeout: 120_000 }, () => {
  it(`SEARCH-1, SEARCH-8..10: on ${RUNS} generated bodies both find the same fields wrong, each with the same issue type`, () => {
    fc.assert(
      fc.property(parsedBody, (body) => {
        const issues = validateSearchRequest(body);
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          expect(issues).toEqual([
            { field: 'body', type: 'invalid_type', message: 'The body must be a JSON object (SEARCH-10).' },
          ]);
          return;
        }
        const schemaIssues = issues.filter((issue) => !CROSS_FIELD.has(ruleOf(issue) ?? ''));
        expect(new Map(schemaIssues.map((issue) => [issue.field, issue.type]))).toEqual(ajvReading(body).fields);
        // One issue per field (D6).
        expect(new Set(issues.map((issue) => issue.field)).size).toBe(issues.length);
      }),
      { numRuns: RUNS },
    );
  });

  it(`SEARCH-2, SEARCH-7: on ${RUNS} generated bodies the contract names the rule exactly when ajv's conditional schema fails and D6 lets the rule speak`, () => {
    fc.assert(
      fc.property(parsedBody, (body) => {
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
        const issues = validateSearchRequest(body);
        const { fields, failed } = ajvReading(body);
        const rules = new Set(issues.map(ruleOf));
        // D6: a cross-field rule reads only fields valid on their own, and speaks of a field with no issue yet.
        if (
          !fields.has('body.airlineLoyalty') &&
          !fields.has('body.airlineLoyalty.0') &&
          !fields.has('body.priceType')
        ) {
          expect(rules.has('SEARCH-2'), JSON.stringify(body)).toBe(failed.has('SEARCH-2'));
        }
        // SEARCH-7's condition also fails for a ROUND_TRIP whose returnDate is there but wrong: that is returnDate's own issue.
        if (!fields.has('body.tripType') && !fields.has('body.returnDate')) {
          expect(rules.has('SEARCH-7'), JSON.stringify(body)).toBe(failed.has('SEARCH-7'));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('SEARCH-1..10: both accept every request generated within the rules', () => {
    fc.assert(
      fc.property(validSearch, (body) => {
        expect(validateSearchRequest(body)).toEqual([]);
        expect(schema(body), JSON.stringify(schema.errors)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
