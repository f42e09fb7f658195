// POST /flights/search with arbitrary bodies, through the mock's handler
// (`mock.handle`, no HTTP): never a 5xx, always an answer of openapi.yaml, and
// a 200 exactly when an independent oracle (./oracle.ts) finds the body valid,
// a 422 naming exactly the fields it finds wrong otherwise.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { checkedByTheCaller } from '../support/contract-hook.js';
import { contractViolations } from '../support/contract.js';
import { mutatedSearchText, notJsonText, randomJsonText, validSearch, toText } from './arbitraries.js';
import { searchBodyProblems } from './oracle.js';

const KEY = 'property-key';
const mock = createFlightSearchMock({ keys: [{ key: KEY, limit: 1_000_000_000, products: ['search'] }] });

/** numRuns of each property below; together at least 10 000 generated bodies per run. */
const RUNS = { mutated: 6_000, random: 2_500, notJson: 500, contentType: 1_000 };

/** SEARCH-10 (D13): application/json or any +json type, parameters allowed, case-insensitive. */
const isJsonMediaType = (header: string) => {
  const type = header.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^[a-z0-9.+-]+\/[a-z0-9.-]+\+json$/.test(type);
};

/** Sends one body and checks the answer against openapi.yaml and the oracle. */
async function checkSearch(text: string, contentType = 'application/json'): Promise<void> {
  const response = (await mock.handle(
    new Request('https://api.flight-search.test/flights/search', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': contentType },
      body: text,
    }),
  ))!;
  const answer = await response.text();
  expect(response.status).toBeLessThan(500);
  expect(contractViolations('POST', '/flights/search', response.status, response.headers, answer)).toEqual([]);

  let expected: string[];
  let notJson = false;
  if (!isJsonMediaType(contentType)) expected = ['body'];
  else {
    try {
      expected = searchBodyProblems(JSON.parse(text));
    } catch {
      notJson = true;
      expected = ['body'];
    }
  }
  if (expected.length === 0) {
    expect(response.status, answer.slice(0, 500)).toBe(200);
    return;
  }
  expect(response.status).toBe(422);
  const issues = (JSON.parse(answer) as { error: { details: { errors: { field: string; type: string }[] } } }).error
    .details.errors;
  expect(issues.map((issue) => issue.field).sort()).toEqual(expected);
  if (notJson) expect(issues[0]!.type).toBe('invalid_json');
}

const run = (arbitrary: fc.Arbitrary<string>, numRuns: number) =>
  checkedByTheCaller(() =>
    fc.assert(
      fc.asyncProperty(arbitrary, (text) => checkSearch(text)),
      { numRuns },
    ),
  );

// Thousands of cases per test: a ceiling far above their run time on a busy machine, not a timed assertion.
describe('POST /flights/search with generated bodies (SEARCH-1..10, D6, D13, D14)', { timeout: 120_000 }, () => {
  it(`SEARCH-1..9: mutations of valid requests (${RUNS.mutated} runs) are answered 200 exactly when valid, else 422 naming exactly the wrong fields, never 5xx, always in the contract`, () =>
    run(mutatedSearchText, RUNS.mutated));

  it(`SEARCH-9, SEARCH-10: random JSON values and objects (${RUNS.random} runs) get 200 only when valid, a 422 with the wrong fields otherwise, never 5xx`, () =>
    run(randomJsonText, RUNS.random));

  it(`D6: text that is not JSON (${RUNS.notJson} runs) is a 422 invalid_json on field body, never a 5xx`, () =>
    run(notJsonText, RUNS.notJson));

  it(`SEARCH-10: a valid body sent with any content type (${RUNS.contentType} runs) is served only as JSON, else a 422 on field body`, () =>
    checkedByTheCaller(() =>
      fc.assert(
        fc.asyncProperty(
          fc.oneof(validSearch.map(toText), mutatedSearchText),
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'Application/JSON',
            'application/vnd.service.v1+json',
            'application/problem+json; charset=utf-8',
            'text/plain',
            'text/json',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/jsonx',
          ),
          (text, contentType) => checkSearch(text, contentType),
        ),
        { numRuns: RUNS.contentType },
      ),
    ));

  it('the generators reach both verdicts: valid bodies are 200 and the edge cases of the oracle hold', async () => {
    // Guards the oracle and the generators themselves: a generator that only made invalid bodies would prove little.
    const samples = fc.sample(mutatedSearchText, { numRuns: 2_000, seed: 1 });
    const valid = samples.filter((text) => searchBodyProblems(JSON.parse(text)).length === 0).length;
    expect(valid).toBeGreaterThan(50);
    expect(valid).toBeLessThan(1_900);
    const base = {
      airlineLoyalty: ['PROGRAM_1'],
      tripType: 'ONE_WAY',
      cabinType: 'ECONOMY',
      origin: 'GRU',
      destination: 'JFK',
      departureDate: '2024-02-29',
      passengers: { adults: 1 },
    };
    expect(searchBodyProblems(base)).toEqual([]);
    expect(searchBodyProblems({ ...base, departureDate: '2025-02-29' })).toEqual(['body.departureDate']);
    expect(searchBodyProblems(JSON.parse(toText(base).replace('{', '{"__proto__":{"x":1},')))).toEqual([]);
    expect(searchBodyProblems({ ...base, passengers: JSON.parse('{"__proto__":{"adults":1}}') })).toEqual([
      'body.passengers.adults',
    ]);
    await checkedByTheCaller(() => checkSearch(toText(base)));
  });
});
