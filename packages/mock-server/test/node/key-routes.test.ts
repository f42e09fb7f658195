import { describe, expect, it } from 'vitest';
import { checkedByTheCaller } from '../support/contract-hook.js';
import { postSearch, searchBody, startTestServer } from './helpers.js';

// Issue 29 item 1 (D154): the control API's routes of one key; every answer is checked against control-api.yaml.
const send = (url: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}/__mock${path}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const quota = (url: string, key: string) => fetch(`${url}/quota`, { headers: { 'x-api-key': key } });
type Envelope = {
  error: { code: string; message: string; details?: { errors: { field: string; message: string }[] } };
};

describe('the control API of one key (D154)', () => {
  it('PUT /__mock/keys/{key}/faults/{route} fails only that key’s requests; GET and DELETE read and clear it', async () => {
    const server = await startTestServer({ control: true });
    for (const key of ['worker-a', 'worker-b'])
      expect((await send(server.url, 'PUT', `/keys/${key}`, { limit: 10 })).status).toBe(204);
    expect((await send(server.url, 'PUT', '/keys/worker-a/faults/quota', { status: 503 })).status).toBe(204);
    expect((await checkedByTheCaller(() => quota(server.url, 'worker-a'))).status).toBe(503);
    expect((await quota(server.url, 'worker-b')).status).toBe(200);
    const listed = await send(server.url, 'GET', '/keys/worker-a/faults');
    expect(await listed.json()).toEqual({ faults: [{ route: 'quota', fault: { status: 503 }, hits: 1 }] });
    expect(await (await send(server.url, 'GET', '/faults')).json()).toEqual({ faults: [] });
    expect((await send(server.url, 'DELETE', '/keys/worker-a/faults/quota')).status).toBe(204);
    expect((await quota(server.url, 'worker-a')).status).toBe(200);
    expect((await send(server.url, 'PUT', '/keys/worker-a/faults', {})).status).toBe(405);
  });

  it('PUT /__mock/keys/{key}/programs/{program} and /rate-limit change only that key; GET /__mock/keys/{key} shows them', async () => {
    const server = await startTestServer({ control: true });
    for (const key of ['worker-a', 'worker-b']) await send(server.url, 'PUT', `/keys/${key}`, { limit: 10 });
    expect((await send(server.url, 'PUT', '/keys/worker-a/programs/PROGRAM_3', { fail: { status: 418 } })).status).toBe(
      204,
    );
    expect((await send(server.url, 'PUT', '/keys/worker-a/rate-limit', { requests: 1, windowMs: 60_000 })).status).toBe(
      204,
    );
    expect(await (await send(server.url, 'GET', '/keys/worker-a/programs/PROGRAM_3')).json()).toEqual({
      program: 'PROGRAM_3',
      behavior: { fail: { status: 418 } },
    });
    expect(await (await send(server.url, 'GET', '/keys/worker-a')).json()).toMatchObject({
      scoped: { programs: { PROGRAM_3: { fail: { status: 418 } } }, rateLimit: { requests: 1, windowMs: 60_000 } },
    });
    const a = (await (await postSearch(server.url, searchBody('PROGRAM_3'), { key: 'worker-a' })).json()) as {
      results: { error?: { providerStatusCode: number } }[];
    };
    expect(a.results[0]?.error?.providerStatusCode).toBe(418);
    expect((await quota(server.url, 'worker-a')).status).toBe(429);
    const b = (await (await postSearch(server.url, searchBody('PROGRAM_3'), { key: 'worker-b' })).json()) as {
      results: { success: boolean }[];
    };
    expect(b.results[0]?.success).toBe(true);
    expect((await quota(server.url, 'worker-b')).status).toBe(200);
    expect((await send(server.url, 'DELETE', '/keys/worker-a/rate-limit')).status).toBe(204);
    expect((await send(server.url, 'DELETE', '/keys/worker-a/programs/PROGRAM_3')).status).toBe(204);
    expect(await (await send(server.url, 'GET', '/keys/worker-a')).json()).not.toHaveProperty('scoped');
  });

  it('POST /__mock/keys/{key}/reset resets that key only, and GET /__mock/requests?key= lists that key’s requests', async () => {
    const server = await startTestServer({
      control: true,
      keys: [
        { key: 'worker-a', limit: 5, products: ['search'] },
        { key: 'worker-b', limit: 5, products: ['search'] },
      ],
    });
    for (const key of ['worker-a', 'worker-b']) {
      await postSearch(server.url, searchBody(), { key });
      await send(server.url, 'PUT', `/keys/${key}/faults/history`, { status: 500 });
    }
    const listed = (await (await send(server.url, 'GET', '/requests?key=worker-a')).json()) as {
      requests: { path: string; key: string }[];
    };
    expect(listed.requests.map((entry) => entry.path)).toEqual(['/flights/search']);
    expect(JSON.stringify(listed)).not.toContain('worker-a');
    expect((await send(server.url, 'POST', '/keys/worker-a/reset')).status).toBe(204);
    expect(await (await quota(server.url, 'worker-a')).json()).toMatchObject({ consumed: 0 });
    // The search before the reset is gone from the log; the quota call after it is there.
    const after = (await (await send(server.url, 'GET', '/requests?key=worker-a')).json()) as {
      requests: { path: string }[];
    };
    expect(after.requests.map((entry) => entry.path)).toEqual(['/quota']);
    expect(server.mock.requests().map((entry) => entry.path)).toEqual(['/flights/search', '/quota']);
    expect(await (await quota(server.url, 'worker-b')).json()).toMatchObject({ consumed: 1 });
    expect(await (await send(server.url, 'GET', '/keys/worker-b/faults')).json()).toEqual({
      faults: [{ route: 'history', fault: { status: 500 }, hits: 0 }],
    });
  });

  it('refuses keyed state for a key the mock does not hold, and a bad rate limit, with a 422 naming the field', async () => {
    const server = await startTestServer({ control: true });
    const unknown = await send(server.url, 'PUT', '/keys/nobody/faults/search', { status: 503 });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as Envelope).error.details?.errors).toEqual([
      {
        field: 'path.key',
        type: 'invalid_enum',
        message:
          'is not a key of the mock; create it first (setKey, PUT /__mock/keys/{key}): keyed state is kept for the keys the mock holds (at most 1000).',
      },
    ]);
    const badLimit = await send(server.url, 'PUT', '/keys/test-key/rate-limit', { requests: 0 });
    expect(((await badLimit.json()) as Envelope).error.details?.errors.map((issue) => issue.field)).toEqual([
      'body.requests',
    ]);
    expect((await send(server.url, 'GET', '/keys/test-key/nothing')).status).toBe(404);
  });

  it('GET /__mock lists the routes of one key', async () => {
    const server = await startTestServer({ control: true });
    const { routes } = (await (await send(server.url, 'GET', '')).json()) as {
      routes: { method: string; path: string }[];
    };
    expect(
      routes
        .filter((route) => route.path.startsWith('/__mock/keys/{key}/'))
        .map((route) => `${route.method} ${route.path}`),
    ).toEqual([
      'GET /__mock/keys/{key}/stubs',
      'POST /__mock/keys/{key}/stubs',
      'DELETE /__mock/keys/{key}/stubs',
      'GET /__mock/keys/{key}/scenarios',
      'DELETE /__mock/keys/{key}/scenarios',
      'GET /__mock/keys/{key}/scenarios/{name}',
      'PUT /__mock/keys/{key}/scenarios/{name}',
      'DELETE /__mock/keys/{key}/scenarios/{name}',
      'GET /__mock/keys/{key}/requests',
      'GET /__mock/keys/{key}/faults',
      'DELETE /__mock/keys/{key}/faults',
      'PUT /__mock/keys/{key}/faults/{route}',
      'DELETE /__mock/keys/{key}/faults/{route}',
      'GET /__mock/keys/{key}/programs/{program}',
      'PUT /__mock/keys/{key}/programs/{program}',
      'DELETE /__mock/keys/{key}/programs/{program}',
      'PUT /__mock/keys/{key}/rate-limit',
      'DELETE /__mock/keys/{key}/rate-limit',
      'POST /__mock/keys/{key}/reset',
    ]);
  });
});
