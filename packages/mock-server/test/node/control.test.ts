import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createFlightSearchMock } from '../../src/index.js';
import { controlContractViolations } from '../support/contract.js';
import { startCli } from './cli-process.js';
import { KEY, postSearch, searchBody, startTestServer, waitFor } from './helpers.js';

const put = (url: string, path: string, body: unknown) =>
  fetch(`${url}/__mock${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

type Envelope = { error: { code: string; details?: { errors: { field: string; type: string }[] } } };
const quotaOf = async (url: string, key = KEY) =>
  (await fetch(`${url}/quota`, { headers: { 'x-api-key': key } })).json();
const fieldsOf = async (response: Response) =>
  ((await response.json()) as Envelope).error.details?.errors.map((e) => `${e.field}:${e.type}`);

describe('the control API under /__mock', () => {
  it('is a 404 envelope without control: true, and changes nothing', async () => {
    const server = await startTestServer();
    await postSearch(server.url, searchBody());
    for (const [method, path] of [
      ['POST', '/__mock/reset'],
      ['GET', '/__mock/requests'],
      ['PUT', '/__mock/programs/PROGRAM_1'],
      ['PUT', '/__mock/keys/test-key'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        ...(method === 'PUT' && { body: '{"limit":5}' }),
      });
      expect(response.status).toBe(404);
      expect(((await response.json()) as Envelope).error.code).toBe('HTTP_ERROR');
    }
    expect(server.mock.requests()).toHaveLength(1);
  });

  it('PROVIDER-1: PUT /__mock/programs/{program} with fail makes that program a provider failure inside a 200, and {} restores it', async () => {
    const server = await startTestServer({ control: true });
    expect(
      (await put(server.url, '/programs/PROGRAM_4', { fail: { status: 503, message: 'Program 4 is down.' } })).status,
    ).toBe(204);
    const failed = (await (await postSearch(server.url, searchBody('PROGRAM_4'))).json()) as {
      results: unknown[];
      summary: unknown;
    };
    expect(failed.results[0]).toEqual({
      airline: 'PROGRAM_4',
      success: false,
      data: null,
      error: { message: 'Program 4 is down.', providerStatusCode: 503 },
    });
    expect(failed.summary).toEqual({ totalAirlinesRequested: 1, successfulSearches: 0, failedSearches: 1 });

    expect((await put(server.url, '/programs/PROGRAM_4', {})).status).toBe(204);
    const restored = (await (await postSearch(server.url, searchBody('PROGRAM_4'))).json()) as {
      results: { success: boolean }[];
    };
    expect(restored.results[0]?.success).toBe(true);
  });

  it('PROVIDER-2: hang: true makes a search a 504 provider failure after providerTimeoutMs', async () => {
    const server = await startTestServer({ control: true, providerTimeoutMs: 150 });
    expect((await put(server.url, '/programs/PROGRAM_5', { hang: true })).status).toBe(204);
    const answer = (await (await postSearch(server.url, searchBody('PROGRAM_5'))).json()) as {
      results: { success: boolean; error?: { providerStatusCode: number } }[];
    };
    expect(answer.results[0]?.success).toBe(false);
    expect(answer.results[0]?.error?.providerStatusCode).toBe(504);
  });

  it('rejects an unknown program or a bad behaviour with a 422 naming every wrong field', async () => {
    const server = await startTestServer({ control: true });
    const unknownProgram = await put(server.url, '/programs/PROGRAM_9', {});
    expect(unknownProgram.status).toBe(422);
    expect(await fieldsOf(unknownProgram)).toEqual(['path.program:invalid_enum']);

    const bad = await put(server.url, '/programs/PROGRAM_1', {
      latencyMs: -5,
      fail: { status: 'down' },
      hang: 'yes',
      latency: 10,
    });
    expect(bad.status).toBe(422);
    expect(await fieldsOf(bad)).toEqual(
      expect.arrayContaining([
        'body.latencyMs:out_of_range',
        'body.fail.status:invalid_type',
        'body.hang:invalid_type',
        'body.latency:invalid_enum',
      ]),
    );

    expect(await fieldsOf(await put(server.url, '/programs/PROGRAM_1', { fail: { status: 42 } }))).toEqual([
      'body.fail.status:out_of_range',
    ]);
    expect(await fieldsOf(await put(server.url, '/programs/PROGRAM_1', { fail: {} }))).toEqual([
      'body.fail.status:missing',
    ]);
    expect(await fieldsOf(await put(server.url, '/programs/PROGRAM_1', '{not json'))).toEqual(['body:invalid_json']);
    expect(await fieldsOf(await put(server.url, '/programs/PROGRAM_1', [1]))).toEqual(['body:invalid_type']);
  });

  it('AUTH-3: PUT /__mock/keys/{key} creates a key with its limit and products, and changes consumption of an existing one', async () => {
    const server = await startTestServer({ control: true });
    expect((await put(server.url, '/keys/partner-key', { limit: 5, products: ['search'] })).status).toBe(204);
    const quota = await fetch(`${server.url}/quota`, { headers: { 'x-api-key': 'partner-key' } });
    expect(await quota.json()).toMatchObject({ limit: 5, consumed: 0, remaining: 5 });
    const history = await fetch(
      `${server.url}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=7`,
      {
        headers: { 'x-api-key': 'partner-key' },
      },
    );
    expect(history.status).toBe(403);

    expect((await put(server.url, `/keys/${KEY}`, { consumed: 999 })).status).toBe(204);
    expect(await (await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).json()).toMatchObject({
      limit: 1000,
      remaining: 1,
    });
    expect(
      (await postSearch(server.url, searchBody('PROGRAM_1', { tripType: 'ROUND_TRIP', returnDate: '2026-12-20' })))
        .status,
    ).toBe(402);

    const bad = await put(server.url, '/keys/partner-key', { limit: 1.5, products: ['search', 'flights'] });
    expect(bad.status).toBe(422);
    expect(await fieldsOf(bad)).toEqual(['body.limit:invalid_type', 'body.products:invalid_enum']);
  });

  it('QUOTA-1, D109: setting consumed (PUT or setKey) starts the per-program usage over, so usageByCompany never counts more than consumed; a new limit keeps it', async () => {
    const server = await startTestServer({ control: true });
    const sum = (quota: { usageByCompany: { consumed: number }[] }) =>
      quota.usageByCompany.reduce((total, item) => total + item.consumed, 0);
    expect((await postSearch(server.url, searchBody())).status).toBe(200);
    expect((await put(server.url, `/keys/${KEY}`, { limit: 50 })).status).toBe(204);
    expect(await quotaOf(server.url)).toEqual({
      limit: 50,
      consumed: 1,
      remaining: 49,
      usageByCompany: [{ airlineLoyalty: 'PROGRAM_1', consumed: 1 }],
    });

    expect((await put(server.url, `/keys/${KEY}`, { consumed: 0 })).status).toBe(204);
    expect(await quotaOf(server.url)).toEqual({ limit: 50, consumed: 0, remaining: 50, usageByCompany: [] });

    expect((await postSearch(server.url, searchBody('PROGRAM_2'))).status).toBe(200);
    server.mock.setKey(KEY, { consumed: 48 });
    const staged = await quotaOf(server.url);
    expect(staged).toEqual({ limit: 50, consumed: 48, remaining: 2, usageByCompany: [] });
    expect((await postSearch(server.url, searchBody('PROGRAM_3'))).status).toBe(200);
    const after = await quotaOf(server.url);
    expect(after).toEqual({
      limit: 50,
      consumed: 49,
      remaining: 1,
      usageByCompany: [{ airlineLoyalty: 'PROGRAM_3', consumed: 1 }],
    });
    expect(sum(after)).toBeLessThanOrEqual(after.consumed);
  });

  it("QUOTA-1: PUT /__mock/keys/{key} refuses consumed above the key's limit with a 422 VALIDATION_ERROR naming body.consumed, and changes nothing", async () => {
    const server = await startTestServer({ control: true });
    const refused = await put(server.url, '/keys/low-quota-key', { consumed: 5, products: ['search'] });
    expect(refused.status).toBe(422);
    const { error } = (await refused.json()) as Envelope & {
      error: { message: string; details: { errors: { message: string }[] } };
    };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.errors).toEqual([
      { field: 'body.consumed', type: 'out_of_range', message: 'must be at most the limit (5 > 2).' },
    ]);
    expect(await quotaOf(server.url, 'low-quota-key')).toMatchObject({ limit: 2, consumed: 0, remaining: 2 });
    const history = await fetch(
      `${server.url}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=7`,
      {
        headers: { 'x-api-key': 'low-quota-key' },
      },
    );
    expect(history.status).toBe(200);
  });

  it('QUOTA-1: PUT /__mock/keys/{key} refuses a limit below the units already consumed with a 422 naming body.limit', async () => {
    const server = await startTestServer({ control: true });
    expect((await put(server.url, `/keys/${KEY}`, { consumed: 10 })).status).toBe(204);
    const refused = await put(server.url, `/keys/${KEY}`, { limit: 5 });
    expect(refused.status).toBe(422);
    expect(await fieldsOf(refused)).toEqual(['body.limit:out_of_range']);
    expect(await quotaOf(server.url)).toMatchObject({ limit: 1000, consumed: 10, remaining: 990 });
  });

  it("QUOTA-1: PUT /__mock/keys/{key} checks a new key's consumed against the default limit of 1000, and creates nothing when it refuses", async () => {
    const server = await startTestServer({ control: true });
    const refused = await put(server.url, '/keys/partner-key', { consumed: 5000 });
    expect(refused.status).toBe(422);
    expect(await fieldsOf(refused)).toEqual(['body.consumed:out_of_range']);
    expect((await fetch(`${server.url}/quota`, { headers: { 'x-api-key': 'partner-key' } })).status).toBe(404);
  });

  it('PUT /__mock/keys/{key} answers a blank key with a 422 naming path.key, not a 500', async () => {
    const server = await startTestServer({ control: true });
    const refused = await put(server.url, '/keys/%20', { limit: 5 });
    expect(refused.status).toBe(422);
    expect(await fieldsOf(refused)).toEqual(['path.key:missing']);
  });

  it('GET /__mock/requests lists what the mock received with the key redacted, and POST /__mock/reset restores the initial state', async () => {
    const server = await startTestServer({ control: true });
    await postSearch(server.url, searchBody('PROGRAM_2'));
    const listed = await fetch(`${server.url}/__mock/requests`);
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(KEY);
    const { requests } = JSON.parse(text) as {
      requests: { method: string; path: string; status: number; headers: Record<string, string> }[];
    };
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/flights/search',
      status: 200,
      headers: { 'x-api-key': '[redacted]' },
    });

    const reset = await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
    expect(reset.status).toBe(204);
    expect(server.mock.requests()).toHaveLength(0);
    expect(await (await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).json()).toMatchObject({
      consumed: 0,
    });
  });

  it('D82: GET /__mock/requests sends its pieces of text with a Content-Length in UTF-8 bytes, so an entry with non-ASCII text comes whole', async () => {
    const server = await startTestServer({ control: true });
    const origin = 'São Paulo ✈';
    await postSearch(server.url, { ...searchBody('PROGRAM_2'), origin });
    const listed = await fetch(`${server.url}/__mock/requests`);
    const bytes = Buffer.from(await listed.arrayBuffer());
    expect(Number(listed.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeGreaterThan(bytes.toString('utf8').length);
    const { requests } = JSON.parse(bytes.toString('utf8')) as { requests: { body: { origin: string } }[] };
    expect(requests[0]!.body.origin).toBe(origin);
  });

  it('D82: GET /__mock/requests is paged: limit entries after the cursor `after`, with `next` to pass on, null on the last page', async () => {
    const server = await startTestServer({ control: true });
    for (let i = 0; i < 5; i++) await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } });
    type Page = { requests: { id: number; path: string }[]; next: number | null };
    const page = async (query: string) => {
      const response = await fetch(`${server.url}/__mock/requests${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Page;
    };
    const ids = server.mock.requests().map((entry) => entry.id);
    expect(ids).toHaveLength(5);
    // Requests made while paging (these GETs of the control API) are recorded too: the cursor is stable under them.
    const first = await page('?limit=2&path=/quota');
    expect(first.requests.map((entry) => entry.id)).toEqual(ids.slice(0, 2));
    expect(first.next).toBe(ids[1]);
    const second = await page(`?limit=2&path=/quota&after=${first.next}`);
    expect(second.requests.map((entry) => entry.id)).toEqual(ids.slice(2, 4));
    const last = await page(`?limit=2&path=/quota&after=${second.next}`);
    expect(last).toEqual({ requests: [expect.objectContaining({ id: ids[4] })], next: null });
    // The default page (1 000 entries) holds a small log whole.
    expect((await page('?path=/quota')).requests).toHaveLength(5);
    expect(server.mock.requests({ path: '/quota', after: ids[0], limit: 3 }).map((entry) => entry.id)).toEqual(
      ids.slice(1, 4),
    );
    for (const [query, field] of [
      ['?limit=0', 'query.limit:out_of_range'],
      ['?limit=10001', 'query.limit:out_of_range'],
      ['?limit=ten', 'query.limit:out_of_range'],
      ['?after=-1', 'query.after:out_of_range'],
    ] as const) {
      const refused = await fetch(`${server.url}/__mock/requests${query}`);
      expect(refused.status).toBe(422);
      expect(await fieldsOf(refused)).toEqual([field]);
    }
  });

  it('D82: a page of GET /__mock/requests ends after the entry that takes it past 4 MiB, and next leads on to the rest', async () => {
    const server = await startTestServer({ control: true, requestLogMaxBytes: 64 * 1024 * 1024 });
    // Bodies of 4 KiB (the most an entry keeps), not JSON: each listed entry is a little over 4 KiB of JSON.
    const body = 'b'.repeat(4 * 1024);
    for (let i = 0; i < 1_200; i++)
      await server.mock.handle(
        new Request('http://mock.test/flights/search', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        }),
      );
    const first = (await (await fetch(`${server.url}/__mock/requests?limit=5000`)).json()) as {
      requests: { id: number }[];
      next: number | null;
    };
    expect(first.requests.length).toBeGreaterThan(900);
    expect(first.requests.length).toBeLessThan(1_100);
    expect(first.next).toBe(first.requests.at(-1)!.id);
    const rest = (await (await fetch(`${server.url}/__mock/requests?limit=5000&after=${first.next}`)).json()) as {
      requests: { id: number }[];
      next: number | null;
    };
    expect(first.requests.length + rest.requests.length).toBe(1_200);
    expect(rest.next).toBeNull();
  });

  it('D83: keys are bounded: a key over 256 characters, a 1 001st key, or a keys option of 1 001 entries is a 422 naming it, and nothing changes', async () => {
    const server = await startTestServer({ control: true });
    const long = await put(server.url, `/keys/${'k'.repeat(257)}`, { limit: 5 });
    expect(long.status).toBe(422);
    expect(await fieldsOf(long)).toEqual(['path.key:out_of_range']);
    expect((await put(server.url, `/keys/${'k'.repeat(256)}`, { limit: 5 })).status).toBe(204);
    // 4 default keys and the one above: 995 more reach the bound of 1 000.
    for (let i = 0; i < 995; i++) server.mock.setKey(`key-${i}`, { limit: 1 });
    const extra = await put(server.url, '/keys/one-too-many', { limit: 5 });
    expect(extra.status).toBe(422);
    expect(await fieldsOf(extra)).toEqual(['path.key:out_of_range']);
    expect(server.mock.getKey('one-too-many')).toBeUndefined();
    // A key the mock has can still be changed.
    expect((await put(server.url, '/keys/key-1', { limit: 7 })).status).toBe(204);
    expect(server.mock.state().keys).toHaveLength(1_000);

    const keys = Array.from({ length: 1_001 }, (_, i) => ({ key: `k${i}`, limit: 1, products: ['search'] }));
    const tooMany = await put(server.url, '/config', { keys });
    expect(tooMany.status).toBe(422);
    expect(await fieldsOf(tooMany)).toEqual(['body.keys:out_of_range']);
    const longInConfig = await put(server.url, '/config', {
      keys: [{ key: 'x'.repeat(257), limit: 1, products: ['search'] }],
    });
    expect(await fieldsOf(longInConfig)).toEqual(['body.keys[0].key:out_of_range']);
    expect(server.mock.state().keys).toHaveLength(1_000);
  });

  it('answers a wrong method on a control route with 405 and Allow, and an unknown control route with 404', async () => {
    const server = await startTestServer({ control: true });
    const wrong = await fetch(`${server.url}/__mock/reset`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await fetch(`${server.url}/__mock/nothing`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the control API and the JavaScript API check settings with the same function (issue 14 item 4)', () => {
  type Refusal = { field: string; type: string; message: string };
  /** The issues a JavaScript call was refused with, each field under `prefix` as the control API names it. */
  function refusedInJs(run: () => unknown, prefix: string): { message: string; issues: Refusal[] } {
    try {
      run();
    } catch (error) {
      const { message, issues } = error as TypeError & { issues: Refusal[] };
      expect(error).toBeInstanceOf(TypeError);
      return {
        message,
        issues: issues.map((issue) => ({ ...issue, field: [prefix, issue.field].filter(Boolean).join('.') })),
      };
    }
    throw new Error('the JavaScript API accepted it');
  }

  it.each([
    [
      'a misspelt field (latncyMs)',
      { latncyMs: 700 },
      'behavior.latncyMs` is not a known field; expected latencyMs, fail, hang.',
    ],
    [
      'a provider failure status of 200',
      { fail: { status: 200 } },
      'behavior.fail.status` must be an HTTP error status from 400 to 599.',
    ],
    [
      'a provider failure status of 399',
      { fail: { status: 399 } },
      'behavior.fail.status` must be an HTTP error status from 400 to 599.',
    ],
    [
      'a provider failure status of 600',
      { fail: { status: 600 } },
      'behavior.fail.status` must be an HTTP error status from 400 to 599.',
    ],
    [
      'a misspelt field inside fail',
      { fail: { status: 503, mesage: 'down' } },
      'behavior.fail.mesage` is not a known field; expected status, message.',
    ],
  ])(
    'refuses %s in setProgramBehavior and PUT /__mock/programs/PROGRAM_4 alike, with the same message, and applies nothing',
    async (_, behavior, message) => {
      const mock = createFlightSearchMock();
      const js = refusedInJs(() => mock.setProgramBehavior('PROGRAM_4', behavior as never), 'body');
      expect(js.message).toBe(`setProgramBehavior: \`${message}`);
      expect(mock.getProgramBehavior('PROGRAM_4')).toBeNull();

      const server = await startTestServer({ control: true });
      const refused = await put(server.url, '/programs/PROGRAM_4', behavior);
      expect(refused.status).toBe(422);
      const body = (await refused.json()) as { error: { code: string; details: { errors: Refusal[] } } };
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.details.errors).toEqual(js.issues);
      expect(body.error.details.errors.map((issue) => issue.message)).toEqual([
        message.slice(message.indexOf('` ') + 2),
      ]);
      expect(server.mock.getProgramBehavior('PROGRAM_4')).toBeNull();
    },
  );

  it('refuses a misspelt key setting in setKey and PUT /__mock/keys/{key} alike, and applies nothing', async () => {
    const mock = createFlightSearchMock();
    const js = refusedInJs(() => mock.setKey(KEY, { limt: 5, consumed: 1 } as never), 'body');
    expect(js.message).toBe('setKey: `settings.limt` is not a known field; expected limit, consumed, products.');
    const server = await startTestServer({ control: true });
    const refused = await put(server.url, `/keys/${KEY}`, { limt: 5, consumed: 1 });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { details: { errors: Refusal[] } } }).error.details.errors).toEqual(
      js.issues,
    );
    expect(server.mock.getKey(KEY)).toMatchObject({ limit: 1000, consumed: 0 });
    expect(mock.getKey(KEY)).toMatchObject({ limit: 1000, consumed: 0 });
  });
});

describe('health and lifecycle over HTTP (issue 30 item 2, D132)', () => {
  const version = (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;

  it('GET /__mock/health answers ready, the version and the uptime without --control, and nothing else; other methods are a 405 with Allow', async () => {
    const server = await startTestServer();
    const health = await fetch(`${server.url}/__mock/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['ready', 'uptimeMs', 'version']);
    expect(body).toMatchObject({ ready: true, version });
    expect(body.uptimeMs).toBeGreaterThanOrEqual(0);
    const posted = await fetch(`${server.url}/__mock/health`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    // The rest of the control API stays closed.
    expect((await fetch(`${server.url}/__mock`)).status).toBe(404);
    expect((await fetch(`${server.url}/__mock/shutdown`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${server.url}/__mock/health`)).status).toBe(200);
  });

  it('GET /__mock lists every control route with --control, each one answered (none a 404), health included', async () => {
    const server = await startTestServer({ control: true });
    const index = (await (await fetch(`${server.url}/__mock`)).json()) as {
      routes: { method: string; path: string }[];
      openapi: string;
    };
    expect(index.openapi).toBe('/__mock/openapi.yaml');
    expect(index.routes).toContainEqual({ method: 'GET', path: '/__mock/health' });
    expect(index.routes).toContainEqual({ method: 'POST', path: '/__mock/shutdown' });
    expect(index.routes).toContainEqual({ method: 'PUT', path: '/__mock/faults/{route}' });
    for (const { method, path } of index.routes.filter(
      (route) => route.method === 'GET' && !route.path.includes('{'),
    )) {
      expect((await fetch(`${server.url}${path}`, { method })).status, `${method} ${path}`).toBe(
        path === '/__mock/settled' ? 204 : 200,
      );
    }
  });

  it('POST /__mock/shutdown answers 202, lets a request in flight finish with its 200, then the server stops listening', async () => {
    const server = await startTestServer({ control: true });
    server.mock.setProgramBehavior('PROGRAM_1', { latencyMs: 300 });
    const inFlight = postSearch(server.url, searchBody('PROGRAM_1'));
    await waitFor(() => server.mock.requests().length === 1, 'the search to arrive');
    const shutdown = await fetch(`${server.url}/__mock/shutdown`, { method: 'POST' });
    expect(shutdown.status).toBe(202);
    expect(await shutdown.json()).toEqual({ shuttingDown: true });
    expect((await inFlight).status).toBe(200);
    await expect(fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).rejects.toThrow();
  });

  it('the CLI exits 0 after POST /__mock/shutdown and removes its ready file', { timeout: 30_000 }, async () => {
    const { cli, url, readyFile } = await startCli(['--control', '--quiet']);
    expect((await fetch(`${url}/__mock/shutdown`, { method: 'POST' })).status).toBe(202);
    expect(await cli.exit).toBe(0);
    expect(existsSync(readyFile)).toBe(false);
    expect(cli.stderr()).toContain('POST /__mock/shutdown: finishing requests in flight, then exiting.');
  });
});

describe('the control API has its own contract, control-api.yaml (issue 30 item 6)', () => {
  it('GET /__mock/openapi.yaml serves control-api.yaml with --control, and its operations are exactly the routes GET /__mock lists', async () => {
    expect((await fetch(`${(await startTestServer()).url}/__mock/openapi.yaml`)).status).toBe(404);
    const server = await startTestServer({ control: true });
    const served = await fetch(`${server.url}/__mock/openapi.yaml`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    const text = await served.text();
    expect(text).toBe(readFileSync(new URL('../../control-api.yaml', import.meta.url), 'utf8'));
    const document = parse(text) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'put', 'patch', 'post', 'delete'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const index = (await (await fetch(`${server.url}/__mock`)).json()) as {
      routes: { method: string; path: string }[];
    };
    expect(index.routes.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(operations.sort());
  });

  it('the test hook finds a control answer outside control-api.yaml: a wrong field, an undeclared status, a route it does not have', () => {
    const json = new Headers({ 'content-type': 'application/json' });
    expect(
      controlContractViolations('GET', '/__mock/health', 200, json, '{"ready":true,"version":"0.1.0","uptimeMs":5}'),
    ).toEqual([]);
    expect(
      controlContractViolations('GET', '/__mock/health', 200, json, '{"ready":"yes","version":"0.1.0","uptimeMs":5}'),
    ).toHaveLength(1);
    expect(controlContractViolations('GET', '/__mock/keys/a-key', 200, json, '{"key":"a-key"}')).toHaveLength(1);
    expect(controlContractViolations('POST', '/__mock/reset', 200, json, '{}')).toEqual([
      'POST /__mock/reset -> 200 (control-api.yaml): status 200 is not declared',
    ]);
    expect(controlContractViolations('GET', '/__mock/stubs', 200, json, '[]')).toHaveLength(1);
  });
});
