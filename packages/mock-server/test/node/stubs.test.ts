import { describe, expect, it } from 'vitest';
import { checkedByTheCaller } from '../support/contract-hook.js';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

type Envelope = {
  error: { code: string; message: string; details?: { errors: { field: string; type: string; message: string }[] } };
};
const quotaBody = (remaining: number) => ({ limit: 5, consumed: 5 - remaining, remaining, usageByCompany: [] });
const control = (url: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const quota = (url: string, key = KEY) => fetch(`${url}/quota`, { headers: { 'x-api-key': key } });

describe('stubs over HTTP, as WireMock mappings (issue 30 item 3)', () => {
  it('POST /__mock/stubs answers 201 with the stub and its id; GET lists and reads it; DELETE removes it; all through mock.stub', async () => {
    const server = await startTestServer({ control: true });
    const created = await control(server.url, 'POST', '/stubs', {
      request: { method: 'GET', path: '/quota' },
      response: { status: 200, body: quotaBody(0) },
      times: 2,
    });
    expect(created.status).toBe(201);
    const stub = (await created.json()) as { id: string };
    expect(stub).toEqual({
      id: 'stub-1',
      request: { method: 'GET', path: '/quota' },
      response: { status: 200, body: quotaBody(0) },
      times: 2,
      priority: 5,
      scope: 'global',
      remaining: 2,
      hits: 0,
    });
    expect(await (await quota(server.url)).json()).toEqual(quotaBody(0));
    expect(await (await control(server.url, 'GET', '/stubs')).json()).toEqual({
      stubs: [expect.objectContaining({ id: 'stub-1', hits: 1, remaining: 1 })],
      next: null,
    });
    expect(await (await control(server.url, 'GET', '/stubs/stub-1')).json()).toMatchObject({ id: 'stub-1', hits: 1 });
    expect(server.mock.stubs()).toHaveLength(1);
    expect((await control(server.url, 'DELETE', '/stubs/stub-1')).status).toBe(204);
    const gone = await control(server.url, 'GET', '/stubs/stub-1');
    expect([gone.status, ((await gone.json()) as Envelope).error.message]).toEqual([404, 'The mock has no such stub.']);
    expect((await control(server.url, 'DELETE', '/stubs/stub-1')).status).toBe(404);
    expect(await (await quota(server.url)).json()).toMatchObject({ limit: 1000 });
  });

  it('refuses a stub whose answer breaks the contract with a 422 naming each violation, and adds nothing', async () => {
    const server = await startTestServer({ control: true });
    const refused = await control(server.url, 'POST', '/stubs', {
      request: { method: 'POST', path: '/flights/search' },
      response: { status: 200, body: { results: [], summary: { totalAirlinesRequested: 'one' } } },
    });
    expect(refused.status).toBe(422);
    const issues = ((await refused.json()) as Envelope).error.details!.errors;
    expect(issues.map((issue) => issue.field)).toContain('body.response.body.summary.totalAirlinesRequested');
    expect(issues.every((issue) => issue.message.endsWith('Give "contract": false to stub it anyway.'))).toBe(true);
    const status = await control(server.url, 'POST', '/stubs', {
      request: { method: 'GET', path: '/quota' },
      response: { status: 403, body: {} },
    });
    expect(((await status.json()) as Envelope).error.details!.errors).toEqual([
      expect.objectContaining({
        field: 'body.response.status',
        message: expect.stringMatching(/^is not a status this operation declares \(200, 401, 404/),
      }),
    ]);
    expect(await (await control(server.url, 'GET', '/stubs')).json()).toEqual({ stubs: [], next: null });
  });

  it('matches the key without ever showing it: list, read, the request log and the near-miss show the masked form only', async () => {
    const server = await startTestServer({ control: true });
    const secret = 'sk-live-0123456789abcdef';
    await server.mock.setKey(secret, { limit: 10 });
    await control(server.url, 'POST', '/stubs', {
      request: { method: 'GET', path: '/quota', key: secret },
      response: { status: 200, body: quotaBody(1) },
    });
    expect(await (await quota(server.url, secret)).json()).toEqual(quotaBody(1));
    expect(await (await quota(server.url)).json()).toMatchObject({ limit: 1000 });
    const readBack = await Promise.all(
      ['/stubs', '/stubs/stub-1', '/requests', '/state'].map(async (path) =>
        (await control(server.url, 'GET', path)).text(),
      ),
    );
    for (const text of readBack) expect(text).not.toContain(secret);
    const requests = (await (await control(server.url, 'GET', '/requests')).json()) as {
      requests: { stub?: string; nearMiss?: unknown }[];
    };
    expect(requests.requests.map((entry) => entry.stub ?? entry.nearMiss)).toEqual(['stub-1', undefined]);
  });

  it("D161: a stub answers a path that is not the service's on the standalone server (no baseUrl); a path no stub names is the server's 404", async () => {
    const server = await startTestServer({ control: true });
    const created = await control(server.url, 'POST', '/stubs', {
      request: { method: 'GET', path: '/flights/unknown' },
      response: { status: 404, body: { error: { code: 'HTTP_ERROR', message: 'recorded from the service' } } },
      contract: false,
    });
    expect(created.status).toBe(201);
    // Paths openapi.yaml does not have: these answers are checked here, not against the contract.
    const [answer, other] = await checkedByTheCaller(async () => [
      await fetch(`${server.url}/flights/unknown`, { headers: { 'x-api-key': KEY } }),
      await fetch(`${server.url}/flights/other`, { headers: { 'x-api-key': KEY } }),
    ]);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: { code: 'HTTP_ERROR', message: 'recorded from the service' } });
    expect(await (await control(server.url, 'GET', '/stubs/stub-1')).json()).toMatchObject({ hits: 1 });
    expect(other.status).toBe(404);
    expect(((await other.json()) as Envelope).error.message).not.toBe('recorded from the service');
    const requests = (await (await control(server.url, 'GET', '/requests')).json()) as {
      requests: { path: string; stub?: string }[];
    };
    expect(requests.requests.map((entry) => [entry.path, entry.stub])).toEqual([['/flights/unknown', 'stub-1']]);
  });

  it('scenarios over HTTP: a 200, 429, 200 sequence declared once; GET /__mock/scenarios reads the state, DELETE resets it', async () => {
    const server = await startTestServer({ control: true });
    const request = { method: 'POST', path: '/flights/search' };
    await control(server.url, 'POST', '/stubs', {
      request,
      fault: { delayMs: 0 },
      scenario: { name: 'limits', next: 'limited' },
    });
    await control(server.url, 'POST', '/stubs', {
      request,
      fault: { status: 429, retryAfterSeconds: 2 },
      scenario: { name: 'limits', state: 'limited', next: 'done' },
    });
    const statuses = [];
    for (let index = 0; index < 3; index++) statuses.push((await postSearch(server.url, searchBody())).status);
    expect(statuses).toEqual([200, 429, 200]);
    expect(await (await control(server.url, 'GET', '/scenarios')).json()).toEqual({
      scenarios: [{ name: 'limits', state: 'done' }],
    });
    expect((await control(server.url, 'DELETE', '/scenarios')).status).toBe(204);
    expect(await (await control(server.url, 'GET', '/scenarios')).json()).toEqual({
      scenarios: [{ name: 'limits', state: 'Started' }],
    });
  });
});
