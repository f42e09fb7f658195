// GET /intelligence/flights/history with arbitrary query strings, through the
// mock's handler (`mock.handle`, no HTTP): never a 5xx, always an answer of
// openapi.yaml, a 200 exactly when an independent oracle (./oracle.ts) finds
// the query valid, and a 422 naming exactly the parameters it finds wrong.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { checkedByTheCaller } from '../support/contract-hook.js';
import { contractViolations } from '../support/contract.js';
import { mutatedHistoryQuery, randomHistoryQuery, validHistoryQuery } from './arbitraries.js';
import { historyQueryProblems } from './oracle.js';

const KEY = 'property-key';
const PATH = '/intelligence/flights/history';
const NOW = Date.parse('2026-06-01T12:00:00Z');
const mock = createFlightSearchMock({
  keys: [{ key: KEY, limit: 10, products: ['search', 'history'] }],
  now: () => NOW,
});

/** numRuns of each property below; together at least 10 000 generated query strings per run. */
const RUNS = { mutated: 6_000, random: 3_000, valid: 1_000 };

async function checkHistory(query: string): Promise<void> {
  const response = (await mock.handle(
    new Request(`https://api.flight-search.test${PATH}?${query}`, { headers: { 'x-api-key': KEY } }),
  ))!;
  const answer = await response.text();
  expect(response.status).toBeLessThan(500);
  expect(contractViolations('GET', PATH, response.status, response.headers, answer)).toEqual([]);
  const expected = historyQueryProblems(query);
  if (expected.length === 0) {
    expect(response.status, answer.slice(0, 500)).toBe(200);
    const body = JSON.parse(answer) as { total: number; lookbackDays: number; flights: unknown[] };
    expect(body.total).toBe(body.flights.length); // HISTORY-6
    expect(body.lookbackDays).toBe(Number(new URLSearchParams(query).get('lookbackDays')));
    return;
  }
  expect(response.status, answer.slice(0, 500)).toBe(422);
  const issues = (JSON.parse(answer) as { error: { details: { errors: { field: string }[] } } }).error.details.errors;
  expect(issues.map((issue) => issue.field).sort()).toEqual(expected);
}

const run = (arbitrary: fc.Arbitrary<string>, numRuns: number) =>
  checkedByTheCaller(() => fc.assert(fc.asyncProperty(arbitrary, checkHistory), { numRuns }));

// Thousands of cases per test: a ceiling far above their run time on a busy machine, not a timed assertion.
describe('GET /intelligence/flights/history with generated query strings (HISTORY-1..5, D16)', {
  timeout: 120_000,
}, () => {
  it(`HISTORY-1..5: mutated queries (${RUNS.mutated} runs: parameters dropped, repeated, emptied, bad dates, lookbackDays outside 1..30, non-MILES programs) get 200 exactly when valid, else a 422 naming exactly the wrong parameters`, () =>
    run(mutatedHistoryQuery, RUNS.mutated));

  it(`HISTORY-1..5: random query strings (${RUNS.random} runs) are never a 5xx and get 200 only when valid`, () =>
    run(randomHistoryQuery, RUNS.random));

  it(`HISTORY-1..6: valid queries (${RUNS.valid} runs, parameters in any order, city codes, repeated programs and dates) are answered 200 with total = flights.length`, () =>
    run(validHistoryQuery, RUNS.valid));

  it('the oracle reads the rules as written: repeated scalars, empty values, lookbackDays 1..30 in decimal, MILES programs only', () => {
    const valid = 'origin=GRU&destination=NYC&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=30';
    expect(historyQueryProblems(valid)).toEqual([]);
    expect(historyQueryProblems(`${valid}&origin=GRU`)).toEqual(['query.origin']);
    expect(historyQueryProblems(valid.replace('lookbackDays=30', 'lookbackDays=31'))).toEqual(['query.lookbackDays']);
    expect(historyQueryProblems(valid.replace('lookbackDays=30', 'lookbackDays=3e1'))).toEqual(['query.lookbackDays']);
    expect(historyQueryProblems(valid.replace('PROGRAM_1', 'PROGRAM_8'))).toEqual(['query.airlineLoyalty']);
    expect(historyQueryProblems(`${valid}&departureDate=2025-02-29&onlyFutureDepartures=`)).toEqual([
      'query.departureDate',
      'query.onlyFutureDepartures',
    ]);
  });
});
