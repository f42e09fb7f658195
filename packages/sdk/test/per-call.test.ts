// Issue 31 item 2: options on every call, and derived clients (withOptions).
import { describe, expect, it } from 'vitest';
import { createFlightSearchClient, RateLimitError, ServerError, TimeoutError, type HookRequest } from '../src/index.js';
import { API_KEY, BASE_URL, client, envelope, json, oneWay, quotaAnswer, rawAnswer, route } from './helpers.js';

const busy = () => json(envelope('HTTP_ERROR', 'Busy.'), 503);

describe('per-call options', () => {
  it('per-call headers are sent over the client headers on every call, and the hook sees them', async () => {
    const searches = route('post', '/flights/search', () => json(rawAnswer));
    const reads = route('get', '/quota', () => json(quotaAnswer));
    const seen: string[] = [];
    const c = client({
      headers: { 'x-team': 'pricing', 'x-trace': 'client' },
      hooks: { onRequest: ({ headers }: HookRequest) => void seen.push(headers.get('x-trace')!) },
    });
    await c.searchFlights(oneWay(), { headers: { 'X-Trace': 'call-1' } });
    await c.getQuota({ headers: { 'x-trace': 'call-2' } });
    await c.getQuota();
    expect(
      searches.map((r) => [r.headers.get('x-team'), r.headers.get('x-trace'), r.headers.get('x-api-key')]),
    ).toEqual([['pricing', 'call-1', API_KEY]]);
    expect(reads.map((r) => r.headers.get('x-trace'))).toEqual(['call-2', 'client']);
    expect(seen).toEqual(['call-1', 'call-2', 'client']);
  });

  it('D148: per-call headers can never set x-api-key, on a keyed or a keyless client: a TypeError, nothing sent', async () => {
    const reads = route('get', '/quota', () => json(quotaAnswer));
    const keyless = createFlightSearchClient({ apiKey: null, baseUrl: BASE_URL });
    for (const c of [client(), keyless])
      for (const name of ['x-api-key', 'X-Api-Key'])
        await expect(c.getQuota({ headers: { [name]: 'other-key-5678' } })).rejects.toThrow(
          new TypeError(
            `GET ${BASE_URL}/quota: option "headers" must be an object of header names and values without x-api-key (the key is the client's apiKey); received an object`,
          ),
        );
    expect(reads).toHaveLength(0);
  });

  it("per-call maxRetries replaces the client's for GET calls, and refuses a bad value", async () => {
    const reads = route('get', '/quota', busy);
    const c = client({ maxRetries: 2 });
    await expect(c.getQuota({ maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(reads).toHaveLength(1);
    await expect(c.getQuota({ maxRetries: 4 })).rejects.toBeInstanceOf(ServerError);
    expect(reads).toHaveLength(6);
    await expect(c.getQuota({ maxRetries: -1 })).rejects.toThrow(
      `GET ${BASE_URL}/quota: option "maxRetries" must be a whole number of 0 or more; received -1`,
    );
    expect(reads).toHaveLength(6);
  });

  it("a search's per-call maxRetries bounds only its 429 retries: a charged search (a 503) is never retried", async () => {
    const failing = route('post', '/flights/search', busy);
    await expect(client().searchFlights(oneWay(), { maxRetries: 5 })).rejects.toBeInstanceOf(ServerError);
    expect(failing).toHaveLength(1);
    const limited = route('post', '/flights/search', () =>
      json(envelope('RATE_LIMIT_EXCEEDED', 'Slow down.'), 429, { 'retry-after': '0' }),
    );
    await expect(client().searchFlights(oneWay(), { maxRetries: 3 })).rejects.toBeInstanceOf(RateLimitError);
    expect(limited).toHaveLength(4);
    await expect(client({ retrySearchOn429: false }).searchFlights(oneWay(), { maxRetries: 3 })).rejects.toBeInstanceOf(
      RateLimitError,
    );
    expect(limited).toHaveLength(5);
  });

  it('per-call timeoutMs, signal and validate work on every call, the quota read included', async () => {
    route('get', '/quota', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return json(quotaAnswer);
    });
    await expect(
      client({ maxRetries: 0 }).getQuota({ timeoutMs: 20, validate: false, signal: new AbortController().signal }),
    ).rejects.toBeInstanceOf(TimeoutError);
    const searches = route('post', '/flights/search', () => json(rawAnswer));
    await expect(client().searchFlights({ ...oneWay(), origin: 'nope' }, { validate: false })).resolves.toEqual(
      rawAnswer,
    );
    expect(searches).toHaveLength(1);
  });
});

describe('withOptions(): a derived client', () => {
  it('uses its overrides, merges headers and hooks name by name, and leaves the client it came from as it was', async () => {
    const reads = route('get', '/quota', () => json(quotaAnswer));
    const calls: string[] = [];
    const base = client({
      headers: { 'x-team': 'pricing', 'x-app': 'web' },
      hooks: { onRequest: () => void calls.push('base onRequest') },
    });
    const derived = base.withOptions({
      headers: { 'x-team': 'ops' },
      hooks: { onResponse: () => void calls.push('derived onResponse') },
    });
    await derived.getQuota();
    await base.getQuota();
    expect(reads.map((r) => [r.headers.get('x-team'), r.headers.get('x-app'), r.headers.get('x-api-key')])).toEqual([
      ['ops', 'web', API_KEY],
      ['pricing', 'web', API_KEY],
    ]);
    expect(calls).toEqual(['base onRequest', 'derived onResponse', 'base onRequest']);
  });

  it('shares no mutable state: options, headers and hooks changed after the fact reach neither client', async () => {
    const reads = route('get', '/quota', () => json(quotaAnswer));
    const calls: string[] = [];
    const headers: Record<string, string> = { 'x-team': 'pricing' };
    const hooks: { onRequest?: () => void } = { onRequest: () => void calls.push('first') };
    const options = { apiKey: API_KEY, baseUrl: BASE_URL, headers, hooks };
    const base = createFlightSearchClient(options);
    headers['x-team'] = 'changed';
    headers['x-extra'] = 'leak';
    hooks.onRequest = () => void calls.push('changed');
    options.baseUrl = 'https://elsewhere.test';
    const derived = base.withOptions({ headers: { 'x-derived': '1' } });
    const other = derived.withOptions({ hooks: { onRequest: () => void calls.push('other') } });
    await base.getQuota();
    await derived.getQuota();
    await other.getQuota();
    expect(
      reads.map((r) => [r.url, r.headers.get('x-team'), r.headers.get('x-extra'), r.headers.get('x-derived')]),
    ).toEqual([
      [`${BASE_URL}/quota`, 'pricing', null, null],
      [`${BASE_URL}/quota`, 'pricing', null, '1'],
      [`${BASE_URL}/quota`, 'pricing', null, '1'],
    ]);
    expect(calls).toEqual(['first', 'first', 'other']);
  });

  it('checks its options as createFlightSearchClient does', () => {
    expect(() => client().withOptions({ timeoutMs: -1 })).toThrow(
      'createFlightSearchClient: option "timeoutMs" must be a number of milliseconds over 0 and below 2 ** 31; received -1',
    );
  });
});
