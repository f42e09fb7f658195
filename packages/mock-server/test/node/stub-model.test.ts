import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkedByTheCaller } from '../support/contract-hook.js';
import { runCli } from './cli-process.js';
import { postSearch, searchBody, startTestServer } from './helpers.js';

// Issue 37 over HTTP: every answer here is checked against control-api.yaml by the contract hook.
const send = (url: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}/__mock${path}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const quota = (url: string, key = 'test-key') => fetch(`${url}/quota`, { headers: { 'x-api-key': key } });
const quotaBody = (remaining: number) => ({ limit: 5, consumed: 5 - remaining, remaining, usageByCompany: [] });

describe('the control API over one model (issue 37)', () => {
  it('a key fetch would normalise (. and ..) cannot be made, so no fault set for it can become global', async () => {
    const server = await startTestServer({ control: true });
    const dots = await checkedByTheCaller(() =>
      fetch(`${server.url}/__mock/keys/%2E%2E`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '{"limit":1}',
      }),
    );
    // fetch turns /keys/%2E%2E into /__mock, a route that takes no PUT: never a key named `..`.
    expect([404, 405]).toContain(dots.status);
    expect((await checkedByTheCaller(() => send(server.url, 'PUT', '/keys/%2E', { limit: 1 }))).status).not.toBe(204);
    expect(() => server.mock.getKey('..')).toThrow(/must not be \. or \.\./);
    expect(() => server.mock.setKey('..', { limit: 1 })).toThrow(/must not be \. or \.\./);
    expect(await (await send(server.url, 'GET', '/faults')).json()).toEqual({ faults: [] });
  });

  it('POST /__mock/keys/{key}/stubs makes a stub of that key; GET /__mock/stubs lists every scope’s, a page at a time', async () => {
    const server = await startTestServer({ control: true });
    expect((await send(server.url, 'PUT', '/keys/worker-a', { limit: 10 })).status).toBe(204);
    const stub = { request: { method: 'GET', path: '/quota' }, response: { status: 200, body: quotaBody(1) } };
    const mine = await send(server.url, 'POST', '/keys/worker-a/stubs', stub);
    expect(await mine.json()).toMatchObject({ id: 'stub-1', scope: 'key' });
    for (let index = 0; index < 3; index++) await send(server.url, 'POST', '/stubs', { ...stub, priority: 9 });
    expect(await (await quota(server.url, 'worker-a')).json()).toEqual(quotaBody(1));
    const first = (await (await send(server.url, 'GET', '/stubs?limit=2')).json()) as {
      stubs: { id: string; scope: string }[];
      next: string;
    };
    expect([first.stubs.map((s) => [s.id, s.scope]), first.next]).toEqual([
      [
        ['stub-1', 'key'],
        ['stub-2', 'global'],
      ],
      'stub-2',
    ]);
    const second = (await (await send(server.url, 'GET', `/stubs?limit=2&after=${first.next}`)).json()) as {
      stubs: { id: string }[];
      next: null;
    };
    expect([second.stubs.map((s) => s.id), second.next]).toEqual([['stub-3', 'stub-4'], null]);
    expect(
      ((await (await send(server.url, 'GET', '/keys/worker-a/stubs')).json()) as { stubs: unknown[] }).stubs,
    ).toHaveLength(1);
    expect((await checkedByTheCaller(() => send(server.url, 'GET', '/stubs?limit=1000'))).status).toBe(422);
    expect((await send(server.url, 'POST', '/keys/worker-a/reset')).status).toBe(204);
    expect(((await (await send(server.url, 'GET', '/stubs')).json()) as { stubs: unknown[] }).stubs).toHaveLength(3);
  });

  it('GET /__mock/stubs of 60 stubs of 1 MB answers a page of at most about 4 MiB and a cursor, never one answer of them all', async () => {
    const server = await startTestServer({ control: true });
    const padding = 'x'.repeat(1_000_000);
    for (let index = 0; index < 60; index++)
      server.mock.stub!({
        request: { method: 'GET', path: '/quota' },
        response: { status: 200, body: { padding } },
        contract: false,
      });
    const page = await send(server.url, 'GET', '/stubs');
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text.length).toBeLessThan(6 * 1024 * 1024);
    expect(JSON.parse(text)).toMatchObject({ next: 'stub-5' });
  });

  it('PUT /__mock/stubs/{id} replaces a definition; scenarios are read, set and reset by name, per scope', async () => {
    const server = await startTestServer({ control: true });
    await send(server.url, 'PUT', '/keys/worker-a', { limit: 10 });
    const request = { method: 'GET', path: '/quota' };
    await send(server.url, 'POST', '/keys/worker-a/stubs', {
      request,
      response: { status: 200, body: quotaBody(2) },
      scenario: { name: 'limits', state: 'low' },
    });
    await send(server.url, 'POST', '/stubs', {
      request,
      response: { status: 200, body: quotaBody(3) },
      scenario: { name: 'limits' },
    });
    expect((await send(server.url, 'PUT', '/keys/worker-a/scenarios/limits', { state: 'low' })).status).toBe(204);
    expect(await (await send(server.url, 'GET', '/keys/worker-a/scenarios/limits')).json()).toEqual({
      name: 'limits',
      state: 'low',
    });
    expect(await (await send(server.url, 'GET', '/scenarios/limits')).json()).toEqual({
      name: 'limits',
      state: 'Started',
    });
    expect(await (await quota(server.url, 'worker-a')).json()).toEqual(quotaBody(2));
    expect((await send(server.url, 'DELETE', '/keys/worker-a/scenarios/limits')).status).toBe(204);
    expect(await (await quota(server.url, 'worker-a')).json()).toEqual(quotaBody(3));
    expect((await checkedByTheCaller(() => send(server.url, 'GET', '/scenarios/nothing'))).status).toBe(404);
    const replaced = await send(server.url, 'PUT', '/stubs/stub-2', {
      request,
      response: { status: 200, body: quotaBody(4) },
    });
    expect(await replaced.json()).toMatchObject({ id: 'stub-2', hits: 0 });
    expect(await (await quota(server.url)).json()).toEqual(quotaBody(4));
    expect(
      (
        await checkedByTheCaller(() =>
          send(server.url, 'PUT', '/stubs/stub-9', { request, response: { status: 200, body: quotaBody(4) } }),
        )
      ).status,
    ).toBe(404);
  });

  it('the journal: GET /__mock/requests/{id}, POST /__mock/requests/count and /find with matchers, GET /__mock/settled, one key’s requests', async () => {
    const server = await startTestServer({ control: true });
    await postSearch(server.url, searchBody('PROGRAM_1', { origin: 'GIG' }));
    await quota(server.url);
    expect((await send(server.url, 'GET', '/settled')).status).toBe(204);
    expect(
      await (
        await send(server.url, 'POST', '/requests/count', { method: 'POST', body: { origin: { matches: '^G' } } })
      ).json(),
    ).toEqual({ count: 1 });
    const found = (await (
      await send(server.url, 'POST', '/requests/find', { path: { contains: 'quota' } })
    ).json()) as { requests: { id: number }[] };
    expect(found.requests.map((entry) => entry.id)).toEqual([2]);
    expect(await (await send(server.url, 'GET', '/requests/2')).json()).toMatchObject({ id: 2, path: '/quota' });
    expect((await checkedByTheCaller(() => send(server.url, 'GET', '/requests/99'))).status).toBe(404);
    const keyed = (await (await send(server.url, 'GET', '/keys/test-key/requests')).json()) as { requests: unknown[] };
    expect(keyed.requests).toHaveLength(2);
    const bad = await checkedByTheCaller(() => send(server.url, 'POST', '/requests/find', { key: { contains: 'x' } }));
    expect(bad.status).toBe(422);
  });

  it('a stub with a CR/LF header value is refused with a 422; the server never answers 500 OK because of a stub', async () => {
    const server = await startTestServer({ control: true });
    const refused = await checkedByTheCaller(() =>
      send(server.url, 'POST', '/stubs', {
        request: { method: 'GET', path: '/quota' },
        response: { status: 200, headers: { 'x-a': 'b\r\nc' }, body: quotaBody(1) },
      }),
    );
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('must not hold CR, LF, NUL');
    expect((await quota(server.url)).status).toBe(200);
  });

  it('a behaviour message over 4 KiB is refused; 450 keys each with the largest message keep the CLI’s RSS within 64 MB', async () => {
    const cli = runCli(['--port', '0', '--control']);
    while (!/listening on http:\/\/\S+$/m.test(cli.stdout())) await new Promise((resolve) => setTimeout(resolve, 50));
    const url = /listening on (http:\/\/\S+)$/m.exec(cli.stdout())![1]!;
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${cli.child.pid}/status`, 'utf8'))![1]) * 1024;
    const big = await send(url, 'PUT', '/programs/PROGRAM_1', { fail: { status: 500, message: 'm'.repeat(8 * 1024) } });
    expect(big.status).toBe(422);
    const before = rss();
    for (let index = 0; index < 450; index++) {
      await send(url, 'PUT', `/keys/worker-${index}`, { limit: 10 });
      const set = await send(url, 'PUT', `/keys/worker-${index}/programs/PROGRAM_1`, {
        fail: { status: 500, message: 'm'.repeat(4096) },
      });
      expect(set.status).toBe(204);
    }
    expect(rss() - before).toBeLessThan(64 * 1024 * 1024);
    cli.child.kill('SIGTERM');
  }, 60_000);
});
