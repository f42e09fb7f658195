// The SDK against the project's own mock server (its msw handlers, in process).
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROGRAM_CODES, MILES_PROGRAMS } from '../../contract/src/index.js';
import { createFlightSearchMock } from '../../mock-server/src/index.js';
import {
  createFlightSearchClient,
  NotAcceptableError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  TimeoutError,
  validateHistoryQuery,
  validateSearchRequest,
  ValidationError,
  type HistoryQuery,
  type SearchRequest,
} from '../src/index.js';
import { oneWay } from './fixtures.js';

const BASE_URL = 'http://mock.flight-search.test';
const mock = createFlightSearchMock({ baseUrl: BASE_URL, rateLimit: { requests: 1000, windowMs: 60_000 } });
const server = setupServer(...mock.handlers);
const sdk = (apiKey = 'test-key', options = {}) =>
  createFlightSearchClient({ apiKey, baseUrl: BASE_URL, retryDelay: () => 0, ...options });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('SDK against the mock server', () => {
  it('searches in PARSED format and gets typed flights', async () => {
    const answer = await sdk().searchFlights({ ...oneWay(), responseFormat: 'PARSED' });
    expect(answer.summary).toEqual({ totalAirlinesRequested: 1, successfulSearches: 1, failedSearches: 0 });
    const item = answer.results[0]!;
    expect(item.airline).toBe('PROGRAM_1');
    expect(item.success).toBe(true);
    if (item.success)
      for (const flight of item.flights)
        expect(flight).toMatchObject({ origin: 'GRU', airlineLoyalty: 'PROGRAM_1', cabinType: 'ECONOMY' });
  });

  it('searches in RAW format (the default) and gets the provider data', async () => {
    const answer = await sdk().searchFlights(oneWay({ priceType: 'CASH', airlineLoyalty: ['PROGRAM_8'] }));
    const item = answer.results[0]!;
    expect(item.success && item.data).toHaveProperty('inbound', null);
  });

  it('QUOTA-1: a ROUND_TRIP costs 2 units and a ONE_WAY 1, as getQuota shows', async () => {
    const client = sdk();
    const before = await client.getQuota();
    await client.searchFlights(oneWay());
    await client.searchFlights(oneWay({ tripType: 'ROUND_TRIP', returnDate: '2026-12-20' }));
    const after = await client.getQuota();
    expect(after.consumed - before.consumed).toBe(3);
    expect(after.remaining).toBe(before.remaining - 3);
  });

  it('QUOTA-1: throws QuotaExceededError with requiredUnits and remainingUnits, and spends nothing', async () => {
    const client = sdk('low-quota-key');
    await client.searchFlights(oneWay());
    const error = (await client
      .searchFlights(oneWay({ tripType: 'ROUND_TRIP', returnDate: '2026-12-20' }))
      .catch((e: unknown) => e)) as QuotaExceededError;
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect([error.requiredUnits, error.remainingUnits]).toEqual([2, 1]);
    expect((await client.getQuota()).remaining).toBe(1);
  });

  it('PROVIDER-1: returns a provider failure inside the 200 answer', async () => {
    mock.setProgramBehavior('PROGRAM_4', { fail: { status: 503, message: 'down' } });
    const answer = await sdk().searchFlights(oneWay({ airlineLoyalty: ['PROGRAM_4'] }));
    expect(answer.results[0]).toMatchObject({ success: false, data: null, error: { providerStatusCode: 503 } });
    expect(answer.summary.failedSearches).toBe(1);
  });

  it('sends a slow search once and times out with TimeoutError, the mock seeing the abort', async () => {
    mock.setProgramBehavior('PROGRAM_2', { latencyMs: 5_000 });
    const error = await sdk('test-key', { timeoutMs: 100 })
      .searchFlights(oneWay({ airlineLoyalty: ['PROGRAM_2'] }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    const searches = mock.requests().filter((r) => r.path === '/flights/search');
    expect(searches).toHaveLength(1);
    await expect.poll(() => mock.requests()[0]!.aborted).toBe(true);
  });

  it('sends the repeated history parameters the mock reads as unions (HISTORY-5)', async () => {
    const answer = await sdk().getPriceHistory({
      origin: 'SAO',
      destination: 'NYC',
      cabinType: 'ECONOMY',
      airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'],
      lookbackDays: 30,
    });
    expect(answer.total).toBe(answer.flights.length);
    expect(answer.lookbackDays).toBe(30);
    expect(answer.total).toBeGreaterThan(0);
    for (const record of answer.flights) expect(['PROGRAM_1', 'PROGRAM_4']).toContain(record.airlineLoyalty);
    expect(mock.requests()[0]!.query.airlineLoyalty).toEqual(['PROGRAM_1', 'PROGRAM_4']);
  });

  it('AUTH-3: a key without the history product gets PermissionDeniedError', async () => {
    await expect(
      sdk('search-only-key').getPriceHistory({
        origin: 'GRU',
        destination: 'JFK',
        cabinType: 'ECONOMY',
        airlineLoyalty: 'PROGRAM_1',
        lookbackDays: 7,
      }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('AUTH-2: an unknown key gets NotFoundError, not retried', async () => {
    await expect(sdk('no-such-key').getQuota()).rejects.toBeInstanceOf(NotFoundError);
    expect(mock.requests()).toHaveLength(1);
  });

  /** A fetch that edits the headers on the way out, to send what the client itself never sends. */
  const editing = (edit: (headers: Headers) => void) => (request: Request) => {
    const headers = new Headers(request.headers);
    edit(headers);
    return fetch(new Request(request, { headers }));
  };

  it('AUTH-1: a request without the key gets AuthenticationError', async () => {
    const client = sdk('test-key', { fetch: editing((h) => h.delete('x-api-key')) });
    await expect(client.getQuota()).rejects.toMatchObject({
      name: 'AuthenticationError',
      status: 401,
      code: 'HTTP_ERROR',
    });
  });

  it('NEG-1: the mock answers both media types the client can ask for', async () => {
    await sdk('test-key', { mediaType: 'application/json' }).getQuota();
    await sdk().getQuota();
    expect(mock.requests().map((r) => r.headers.accept)).toEqual([
      'application/json',
      'application/vnd.service.v1+json',
    ]);
  });

  it('NEG-1: an unsupported Accept gets NotAcceptableError with supportedMediaTypes', async () => {
    const error = await sdk('test-key', { fetch: editing((h) => h.set('accept', 'application/xml')) })
      .getQuota()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAcceptableError);
    expect((error as NotAcceptableError).supportedMediaTypes).toEqual([
      'application/vnd.service.v1+json',
      'application/json',
    ]);
  });

  it('RATE-1: retries a rate-limited GET after Retry-After and gives RateLimitError when it persists', async () => {
    const limited = createFlightSearchMock({ baseUrl: BASE_URL, rateLimit: { requests: 1, windowMs: 60_000 } });
    server.use(...limited.handlers);
    const delays: (number | undefined)[] = [];
    const error = await sdk('test-key', {
      retryDelay: (_: number, ms: number | undefined) => {
        delays.push(ms);
        return 0;
      },
    })
      .getQuota()
      .then(() =>
        sdk('test-key', {
          retryDelay: (_: number, ms: number | undefined) => {
            delays.push(ms);
            return 0;
          },
        }).getQuota(),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(limited.requests()).toHaveLength(4);
    expect(delays).toHaveLength(2);
    for (const ms of delays) expect(ms).toBeGreaterThan(0);
  });

  it('SEARCH-9: with validate: false the mock returns the same list as validateSearchRequest: fields, messages, types and order', async () => {
    const bad = {
      ...oneWay(),
      origin: 'gru',
      passengers: { adults: 0, infants: 2 },
      tripType: 'ROUND_TRIP',
      responseFormat: 'XML',
    } as unknown as SearchRequest;
    const error = (await sdk()
      .searchFlights(bad, { validate: false })
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors).toEqual(validateSearchRequest(bad));
    expect(error.errors).toHaveLength(4);
    expect((await sdk().getQuota()).consumed).toBe(0);
  });

  it('RATE-1: a search answered 429 is retried after Retry-After and charged exactly once (D2: the rate check comes before the quota, D63)', async () => {
    let clock = Date.now();
    const limited = createFlightSearchMock({
      baseUrl: BASE_URL,
      rateLimit: { requests: 1, windowMs: 1_000 },
      now: () => clock,
    });
    server.use(...limited.handlers);
    const delays: (number | undefined)[] = [];
    // The wait is the mock's clock moving on by Retry-After, so the window has room again.
    const client = sdk('test-key', {
      retryDelay: (_: number, ms: number | undefined) => {
        delays.push(ms);
        clock += ms!;
        return 0;
      },
    });
    await client.searchFlights(oneWay());
    const second = await client.searchFlights(oneWay({ tripType: 'ROUND_TRIP', returnDate: '2026-12-20' }));
    expect(second.summary.successfulSearches).toBe(1);
    expect(delays).toEqual([1000]);
    const searches = limited.requests().filter((r) => r.path === '/flights/search');
    expect(searches).toHaveLength(3);
    clock += 1_000;
    // Two searches succeeded, one ONE_WAY (1 unit) and one ROUND_TRIP (2): 3 units, the refused attempt cost nothing.
    const quota = await client.getQuota();
    expect(quota.consumed).toBe(3);
    expect(quota.usageByCompany).toEqual([{ airlineLoyalty: 'PROGRAM_1', consumed: 3 }]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['lookbackDays 31', { lookbackDays: 31 }],
    ['lookbackDays 0 and a lower-case origin', { lookbackDays: 0, origin: 'gru' }],
    ['a cabin not served and no destination', { cabinType: 'FIRST', destination: undefined }],
    ['no program', { airlineLoyalty: [] }],
    ['a date not on the calendar and one in another format', { departureDate: ['2026-02-30', '12/15/2026'] }],
    ['a date not on the calendar', { departureDate: '2026-04-31' }],
  ])(
    'HISTORY-1..5: with validate: false the mock answers %s with the list validateHistoryQuery gives',
    async (_, change) => {
      const query = {
        origin: 'GRU',
        destination: 'JFK',
        cabinType: 'ECONOMY',
        airlineLoyalty: ['PROGRAM_1'],
        lookbackDays: 7,
        ...change,
      } as unknown as HistoryQuery;
      const local = validateHistoryQuery(query);
      expect(local.length).toBeGreaterThan(0);
      const error = (await sdk()
        .getPriceHistory(query, { validate: false })
        .catch((e: unknown) => e)) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.errors).toEqual(local);
    },
  );

  it('issue 27 item 1: a misspelt field is refused before anything is sent, naming the closest field; validate: false sends it, and it is charged', async () => {
    const typo = { ...oneWay(), passengers: { adults: 1, childs: 2 } } as unknown as SearchRequest;
    const error = (await sdk()
      .searchFlights(typo)
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain(
      'passengers.childs is not a field of the request; did you mean passengers.children?',
    );
    expect(mock.requests()).toHaveLength(0);
    // The service ignores the field and searches for one passenger: the mistake the local check exists to stop.
    const answer = await sdk().searchFlights(typo, { validate: false });
    expect(answer.summary.successfulSearches).toBe(1);
    expect((await sdk().getQuota()).consumed).toBe(1);
  });

  it.each([
    ['', true],
    ['program_1', true],
    ['PROGRAM_1,PROGRAM_4', true],
    ['X', false],
    ['PROGRAM_99', false],
    ['PROGRAM_8', false],
  ])(
    'issue 27 item 4: history with airlineLoyalty %j: refused locally as the mock refuses it (%s), else left to the mock, which refuses it for free (D143)',
    async (code, local) => {
      const query = {
        origin: 'GRU',
        destination: 'JFK',
        cabinType: 'ECONOMY',
        airlineLoyalty: code,
        lookbackDays: 3,
      } as HistoryQuery;
      const issues = validateHistoryQuery(query);
      const error = (await sdk()
        .getPriceHistory(query, { validate: false })
        .catch((e: unknown) => e)) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.errors.map((e) => e.field)).toEqual(['query.airlineLoyalty']);
      if (local) expect(issues).toEqual(error.errors);
      else expect(issues).toEqual([]);
    },
  );
});

/** Codes a generated request uses: known, unknown but shaped like a code (left to the service, D143), and malformed. */
const CODES = [...PROGRAM_CODES, 'PROGRAM_9', 'PROGRAM_99', 'X', 'program_1', '', 'PROGRAM-1', 'PROGRAM_1,PROGRAM_4'];
const SHAPE = /^[A-Z][A-Z0-9_]*$/;

describe("the SDK's local decision and the mock's agree (issue 27, properties)", () => {
  // A mock that refuses unknown fields, so that every mistake the SDK refuses is one the mock names too.
  const strict = createFlightSearchMock({
    baseUrl: BASE_URL,
    unknownFields: 'refuse',
    rateLimit: { requests: 100_000, windowMs: 60_000 },
  });
  beforeEach(() => {
    strict.reset();
    server.use(...strict.handlers);
  });
  const client = sdk('test-key', { maxRetries: 0 });

  it('a search: the SDK refuses locally exactly the fields the mock refuses, except a code shaped like a program, which it leaves to the service; only what passes is charged', async () => {
    const request = fc.record(
      {
        airlineLoyalty: fc.oneof(
          fc.constantFrom(...CODES).map((c) => [c]),
          fc.array(fc.constantFrom(...CODES), { maxLength: 2 }),
        ),
        priceType: fc.constantFrom('MILES', 'CASH'),
        tripType: fc.constantFrom('ONE_WAY', 'ROUND_TRIP'),
        cabinType: fc.constantFrom('ECONOMY', 'BUSINESS'),
        origin: fc.constantFrom('GRU', 'JFK', 'gru'),
        destination: fc.constantFrom('JFK', 'LHR'),
        departureDate: fc.constant('2026-12-15'),
        returnDate: fc.constantFrom('2026-12-22', '2026-12-10'),
        passengers: fc.record(
          {
            adults: fc.integer({ min: 0, max: 9 }),
            children: fc.integer({ min: 0, max: 2 }),
            childs: fc.constant(1),
            infant: fc.constant(1),
          },
          { requiredKeys: ['adults'] },
        ),
        responseFormat: fc.constantFrom('RAW', 'PARSED'),
        responseFomat: fc.constant('PARSED'),
        foo: fc.constant(1),
      },
      {
        requiredKeys: [
          'airlineLoyalty',
          'tripType',
          'cabinType',
          'origin',
          'destination',
          'departureDate',
          'passengers',
        ],
      },
    );
    await fc.assert(
      fc.asyncProperty(request, async (body) => {
        const local = validateSearchRequest(body);
        const before = (await client.getQuota()).consumed;
        const answer = await client
          .searchFlights(body as unknown as SearchRequest, { validate: false })
          .catch((e: unknown) => e);
        const charged = (await client.getQuota()).consumed - before;
        // Each code shaped like a program but unknown is the service's to refuse, at its index.
        const leftToService = body.airlineLoyalty.flatMap((code, i) =>
          SHAPE.test(code) && !(PROGRAM_CODES as readonly string[]).includes(code) ? [`body.airlineLoyalty.${i}`] : [],
        );
        const expected = [...local.map((i) => i.field), ...leftToService].sort();
        if (expected.length === 0) {
          expect(answer).not.toBeInstanceOf(Error);
          expect(charged).toBeGreaterThan(0);
        } else {
          expect(answer).toBeInstanceOf(ValidationError);
          expect((answer as ValidationError).errors.map((e) => e.field).sort()).toEqual(expected);
          expect(charged).toBe(0);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a history query: the SDK refuses locally exactly the parameters the mock refuses, except programs shaped like a code, left to the service (D9, D143)', async () => {
    const query = fc.record({
      origin: fc.constantFrom('GRU', 'SAO', 'gru'),
      destination: fc.constantFrom('JFK', 'NYC'),
      cabinType: fc.constantFrom('ECONOMY', 'FIRST'),
      airlineLoyalty: fc.oneof(fc.constantFrom(...CODES), fc.array(fc.constantFrom(...CODES), { maxLength: 3 })),
      lookbackDays: fc.integer({ min: 0, max: 31 }),
    });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const local = validateHistoryQuery(q as HistoryQuery);
        const answer = await client.getPriceHistory(q as HistoryQuery, { validate: false }).catch((e: unknown) => e);
        const codes = [q.airlineLoyalty].flat();
        // Which programs have history is the service's to say (D9): a well-formed code outside the MILES table is left to it.
        const leftToService =
          codes.every((c) => SHAPE.test(c)) && codes.some((c) => !(MILES_PROGRAMS as readonly string[]).includes(c));
        const expected = [...local.map((i) => i.field), ...(leftToService ? ['query.airlineLoyalty'] : [])].sort();
        if (expected.length === 0) expect(answer).not.toBeInstanceOf(Error);
        else expect((answer as ValidationError).errors.map((e) => e.field).sort()).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
