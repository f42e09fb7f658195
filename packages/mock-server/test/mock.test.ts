import { describe, expect, it } from 'vitest';
import { createFlightSearchMock, DEFAULT_KEYS } from '../src/index.js';
import { call, quotaOf, search, useMockService, validSearch } from './support/msw.js';

let clock = 5_000;
const service = useMockService({ now: () => clock });

describe('createFlightSearchMock', () => {
  it('has the default keys of the README', async () => {
    expect(DEFAULT_KEYS.map(({ key, limit, products }) => [key, limit, products.join('+')])).toEqual([
      ['test-key', 1000, 'search+history'],
      ['search-only-key', 1000, 'search'],
      ['low-quota-key', 2, 'search+history'],
      ['empty-key', 0, 'search+history'],
    ]);
    service.mock();
    expect(await quotaOf('low-quota-key')).toMatchObject({ limit: 2, remaining: 2 });
    expect(await quotaOf('empty-key')).toMatchObject({ limit: 0, remaining: 0 });
  });

  it('takes its own keys instead of the defaults', async () => {
    service.mock({ keys: [{ key: 'mine', limit: 5, consumed: 2, products: ['search'] }] });
    expect(await quotaOf('mine')).toMatchObject({ limit: 5, consumed: 2, remaining: 3 });
    expect((await call('/quota')).status).toBe(404);
  });

  it.each([
    [{ seed: 1.5 }, 'seed'],
    [{ providerTimeoutMs: 0 }, 'providerTimeoutMs'],
    [{ latency: 'slow' }, 'latency'],
    [{ now: 3 }, 'now'],
    [{ baseUrl: 'not a url' }, 'baseUrl'],
    [{ historyCap: -1 }, 'historyCap'],
    [{ requestLogCap: 1.5 }, 'requestLogCap'],
    [{ rateLimit: { requests: 0, windowMs: 1 } }, 'rateLimit.requests'],
    [{ keys: [{ key: '', limit: 1, products: [] }] }, 'keys[0].key'],
    [{ keys: [{ key: 'a', limit: -1, products: [] }] }, 'keys[0].limit'],
    [{ keys: [{ key: 'a', limit: 1, products: ['flights'] }] }, 'keys[0].products'],
    [{ keys: [{ key: 'a', limit: 1, consumed: 2, products: [] }] }, 'keys[0].consumed'],
    [
      {
        keys: [
          { key: 'a', limit: 1, products: [] },
          { key: 'a', limit: 1, products: [] },
        ],
      },
      'keys[1].key',
    ],
  ])('rejects %j up front with a TypeError naming %s', (options, name) => {
    expect(() => createFlightSearchMock(options as never)).toThrow(TypeError);
    expect(() => createFlightSearchMock(options as never)).toThrow(`\`${name}\``);
  });

  it('rejects a bad program behaviour or key setting with a TypeError', () => {
    const mock = createFlightSearchMock();
    expect(() => mock.setProgramBehavior('PROGRAM_9' as never, {})).toThrow(TypeError);
    expect(() => mock.setProgramBehavior('PROGRAM_1', { fail: { status: 42 } })).toThrow('fail.status');
    expect(() => mock.setKey('test-key', { limit: -3 })).toThrow(TypeError);
  });

  it('setKey creates a key, or changes its limit, consumption and products', async () => {
    const mock = service.mock();
    mock.setKey('new-key', { limit: 3 });
    expect(await quotaOf('new-key')).toMatchObject({ limit: 3, consumed: 0, remaining: 3 });
    mock.setKey('test-key', { consumed: 999 });
    expect(await quotaOf()).toMatchObject({ consumed: 999, remaining: 1 });
  });

  it("QUOTA-1: setKey refuses consumed above the key's current limit with a TypeError naming settings.consumed, and changes nothing", async () => {
    const mock = service.mock();
    const error = catchError(() => mock.setKey('low-quota-key', { consumed: 5 }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('setKey: `settings.consumed` must be at most the limit (5 > 2).');
    expect(await quotaOf('low-quota-key')).toMatchObject({ limit: 2, consumed: 0, remaining: 2 });
  });

  it('QUOTA-1: setKey refuses lowering a limit below what the key already consumed, naming settings.limit', async () => {
    const mock = service.mock();
    await search(validSearch(), { key: 'low-quota-key' });
    mock.setKey('test-key', { consumed: 10 });
    const lowered = catchError(() => mock.setKey('test-key', { limit: 5 }));
    expect(lowered).toBeInstanceOf(TypeError);
    expect(lowered.message).toBe('setKey: `settings.limit` must be at least the units consumed (5 < 10).');
    expect(catchError(() => mock.setKey('low-quota-key', { limit: 0 })).message).toContain('`settings.limit`');
    expect(await quotaOf()).toMatchObject({ limit: 1000, consumed: 10, remaining: 990 });
    expect(await quotaOf('low-quota-key')).toMatchObject({ limit: 2, consumed: 1, remaining: 1 });
    mock.setKey('test-key', { limit: 10 });
    expect(await quotaOf()).toMatchObject({ limit: 10, consumed: 10, remaining: 0 });
  });

  it('QUOTA-1: setKey on a new key checks consumed against the default limit of 1000 and creates nothing when it refuses', async () => {
    const mock = service.mock();
    const error = catchError(() => mock.setKey('new-key', { consumed: 5000 }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('setKey: `settings.consumed` must be at most the limit (5000 > 1000).');
    expect((await call('/quota', { key: 'new-key' })).status).toBe(404);
    mock.setKey('new-key', { consumed: 1000 });
    expect(await quotaOf('new-key')).toMatchObject({ limit: 1000, consumed: 1000, remaining: 0 });
  });

  it('QUOTA-1: a refused setKey applies none of its settings, products included', async () => {
    const mock = service.mock();
    const error = catchError(() => mock.setKey('test-key', { limit: 10, consumed: 11, products: ['search'] }));
    expect(error.message).toBe('setKey: `settings.consumed` must be at most the limit (11 > 10).');
    expect(await quotaOf()).toMatchObject({ limit: 1000, consumed: 0, remaining: 1000 });
    const history = await call(
      '/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=7',
    );
    expect(history.status).toBe(200);
  });

  it('setKey errors name the setting, not a createFlightSearchMock option', () => {
    const mock = createFlightSearchMock();
    expect(catchError(() => mock.setKey('test-key', { limit: -3 })).message).toBe(
      'setKey: `settings.limit` must be an integer >= 0.',
    );
    expect(catchError(() => mock.setKey('test-key', { consumed: 1.5 })).message).toBe(
      'setKey: `settings.consumed` must be an integer >= 0.',
    );
    expect(catchError(() => mock.setKey('test-key', { products: ['flights' as never] })).message).toBe(
      "setKey: `settings.products` must be an array of 'search' and 'history'.",
    );
  });

  it('reset() restores keys, quota, behaviours and recorded requests', async () => {
    const mock = service.mock();
    mock.setKey('test-key', { limit: 1 });
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 500 } });
    await search(validSearch());
    mock.reset();
    expect(mock.requests()).toEqual([]);
    expect((await (await search(validSearch())).json()).results[0].success).toBe(true);
    expect(await quotaOf()).toMatchObject({ limit: 1000, consumed: 1 });
  });

  it('requests() lists what was received, with the API key redacted', async () => {
    clock = 5_000;
    const mock = service.mock();
    await search(validSearch(), { headers: { 'x-trace': 'abc' } });
    await call('/quota?verbose=1&verbose=2', { key: 'secret-looking-key' });
    const [searched, quota] = mock.requests();
    expect(searched).toMatchObject({
      id: 1,
      method: 'POST',
      path: '/flights/search',
      body: validSearch(),
      status: 200,
      receivedAt: 5_000,
      endedAt: 5_000,
      aborted: false,
    });
    expect(searched!.headers).toMatchObject({ 'x-api-key': '[redacted]', 'x-trace': 'abc' });
    expect(quota).toMatchObject({
      id: 2,
      method: 'GET',
      path: '/quota',
      query: { verbose: ['1', '2'] },
      status: 404,
      body: null,
    });
    expect(JSON.stringify(mock.requests())).not.toMatch(/test-key|secret-looking-key/);
  });

  it('requestLogCap keeps only the most recent requests, and 0 keeps none while the rules still run', async () => {
    const mock = service.mock({ requestLogCap: 2 });
    for (const path of ['/quota?n=1', '/quota?n=2', '/quota?n=3']) await call(path);
    expect(mock.requests().map((r) => [r.id, r.query.n])).toEqual([
      [2, ['2']],
      [3, ['3']],
    ]);

    const silent = service.mock({ requestLogCap: 0 });
    expect((await search(validSearch())).status).toBe(200);
    expect(silent.requests()).toEqual([]);
    expect(await quotaOf()).toMatchObject({ consumed: 1 });
  });
});

function catchError(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
