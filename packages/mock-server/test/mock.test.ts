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
    [{ rateLimit: { requests: 0, windowMs: 1 } }, 'rateLimit.requests'],
    [{ keys: [{ key: '', limit: 1, products: [] }] }, 'keys[0].key'],
    [{ keys: [{ key: 'a', limit: -1, products: [] }] }, 'keys[0].limit'],
    [{ keys: [{ key: 'a', limit: 1, products: ['flights'] }] }, 'keys[0].products'],
    [{ keys: [{ key: 'a', limit: 1, consumed: 2, products: [] }] }, 'keys[0].consumed'],
    [{ keys: [{ key: 'a', limit: 1, products: [] }, { key: 'a', limit: 1, products: [] }] }, 'keys[1].key'],
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
    expect(quota).toMatchObject({ id: 2, method: 'GET', path: '/quota', query: { verbose: ['1', '2'] }, status: 404, body: null });
    expect(JSON.stringify(mock.requests())).not.toMatch(/test-key|secret-looking-key/);
  });
});
