// The per-call options' one table (CALL_OPTIONS): the client's calls, the comparisons and a comparison's query key
// all read it, so a row added or flipped there reaches each of them, and this file says where they would disagree.
import { describe, expect, it } from 'vitest';
import { compareProgramsStreaming, type RequestOptions, type SearchRequest } from '../src/index.js';
import { CALL_OPTIONS } from '../src/options.js';
import { flightSearchKeys } from '../src/query-tanstack.js';
import { BASE_URL, client, json, quotaAnswer, rawAnswer, route } from './helpers.js';

// A valid value of every per-call option and a wrong one: Required<> makes a new option fail to compile here until it has both.
const valid: Required<RequestOptions> = {
  signal: new AbortController().signal,
  timeoutMs: 1_000,
  maxRetries: 1,
  headers: { 'x-team': 'a' },
  validate: false,
};
const wrong: Required<Record<keyof RequestOptions, unknown>> = {
  signal: 'stop',
  timeoutMs: 0,
  maxRetries: 1.5,
  headers: { 'x-api-key': 'other-key-5678' },
  validate: 'no',
};
const names = Object.keys(CALL_OPTIONS) as (keyof RequestOptions)[];
const request = {
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15',
  passengers: { adults: 1 },
} as const;

describe('CALL_OPTIONS, the one table of per-call options', () => {
  it('has a row for every per-call option, and marks as outcome-changing timeoutMs, maxRetries and validate only', () => {
    expect(names.sort()).toEqual(Object.keys(valid).sort());
    expect(names.filter((name) => CALL_OPTIONS[name][2]).sort()).toEqual(['maxRetries', 'timeoutMs', 'validate']);
  });

  it("a comparison's query key holds exactly the rows marked outcome-changing, and quotaCheck", () => {
    const { signal: _, ...options } = valid;
    const key = flightSearchKeys.comparison(request, { ...options, quotaCheck: 'partial', concurrency: 2 })[3];
    expect(Object.keys(key).sort()).toEqual(['quotaCheck', ...names.filter((name) => CALL_OPTIONS[name][2])].sort());
    // Each outcome row changes the key on its own; any other row leaves it as it is.
    for (const name of names.filter((n) => n !== 'signal')) {
      const changed =
        JSON.stringify(flightSearchKeys.comparison(request, { [name]: valid[name] })) !==
        JSON.stringify(flightSearchKeys.comparison(request));
      expect(changed, name).toBe(CALL_OPTIONS[name][2]);
    }
  });

  it.each(names)('a call refuses a wrong %s with a TypeError naming it, sending nothing', async (name) => {
    const reads = route('get', '/quota', () => json(quotaAnswer));
    const error = await client()
      .getQuota({ [name]: wrong[name] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(new RegExp(`^GET ${BASE_URL}/quota: (invalid )?option "${name}"`));
    if (name !== 'timeoutMs') expect((error as Error).message).toContain(`must be ${CALL_OPTIONS[name][1]}; received `);
    expect(reads).toHaveLength(0);
  });

  it.each(names.filter((n) => n !== 'signal'))(
    'a comparison refuses a wrong %s at the call, and gives a right one to every search',
    async (name) => {
      expect(() =>
        compareProgramsStreaming(client(), { ...request, programs: ['PROGRAM_1'] }, { [name]: wrong[name] }),
      ).toThrow(new TypeError(`invalid option "${name}"`));
      const seen: RequestOptions[] = [];
      const fake = {
        searchFlights: async (_: SearchRequest, options?: RequestOptions) => {
          seen.push(options!);
          return rawAnswer;
        },
        getQuota: async () => quotaAnswer,
      };
      for await (const _ of compareProgramsStreaming(
        fake as never,
        { ...request, programs: ['PROGRAM_1', 'PROGRAM_4'] },
        { [name]: valid[name] },
      ));
      expect(seen.map((options) => options[name])).toEqual([valid[name], valid[name]]);
    },
  );

  it('the client checks its own timeoutMs and maxRetries with the same rows', () => {
    for (const name of ['timeoutMs', 'maxRetries'] as const)
      expect(() => client({ [name]: wrong[name] })).toThrow(
        `createFlightSearchClient: option "${name}" must be ${CALL_OPTIONS[name][1]}; received `,
      );
  });
});
