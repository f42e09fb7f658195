import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { maskKey } from '../../src/recording/mask.js';
import { control, startCli } from './cli-process.js';
import { KEY, postSearch, searchBody } from './helpers.js';

const SECRET = 'sk-live-readback-7f6e5d4c3b2a';

type Recorded = {
  id: number;
  method: string;
  path: string;
  status?: number;
  key?: string;
  receivedAt: number;
  headers: Record<string, string>;
};

async function listed(url: string, query = ''): Promise<Recorded[]> {
  const answer = await control(url, 'GET', `/requests${query}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { requests: Recorded[] }).requests;
}

describe('read-back and log control over HTTP and in JavaScript (issue 17 item 3)', { timeout: 60_000 }, () => {
  it("GET /__mock/keys/{key} reads a key's settings and ledger, the key only masked, as getKey() does", async () => {
    const { url } = await startCli(['--control', '--quiet']);
    expect((await control(url, 'PUT', `/keys/${SECRET}`, { limit: 50, products: ['search'] })).status).toBe(204);
    expect((await postSearch(url, searchBody('PROGRAM_1'), { key: SECRET })).status).toBe(200);
    const answer = await control(url, 'GET', `/keys/${SECRET}`);
    const text = await answer.text();
    expect(text).not.toContain(SECRET);
    const key = JSON.parse(text) as Record<string, unknown>;
    expect(key).toEqual({
      key: maskKey(SECRET),
      limit: 50,
      consumed: 1,
      remaining: 49,
      products: ['search'],
      usageByCompany: [{ airlineLoyalty: 'PROGRAM_1', consumed: 1 }],
    });
    expect(key.key).toMatch(/^sk-l\*\*\*[0-9a-f]{12}$/);

    const mock = createFlightSearchMock({ keys: [{ key: SECRET, limit: 50, products: ['search'] }] });
    await mock.handle(
      new Request('https://api.example.com/flights/search', {
        method: 'POST',
        headers: { 'x-api-key': SECRET, 'content-type': 'application/json' },
        body: JSON.stringify(searchBody('PROGRAM_1')),
      }),
    );
    expect(mock.getKey(SECRET)).toEqual(key);

    const missing = await control(url, 'GET', '/keys/sk-live-not-there-000');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('sk-live-not-there-000');
    expect(mock.getKey('sk-live-not-there-000')).toBeUndefined();
  });

  it('GET /__mock/programs/{program} reads a behaviour back, DELETE clears it; GET /__mock/state shows everything with keys masked', async () => {
    const { url } = await startCli(['--control', '--quiet', '--rate-limit', '100']);
    await control(url, 'PUT', '/programs/PROGRAM_4', { fail: { status: 503, message: 'down' } });
    expect(await (await control(url, 'GET', '/programs/PROGRAM_4')).json()).toEqual({
      program: 'PROGRAM_4',
      behavior: { fail: { status: 503, message: 'down' } },
    });
    await control(url, 'PUT', `/keys/${SECRET}`, { limit: 3 });
    await control(url, 'PUT', '/faults/quota', { status: 500, times: 1 });
    const stateText = await (await control(url, 'GET', '/state')).text();
    expect(stateText).not.toContain(SECRET);
    expect(stateText).not.toContain(KEY);
    const state = JSON.parse(stateText) as {
      options: Record<string, unknown>;
      keys: { key: string }[];
      programs: unknown;
      faults: unknown[];
      requests: { count: number };
    };
    expect(state.keys.map((entry) => entry.key)).toEqual([
      maskKey('test-key'),
      maskKey('search-only-key'),
      maskKey('low-quota-key'),
      maskKey('empty-key'),
      maskKey(SECRET),
    ]);
    expect(state.programs).toEqual({ PROGRAM_4: { fail: { status: 503, message: 'down' } } });
    expect(state.faults).toEqual([{ route: 'quota', fault: { status: 500, times: 1 }, remaining: 1, hits: 0 }]);
    expect(state.options).toMatchObject({ rateLimit: { requests: 100, windowMs: 1000 }, seed: 1, latency: 'none' });
    expect((await control(url, 'DELETE', '/programs/PROGRAM_4')).status).toBe(204);
    expect(await (await control(url, 'GET', '/programs/PROGRAM_4')).json()).toEqual({
      program: 'PROGRAM_4',
      behavior: null,
    });
    const bad = await control(url, 'GET', '/programs/PROGRAM_99');
    expect(bad.status).toBe(422);
    expect(
      ((await bad.json()) as { error: { details: { errors: { field: string }[] } } }).error.details.errors[0]!.field,
    ).toBe('path.program');
  });

  it('GET /__mock/requests filters by method, path, key (by hash, shown masked), status and since; DELETE /__mock/requests clears the log alone', async () => {
    const { url } = await startCli(['--control', '--quiet', '--now', '2026-11-01T00:00:00Z']);
    await control(url, 'PUT', `/keys/${SECRET}`, { limit: 10 });
    await fetch(`${url}/quota`, { headers: { 'x-api-key': KEY } });
    await fetch(`${url}/quota`, { headers: { 'x-api-key': SECRET } });
    await postSearch(url, searchBody(), { key: SECRET });
    await fetch(`${url}/quota`, { headers: { 'x-api-key': 'unknown-key-123' } });
    await fetch(`${url}/quota`, { method: 'DELETE', headers: { 'x-api-key': KEY } });

    expect((await listed(url)).map((entry) => entry.id)).toEqual([1, 2, 3, 4]);
    expect((await listed(url, '?path=/quota')).map((entry) => entry.id)).toEqual([1, 2, 4]);
    expect((await listed(url, '?method=post')).map((entry) => entry.path)).toEqual(['/flights/search']);
    expect((await listed(url, '?status=404')).map((entry) => entry.id)).toEqual([4]);
    expect((await listed(url, `?since=${Date.parse('2026-11-01T00:00:00Z')}`)).map((entry) => entry.id)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(await listed(url, '?since=2026-11-01T00:00:01Z')).toEqual([]);
    const byKeyAnswer = await control(url, 'GET', `/requests?key=${SECRET}&path=/quota`);
    const byKeyText = await byKeyAnswer.text();
    expect(byKeyText).not.toContain(SECRET);
    const byKey = (JSON.parse(byKeyText) as { requests: Recorded[] }).requests;
    expect(byKey.map((entry) => entry.id)).toEqual([2]);
    expect(byKey[0]).toMatchObject({ key: maskKey(SECRET), headers: { 'x-api-key': '[redacted]' } });

    const unknownFilter = await control(url, 'GET', '/requests?stauts=200');
    expect(unknownFilter.status).toBe(422);
    expect(
      ((await unknownFilter.json()) as { error: { details: { errors: { field: string; message: string }[] } } }).error
        .details.errors,
    ).toEqual([
      {
        field: 'query.stauts',
        type: 'invalid_enum',
        message: 'is not a known field; expected method, path, key, status, since, after, limit.',
      },
    ]);

    expect((await control(url, 'DELETE', '/requests')).status).toBe(204);
    expect(await listed(url)).toEqual([]);
    // Only the log: the key and its consumption stay.
    expect(await (await control(url, 'GET', `/keys/${SECRET}`)).json()).toMatchObject({ consumed: 1 });
  });

  it('requests(filter) in JavaScript gives the same entries and the same refusal as the control route', async () => {
    const mock = createFlightSearchMock({
      keys: [
        { key: SECRET, limit: 5, products: ['search'] },
        { key: KEY, limit: 5, products: ['search'] },
      ],
    });
    const ask = (key: string) =>
      mock.handle(new Request('https://api.example.com/quota', { headers: { 'x-api-key': key } }));
    await ask(KEY);
    await ask(SECRET);
    const mine = mock.requests({ key: SECRET });
    expect(mine.map((entry) => entry.id)).toEqual([2]);
    expect(JSON.stringify(mine)).not.toContain(SECRET);
    expect(() => mock.requests({ stauts: 200 } as never)).toThrow(
      'requests: `filter.stauts` is not a known field; expected method, path, key, status, since, after, limit.',
    );
    mock.clearRequests();
    expect(mock.requests()).toEqual([]);
    expect(mock.getKey(SECRET)).toMatchObject({ limit: 5 });
  });
});
