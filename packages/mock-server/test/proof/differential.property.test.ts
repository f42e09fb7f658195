// Differential: the SDK's local validation (`validateSearchRequest`,
// packages/sdk/src/validate.ts) and the mock's (`validateSearchBody`, ajv
// compiled from openapi.yaml plus the cross-field rules) are two independent
// implementations of D6; on every generated body they must give the same
// list: the same { field, message, type } issues in the same order (issue 3:
// "the same list the server puts in details.errors").
import { validateSearchRequest } from '@flight-search/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateSearchBody } from '../../src/validation/search-request.js';
import { mutatedSearchText, randomJsonText, validSearch } from './arbitraries.js';

/**
 * Bodies as the mock receives them: JSON text parsed by JSON.parse. The SDK's
 * callers pass typed objects, but a JavaScript object can also hold what JSON
 * cannot (undefined, functions, NaN, sparse arrays, class instances), which
 * the mock never sees; those are left out, so both sides judge the same values.
 */
const parsedBody = fc.oneof({ weight: 3, arbitrary: mutatedSearchText }, { weight: 1, arbitrary: randomJsonText }).map((text) => JSON.parse(text) as unknown);

const RUNS = 10_000;

describe('validateSearchRequest (SDK) and validateSearchBody (mock) agree (D6)', { timeout: 120_000 }, () => {
  it(`SEARCH-1..9: on ${RUNS} generated bodies both give the same issues, field, message and type, in the same order`, () => {
    fc.assert(
      fc.property(parsedBody, (body) => {
        expect(validateSearchRequest(body)).toEqual(validateSearchBody(body));
      }),
      { numRuns: RUNS },
    );
  });

  it('SEARCH-1..9: both accept every request generated within the rules', () => {
    fc.assert(
      fc.property(validSearch, (body) => {
        expect(validateSearchRequest(body)).toEqual([]);
        expect(validateSearchBody(body)).toEqual([]);
      }),
      { numRuns: 1_000 },
    );
  });
});
