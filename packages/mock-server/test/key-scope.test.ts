import { describe, expect, it } from 'vitest';
import { createFlightSearchMock, type FlightSearchMock } from '../src/index.js';
import { validSearch } from './fixtures.js';
import { checkedByTheCaller } from './support/contract-hook.js';

// Issue 29 item 1 (D154): faults, program behaviours, the rate limit and the request log's view set for one key.
const URL_BASE = 'https://api.example.com';
const call = (mock: FlightSearchMock, key: string, path = '/quota', init: RequestInit = {}) =>
  mock.handle(
    new Request(`${URL_BASE}${path}`, { ...init, headers: { 'x-api-key': key, ...init.headers } }),
  ) as Promise<Response>;
// A fault's 5xx is outside openapi.yaml on purpose: its status is what these tests check.
const faulted = (mock: FlightSearchMock, key: string) => checkedByTheCaller(() => call(mock, key));
const search = (mock: FlightSearchMock, key: string, program = 'PROGRAM_1') =>
  call(mock, key, '/flights/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validSearch({ airlineLoyalty: [program] })),
  });
const firstResult = async (response: Response) =>
  ((await response.json()) as { results: { success: boolean; error?: { providerStatusCode: number } }[] }).results[0]!;

function twoKeys(): FlightSearchMock {
  const mock = createFlightSearchMock();
  mock.setKey('worker-a', { limit: 10 });
  mock.setKey('worker-b', { limit: 10 });
  return mock;
}

describe('state scoped to an API key (D154)', () => {
  it('a fault set for one key hits only that key, and faults() with the key lists it', async () => {
    const mock = twoKeys();
    mock.setFault('quota', { status: 503 }, { key: 'worker-a' });
    expect((await faulted(mock, 'worker-a')).status).toBe(503);
    expect((await call(mock, 'worker-b')).status).toBe(200);
    expect(mock.faults()).toEqual([]);
    expect(mock.faults({ key: 'worker-a' })).toEqual([{ route: 'quota', fault: { status: 503 }, hits: 1 }]);
    mock.clearFaults('quota', { key: 'worker-a' });
    expect((await call(mock, 'worker-a')).status).toBe(200);
  });

  it('the scoped fault comes before the global one, and the global one applies where no scoped one does', async () => {
    const mock = twoKeys();
    mock.setFault('quota', { status: 500 });
    mock.setFault('quota', { status: 502, times: 1 }, { key: 'worker-a' });
    expect((await faulted(mock, 'worker-a')).status).toBe(502);
    // Used up: the global fault applies to that key again.
    expect((await faulted(mock, 'worker-a')).status).toBe(500);
    expect((await faulted(mock, 'worker-b')).status).toBe(500);
  });

  it('a program behaviour set for one key changes only that key’s searches, before the global one', async () => {
    const mock = twoKeys();
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 503 } });
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 418 } }, { key: 'worker-a' });
    expect(mock.getProgramBehavior('PROGRAM_1', { key: 'worker-a' })).toEqual({ fail: { status: 418 } });
    expect((await firstResult(await search(mock, 'worker-a'))).error?.providerStatusCode).toBe(418);
    expect((await firstResult(await search(mock, 'worker-b'))).error?.providerStatusCode).toBe(503);
    mock.setProgramBehavior('PROGRAM_1', null);
    expect((await firstResult(await search(mock, 'worker-b'))).success).toBe(true);
    expect((await firstResult(await search(mock, 'worker-a'))).error?.providerStatusCode).toBe(418);
  });

  it('a rate limit set for one key limits only that key', async () => {
    const mock = twoKeys();
    mock.setRateLimit({ requests: 2, windowMs: 60_000 }, { key: 'worker-a' });
    const a = [await call(mock, 'worker-a'), await call(mock, 'worker-a'), await call(mock, 'worker-a')];
    expect(a.map((response) => response.status)).toEqual([200, 200, 429]);
    expect(a[2]!.headers.get('retry-after')).toBe('60');
    for (let i = 0; i < 5; i++) expect((await call(mock, 'worker-b')).status).toBe(200);
    expect(mock.getKey('worker-a')?.scoped).toEqual({ rateLimit: { requests: 2, windowMs: 60_000 } });
    mock.setRateLimit(null, { key: 'worker-a' });
    expect((await call(mock, 'worker-a')).status).toBe(200);
    expect(mock.getKey('worker-a')?.scoped).toBeUndefined();
  });

  it('requests({ key }) lists only that key’s requests, its key masked, never in clear', async () => {
    const mock = twoKeys();
    await call(mock, 'worker-a');
    await call(mock, 'worker-b');
    await search(mock, 'worker-a');
    const listed = mock.requests({ key: 'worker-a' });
    expect(listed.map((entry) => entry.path)).toEqual(['/quota', '/flights/search']);
    expect(JSON.stringify(listed)).not.toContain('worker-a');
    expect(new Set(listed.map((entry) => entry.key)).size).toBe(1);
  });

  it('resetKey resets that key only: its faults, behaviours, rate limit, quota and requests; every other key keeps its own', async () => {
    const mock = createFlightSearchMock({
      keys: [
        { key: 'worker-a', limit: 5, products: ['search'] },
        { key: 'worker-b', limit: 5, products: ['search'] },
      ],
    });
    for (const key of ['worker-a', 'worker-b']) {
      mock.setFault('history', { status: 504 }, { key });
      mock.setProgramBehavior('PROGRAM_2', { hang: true }, { key });
      mock.setRateLimit({ requests: 100, windowMs: 1000 }, { key });
      await search(mock, key);
    }
    mock.resetKey('worker-a');
    expect(mock.getKey('worker-a')).toMatchObject({ consumed: 0, remaining: 5 });
    expect(mock.getKey('worker-a')?.scoped).toBeUndefined();
    expect(mock.requests({ key: 'worker-a' })).toEqual([]);
    expect(mock.getKey('worker-b')).toMatchObject({ consumed: 1, remaining: 4 });
    expect(mock.getKey('worker-b')?.scoped).toEqual({
      faults: [{ route: 'history', fault: { status: 504 }, hits: 0 }],
      programs: { PROGRAM_2: { hang: true } },
      rateLimit: { requests: 100, windowMs: 1000 },
    });
    expect(mock.requests({ key: 'worker-b' })).toHaveLength(1);
  });

  it('resetKey removes a key that setKey added, as reset() does', () => {
    const mock = twoKeys();
    mock.resetKey('worker-a');
    expect(mock.getKey('worker-a')).toBeUndefined();
    expect(mock.getKey('worker-b')).toBeDefined();
  });

  it('keyed state is only for a key the mock holds (so it is bounded by the 1 000 keys), with a clear error', () => {
    const mock = twoKeys();
    expect(() => mock.setFault('quota', { status: 503 }, { key: 'nobody' })).toThrow(
      'setFault: `key` is not a key of the mock; create it first (setKey, PUT /__mock/keys/{key}): keyed state is kept for the keys the mock holds (at most 1000).',
    );
    expect(() => mock.setRateLimit({ requests: 0 }, { key: 'worker-a' })).toThrow(
      'setRateLimit: `rateLimit.requests` must be an integer >= 1.',
    );
    expect(() => mock.setProgramBehavior('PROGRAM_1', { hang: 'yes' } as never, { key: 'worker-a' })).toThrow(
      '`behavior.hang` must be a boolean.',
    );
    expect(mock.getKey('worker-a')?.scoped).toBeUndefined();
  });
});
