import { describe, expect, it, vi } from 'vitest';
import { createFlightSearchClient } from '../src/index.js';
import { createRawClient } from '../src/raw.js';
import { API_KEY, BASE_URL, client, json, oneWay, quotaAnswer, rawAnswer, route } from './helpers.js';

// Created before msw starts listening: the default fetch must be looked up per call.
const early = client();

describe('headers and media types', () => {
  it('AUTH-1: sends the API key in x-api-key and the versioned media type in Accept', async () => {
    const seen = route('post', '/flights/search', () => json(rawAnswer));
    await client().searchFlights(oneWay());
    expect(seen[0]!.headers.get('x-api-key')).toBe(API_KEY);
    expect(seen[0]!.headers.get('accept')).toBe('application/vnd.service.v1+json');
  });

  it('a keyless client (apiKey: null) sends no x-api-key on any call, to an absolute URL in Node', async () => {
    const search = route('post', '/flights/search', () => json(rawAnswer));
    const quota = route('get', '/quota', () => json(quotaAnswer));
    const keyless = createFlightSearchClient({ apiKey: null, baseUrl: BASE_URL, headers: { 'x-session': 's1' } });
    await keyless.searchFlights(oneWay());
    await keyless.getQuota();
    const raw = createRawClient({ apiKey: null, baseUrl: BASE_URL, headers: { 'x-session': 's1' } });
    await raw.GET('/quota');
    for (const request of [...search, ...quota]) {
      expect(request.headers.has('x-api-key')).toBe(false);
      expect(request.headers.get('x-session')).toBe('s1');
    }
    expect([search.length, quota.length]).toEqual([1, 2]);
  });

  it('NEG-1: sends Accept: application/json when mediaType says so', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    await client({ mediaType: 'application/json' }).getQuota();
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
  });

  it('adds custom headers but never lets them replace x-api-key or Accept', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    await client({ headers: { 'x-request-source': 'tests', 'X-Api-Key': 'other', accept: 'text/html' } }).getQuota();
    expect(seen[0]!.headers.get('x-request-source')).toBe('tests');
    expect(seen[0]!.headers.get('x-api-key')).toBe(API_KEY);
    expect(seen[0]!.headers.get('accept')).toBe('application/vnd.service.v1+json');
  });

  it('sends no Content-Type on GET calls', async () => {
    const quota = route('get', '/quota', () => json(quotaAnswer));
    await client().getQuota();
    expect(quota[0]!.headers.get('content-type')).toBeNull();
  });

  it('uses an injected fetch instead of the global one', async () => {
    const fetch = vi.fn(async (request: Request) => {
      expect(request.url).toBe(`${BASE_URL}/quota`);
      expect(request.headers.get('x-api-key')).toBe(API_KEY);
      return Response.json(quotaAnswer);
    });
    const seen = route('get', '/quota', () => json({}));
    await expect(createFlightSearchClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch }).getQuota()).resolves.toEqual(
      quotaAnswer,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(0);
  });

  it('looks the global fetch up at call time, so a fetch mock installed after the client still applies', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    await expect(early.getQuota()).resolves.toEqual(quotaAnswer);
    expect(seen).toHaveLength(1);
  });

  it('accepts a base URL with a trailing slash', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    await client({ baseUrl: `${BASE_URL}/` }).getQuota();
    expect(new URL(seen[0]!.url).pathname).toBe('/quota');
  });

  it('createRawClient gives the openapi-fetch client, with the same headers and { data, error } results', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    const { data, error, response } = await createRawClient({ apiKey: API_KEY, baseUrl: BASE_URL }).GET('/quota');
    expect(data).toEqual(quotaAnswer);
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(seen[0]!.headers.get('x-api-key')).toBe(API_KEY);
  });
});
