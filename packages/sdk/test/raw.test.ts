import { describe, expect, it, vi } from 'vitest';
import type { ClientOptions } from '../src/index.js';
import type { Middleware } from 'openapi-fetch';
import { createRawClient } from '../src/raw.js';
import { oneWay } from './fixtures.js';
import { API_KEY, BASE_URL, json, quotaAnswer, rawAnswer, route } from './helpers.js';

const options = { apiKey: API_KEY, baseUrl: BASE_URL };

describe('createRawClient (@flight-search/sdk/raw)', () => {
  it("takes the typed client's options object as it is and sends the same headers: key, Accept, extra headers, SDK header", async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    const shared: ClientOptions = {
      ...options,
      mediaType: 'application/json',
      headers: { 'x-request-source': 'tests', 'x-api-key': 'other' },
      maxRetries: 0,
      logLevel: 'debug',
    };
    const { data, error } = await createRawClient(shared).GET('/quota');
    expect(data).toEqual(quotaAnswer);
    expect(error).toBeUndefined();
    const headers = seen[0]!.headers;
    expect([headers.get('x-api-key'), headers.get('accept'), headers.get('x-request-source')]).toEqual([
      API_KEY,
      'application/json',
      'tests',
    ]);
    expect(headers.get('x-flight-search-sdk')).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('gives an error answer as { error, response } rather than throwing', async () => {
    route('get', '/quota', () =>
      json({ error: { code: 'HTTP_ERROR', message: 'Too many requests.' } }, 429, { 'retry-after': '1' }),
    );
    const { data, error, response } = await createRawClient(options).GET('/quota');
    expect(data).toBeUndefined();
    expect(error).toEqual({ error: { code: 'HTTP_ERROR', message: 'Too many requests.' } });
    expect(response.status).toBe(429);
  });

  it("runs openapi-fetch's own middleware on its calls", async () => {
    const seen = route('post', '/flights/search', () => json(rawAnswer));
    const raw = createRawClient(options);
    const onRequest = vi.fn<NonNullable<Middleware['onRequest']>>(({ request }) => {
      request.headers.set('traceparent', '00-trace');
      return request;
    });
    raw.use({ onRequest });
    const { data } = await raw.POST('/flights/search', {
      // The raw client takes the contract's body type as generated, whose array is mutable.
      body: { ...oneWay(), airlineLoyalty: ['PROGRAM_1'] },
    });
    expect(data).toEqual(rawAnswer);
    expect(onRequest).toHaveBeenCalledTimes(1);
    expect(seen[0]!.headers.get('traceparent')).toBe('00-trace');
  });

  it('hands a custom fetch each request', async () => {
    const fetch = vi.fn(async (request: Request) => {
      expect(request.headers.get('x-api-key')).toBe(API_KEY);
      return Response.json(quotaAnswer);
    });
    const { data } = await createRawClient({ ...options, fetch }).GET('/quota');
    expect(data).toEqual(quotaAnswer);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('checks its options as createFlightSearchClient does, naming itself', () => {
    expect(() => createRawClient({ ...options, baseUrl: '127.0.0.1:4010' })).toThrow(
      new TypeError(
        'createRawClient: option "baseUrl" must be an absolute http(s) URL such as "https://api.example.com"; received "127.0.0.1:4010"',
      ),
    );
    expect(() => createRawClient({ ...options, apiKey: '' })).toThrow(
      new TypeError(
        'createRawClient: option "apiKey" must be a non-empty string, or null for a keyless client of your own proxy (createFlightSearchProxy), which adds the key; received an empty string',
      ),
    );
  });
});
