import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type * as sdk from '../src/index.js';
import {
  AbortError,
  AuthenticationError,
  ConnectionError,
  FlightSearchApiError,
  FlightSearchError,
  NotAcceptableError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '../src/index.js';
import { API_KEY, BASE_URL, client, envelope, json, oneWay, route } from './helpers.js';

const cases = [
  [401, 'HTTP_ERROR', AuthenticationError, 'AuthenticationError'],
  [402, 'HTTP_ERROR', QuotaExceededError, 'QuotaExceededError'],
  [403, 'AUTHORIZATION_ERROR', PermissionDeniedError, 'PermissionDeniedError'],
  [404, 'HTTP_ERROR', NotFoundError, 'NotFoundError'],
  [406, 'NOT_ACCEPTABLE', NotAcceptableError, 'NotAcceptableError'],
  [422, 'VALIDATION_ERROR', ValidationError, 'ValidationError'],
  [429, 'RATE_LIMIT_EXCEEDED', RateLimitError, 'RateLimitError'],
  [500, 'INTERNAL_ERROR', ServerError, 'ServerError'],
  [503, 'INTERNAL_ERROR', ServerError, 'ServerError'],
  [413, 'PAYLOAD_TOO_LARGE', FlightSearchApiError, 'FlightSearchApiError'],
] as const;

describe('errors', () => {
  it.each(cases)(
    'maps a %i answer to its class with status, code, correlationId and headers',
    async (status, code, Class, name) => {
      route('post', '/flights/search', () =>
        json(envelope(code, 'Something went wrong.'), status, { 'x-trace': 'abc' }),
      );
      const error = await client({ maxRetries: 0 })
        .searchFlights(oneWay())
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Class);
      expect(error).toBeInstanceOf(FlightSearchApiError);
      expect(error).toBeInstanceOf(FlightSearchError);
      expect(error).toBeInstanceOf(Error);
      const e = error as FlightSearchApiError;
      expect(e.name).toBe(name);
      expect(e.status).toBe(status);
      expect(e.code).toBe(code);
      expect(e.correlationId).toBe('7b8c9d0e-1f2a-4b3c-8d5e-6f7a8b9cadb4');
      expect(e.headers.get('x-trace')).toBe('abc');
      expect(e.message).toBe(`${status} Something went wrong. (POST ${BASE_URL}/flights/search)`);
    },
  );

  it.each([
    [
      'an envelope whose message and extra fields echo it',
      () =>
        json(
          envelope('HTTP_ERROR', `API key ${API_KEY} was not found.`, {
            apiKey: API_KEY,
            name: API_KEY,
            cause: API_KEY,
          }),
          404,
        ),
      'API key [redacted] was not found.',
      { code: 'HTTP_ERROR', correlationId: '7b8c9d0e-1f2a-4b3c-8d5e-6f7a8b9cadb4' },
    ],
    [
      'a plain-text body naming it twice',
      () => new HttpResponse(`Unknown key ${API_KEY}; check ${API_KEY}.`, { status: 404 }),
      'Unknown key [redacted]; check [redacted].',
      {},
    ],
    ['a JSON body without an envelope', () => json({ key: API_KEY }, 404), '{"key":"[redacted]"}', {}],
  ])(
    'never puts the API key in the message, the fields or JSON when the service echoes it back: %s',
    async (_, answer, text, fields) => {
      route('get', '/quota', answer);
      const error = (await client()
        .getQuota()
        .catch((e: unknown) => e)) as NotFoundError;
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.name).toBe('NotFoundError');
      expect(error.cause).toBeUndefined();
      expect(error.message).toBe(`404 ${text} (GET ${BASE_URL}/quota)`);
      // Only the envelope's known fields are copied: no `apiKey`, and `name` stays the class's.
      expect(JSON.parse(JSON.stringify(error))).toEqual({
        name: 'NotFoundError',
        status: 404,
        ...fields,
        method: 'GET',
        url: `${BASE_URL}/quota`,
        message: error.message,
      });
      expect(error.stack).not.toContain(API_KEY);
    },
  );

  it('names a JSON error body without an envelope by its JSON text, cut at 200 characters', async () => {
    route('get', '/quota', () => json({ status: 'down', note: 'x'.repeat(300) }, 500));
    const error = (await client({ maxRetries: 0 })
      .getQuota()
      .catch((e: unknown) => e)) as ServerError;
    expect(error.message).toBe(
      `500 ${`{"status":"down","note":"${'x'.repeat(300)}`.slice(0, 200)} (GET ${BASE_URL}/quota)`,
    );
  });

  it('names a body whose error is a string by its JSON text and takes no field from it', async () => {
    route('get', '/quota', () => json({ error: 'Service unavailable' }, 503));
    const error = (await client({ maxRetries: 0 })
      .getQuota()
      .catch((e: unknown) => e)) as ServerError;
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ServerError',
      status: 503,
      method: 'GET',
      url: `${BASE_URL}/quota`,
      message: `503 {"error":"Service unavailable"} (GET ${BASE_URL}/quota)`,
    });
  });

  it('QUOTA-1: reads requiredUnits and remainingUnits from the D5 message', async () => {
    route('post', '/flights/search', () =>
      json(envelope('HTTP_ERROR', 'Insufficient quota: this search requires 2 units and 1 remains.'), 402),
    );
    const error = (await client()
      .searchFlights(oneWay({ tripType: 'ROUND_TRIP', returnDate: '2026-12-20' }))
      .catch((e: unknown) => e)) as QuotaExceededError;
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect([error.requiredUnits, error.remainingUnits]).toEqual([2, 1]);
  });

  it.each([
    ['Insufficient quota: this search requires 1 unit and 0 remain.', 1, 0],
    ['Insufficient quota: this search requires 2 units and 3 remain.', 2, 3],
    ['Insufficient quota: 2 units required, 1 remaining.', 2, 1],
    ['Quota exceeded (requires 2 units; remaining: 0).', 2, 0],
    ['This search requires 2 units.', 2, undefined],
    ['Quota exhausted.', undefined, undefined],
  ])('QUOTA-1: parses %j into its units', (message, required, remaining) => {
    const error = new QuotaExceededError({ status: 402, message });
    expect([error.requiredUnits, error.remainingUnits]).toEqual([required, remaining]);
  });

  it('QUOTA-1: reads requiredUnits and remainingUnits from details when the service sends them (D52)', async () => {
    route('post', '/flights/search', () =>
      json(envelope('HTTP_ERROR', 'Insufficient quota.', { details: { requiredUnits: 2, remainingUnits: 1 } }), 402),
    );
    const error = (await client()
      .searchFlights(oneWay())
      .catch((e: unknown) => e)) as QuotaExceededError;
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect([error.requiredUnits, error.remainingUnits]).toEqual([2, 1]);
  });

  it.each([
    [{ requiredUnits: 4, remainingUnits: 0 }, 4, 0],
    [{ requiredUnits: 4 }, 4, 1],
    [{ remainingUnits: 0 }, 2, 0],
    [{ requiredUnits: '4', remainingUnits: -1 }, 2, 1],
    [undefined, 2, 1],
  ])(
    'QUOTA-1: details %j win over the message, which is read only for a field that is absent (or not a count)',
    (details, required, remaining) => {
      const error = new QuotaExceededError({
        status: 402,
        message: 'Insufficient quota: this search requires 2 units and 1 remains.',
        details: details as never,
      });
      expect([error.requiredUnits, error.remainingUnits]).toEqual([required, remaining]);
    },
  );

  it('a service 422 lists each field: message in the message, like a local ValidationError', async () => {
    const errors = [
      { field: 'body.origin', message: 'must match ^[A-Z]{3}$.', type: 'invalid_format' },
      { field: 'body.passengers.adults', message: 'must be >= 1.', type: 'out_of_range' },
    ];
    route('post', '/flights/search', () =>
      json(envelope('VALIDATION_ERROR', 'The request is invalid.', { details: { errors } }), 422),
    );
    const error = (await client()
      .searchFlights(oneWay(), { validate: false })
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors).toEqual(errors);
    expect(error.message).toBe(
      `422 The request is invalid. body.origin: must match ^[A-Z]{3}$. body.passengers.adults: must be >= 1. (POST ${BASE_URL}/flights/search)`,
    );
  });

  it('NEG-1: NotAcceptableError carries supportedMediaTypes', async () => {
    const supportedMediaTypes = ['application/vnd.service.v1+json', 'application/json'];
    route('get', '/quota', () =>
      json(
        envelope('NOT_ACCEPTABLE', 'None of the media types the Accept header asks for can be served.', {
          supportedMediaTypes,
        }),
        406,
      ),
    );
    await expect(client().getQuota()).rejects.toMatchObject({
      name: 'NotAcceptableError',
      status: 406,
      supportedMediaTypes,
    });
  });

  it.each([
    ['2', 2000],
    ['0', 0],
    ['1.5', undefined],
    ['-1', undefined],
    ['soon', undefined],
  ])(
    'RATE-1: RateLimitError reads Retry-After %s as %s ms (delta-seconds are whole; only an HTTP-date goes through Date.parse)',
    async (header, ms) => {
      route('get', '/quota', () =>
        json(envelope('RATE_LIMIT_EXCEEDED', 'Too many requests.'), 429, { 'Retry-After': header }),
      );
      await expect(client({ maxRetries: 0 }).getQuota()).rejects.toMatchObject({ retryAfterMs: ms });
    },
  );

  it('RATE-1: RateLimitError reads an HTTP-date Retry-After', async () => {
    const date = new Date(Date.now() + 30_000).toUTCString();
    route('get', '/quota', () =>
      json(envelope('RATE_LIMIT_EXCEEDED', 'Too many requests.'), 429, { 'Retry-After': date }),
    );
    const error = (await client({ maxRetries: 0 })
      .getQuota()
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error.retryAfterMs).toBeGreaterThan(25_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('names an empty error body by its status and request alone, not as undefined', async () => {
    route('get', '/quota', () => new HttpResponse(null, { status: 503, headers: { 'Content-Length': '0' } }));
    const error = (await client({ maxRetries: 0 })
      .getQuota()
      .catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe(`503 (GET ${BASE_URL}/quota)`);
  });

  it.each([
    ['an array', '', ''],
    ["the envelope's message", '{"error":{"message":', '}}'],
  ])(
    'issue 39 item 11: a 500 whose JSON nests 100 000 levels in %s is a ServerError with the problem as its cause, not a ConnectionError',
    async (_, before, after) => {
      const body = `${before}${'['.repeat(100_000)}1${']'.repeat(100_000)}${after}`;
      const seen = route(
        'get',
        '/quota',
        () => new HttpResponse(body, { status: 500, headers: { 'content-type': 'application/json' } }),
      );
      const error = (await client({ maxRetries: 0 })
        .getQuota()
        .catch((e: unknown) => e)) as ServerError;
      expect(error).toBeInstanceOf(ServerError);
      expect(error).not.toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({
        status: 500,
        method: 'GET',
        url: `${BASE_URL}/quota`,
        message: `500 (GET ${BASE_URL}/quota)`,
      });
      expect(error.cause).toBeInstanceOf(RangeError);
      expect(seen).toHaveLength(1);
    },
  );

  it('keeps a non-JSON error body (a proxy page) in the message', async () => {
    route('get', '/quota', () => new HttpResponse('Bad gateway from the proxy', { status: 502 }));
    const error = (await client({ maxRetries: 0 })
      .getQuota()
      .catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.code).toBeUndefined();
    expect(error.message).toBe(`502 Bad gateway from the proxy (GET ${BASE_URL}/quota)`);
  });

  it('prints status, code, message, correlationId and errors with JSON.stringify', () => {
    const errors = [{ field: 'body.origin', message: 'must match ^[A-Z]{3}$', type: 'invalid_format' as const }];
    const error = new ValidationError({
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'invalid',
      correlationId: 'c-1',
      errors,
      headers: new Headers({ a: 'b' }),
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ValidationError',
      status: 422,
      code: 'VALIDATION_ERROR',
      correlationId: 'c-1',
      errors,
      message: 'invalid',
    });
  });

  it('takes a 422 envelope with details.errors', () => {
    const errors = [{ field: 'query.lookbackDays', message: 'must be <= 30.', type: 'out_of_range' as const }];
    expect(new ValidationError({ status: 422, message: 'x', details: { errors } }).errors).toEqual(errors);
  });

  it('keeps the hierarchy for errors without an answer', () => {
    const cause = new TypeError('fetch failed');
    const timeout = new TimeoutError('GET /quota timed out after 5 ms', { timeoutMs: 5, cause });
    expect(timeout).toBeInstanceOf(ConnectionError);
    expect(timeout).toBeInstanceOf(FlightSearchError);
    expect(timeout).not.toBeInstanceOf(FlightSearchApiError);
    expect(timeout.cause).toBe(cause);
    expect(timeout.timeoutMs).toBe(5);
    expect(new AbortError('aborted')).not.toBeInstanceOf(ConnectionError);
    expect(new ConnectionError('down', { cause }).cause).toBe(cause);
    expect(JSON.parse(JSON.stringify(timeout))).toEqual({
      name: 'TimeoutError',
      timeoutMs: 5,
      message: 'GET /quota timed out after 5 ms',
    });
  });

  it('does not mistake other errors or plain objects for SDK errors', () => {
    expect(new Error('x')).not.toBeInstanceOf(FlightSearchError);
    expect({ status: 404 }).not.toBeInstanceOf(NotFoundError);
    expect(null).not.toBeInstanceOf(FlightSearchError);
    expect(new NotFoundError({ status: 404, message: 'x' })).not.toBeInstanceOf(AuthenticationError);
  });

  it('works with instanceof across two copies of the SDK (another bundle or realm)', async () => {
    vi.resetModules();
    const other = (await import('../src/index.js')) as typeof sdk;
    expect(other.QuotaExceededError).not.toBe(QuotaExceededError);
    const theirs = new other.QuotaExceededError({ status: 402, message: 'x' });
    expect(theirs).toBeInstanceOf(QuotaExceededError);
    expect(theirs).toBeInstanceOf(FlightSearchApiError);
    expect(theirs).not.toBeInstanceOf(ServerError);
    expect(new ServerError({ status: 500, message: 'x' })).toBeInstanceOf(other.FlightSearchError);
  });
});
