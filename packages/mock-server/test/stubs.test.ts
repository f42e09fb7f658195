import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../src/index.js';
import { MOCK_OPTIONS } from '../src/options.js';
const MAX_STUBS = MOCK_OPTIONS.stubsCap.default;
import { checkedByTheCaller } from './support/contract-hook.js';
import { validSearch } from './fixtures.js';

const BASE = 'https://api.flight-search.test';
const KEY = 'test-key';
const quotaBody = (remaining: number) => ({ limit: 5, consumed: 5 - remaining, remaining, usageByCompany: [] });

/** A request through `mock.handle`, the Fetch adapter over the mock's one entry. */
function send(
  mock: ReturnType<typeof createFlightSearchMock>,
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
) {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  return mock.handle(
    new Request(`${BASE}${path}`, {
      method,
      headers: { 'x-api-key': init.key ?? KEY, 'content-type': 'application/json' },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    }),
  ) as Promise<Response>;
}

describe('stubs in JavaScript: mock.stub (issue 30 item 3)', () => {
  it('answers a matching request with the stub, before the rules, and read-back names it with its hits', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const added = mock.stub({
      request: { method: 'GET', path: '/quota' },
      response: { status: 200, body: quotaBody(0) },
    });
    expect(added).toEqual({
      id: 'stub-1',
      request: { method: 'GET', path: '/quota' },
      response: { status: 200, body: quotaBody(0) },
      priority: 5,
      scope: 'global',
      hits: 0,
    });
    const answer = await send(mock, '/quota');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(quotaBody(0));
    expect(mock.getStub('stub-1')).toMatchObject({ hits: 1 });
    expect(mock.requests()[0]).toMatchObject({ stub: 'stub-1', status: 200 });
    // The key's own quota was not touched: the stub answered, not the rules.
    expect(mock.getKey(KEY)).toMatchObject({ consumed: 0 });
  });

  it('matches the body partly, the query and the key, and a request that matches none names the nearest stub and what differed', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.stub({
      request: {
        method: 'POST',
        path: '/flights/search',
        body: { origin: 'GRU', passengers: { adults: 1 } },
        key: KEY,
      },
      fault: { status: 429, retryAfterSeconds: 7 },
    });
    mock.stub({
      request: { method: 'GET', path: '/quota', key: 'other-key' },
      response: { status: 200, body: quotaBody(1) },
    });
    const hit = await send(mock, '/flights/search', { body: validSearch() });
    expect(hit.status).toBe(429);
    expect(hit.headers.get('retry-after')).toBe('7');
    const miss = await send(mock, '/flights/search', { body: { ...validSearch(), origin: 'CDG' } });
    expect(miss.status).toBe(200);
    const missed = mock.requests().at(-1)!;
    expect(missed.nearMiss).toEqual({ stub: 'stub-1', differs: ['body.origin'] });
    expect(missed.stub).toBeUndefined();
    // The key: the quota stub is another key's, so the rules answer test-key's own quota, and another
    // scope's stub is no near miss (issue 37); a global stub with a key matcher is, naming the key.
    expect(await (await send(mock, '/quota')).json()).toMatchObject({ limit: 1000 });
    expect(mock.requests().at(-1)!.nearMiss).toEqual({ stub: 'stub-1', differs: ['method', 'path', 'body'] });
    mock.stub({
      request: { method: 'GET', path: '/quota', key: { equalTo: 'other-key' } },
      response: { status: 200, body: quotaBody(1) },
    });
    expect(await (await send(mock, '/quota')).json()).toMatchObject({ limit: 1000 });
    expect(mock.requests().at(-1)!.nearMiss).toEqual({ stub: 'stub-3', differs: ['key'] });
  });

  it('never reads a stub key back: list, read and the message of a refused stub show only its masked form', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const secret = 'sk-live-very-secret-key';
    mock.stub({
      request: { method: 'GET', path: '/quota', key: secret },
      response: { status: 200, body: quotaBody(2) },
    });
    const shown = JSON.stringify([mock.stubs(), mock.getStub('stub-1'), mock.state()]);
    expect(shown).not.toContain(secret);
    expect(mock.stubs()[0]!.request.key).toMatch(/^sk-l\*\*\*[0-9a-f]{12}$/);
    expect(() =>
      mock.stub({ request: { method: 'GET', path: '/quota', key: secret }, response: { status: 418 } }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining(secret) }));
  });

  it('refuses an answer the contract does not allow, naming each violation, unless contract: false', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    expect(() =>
      mock.stub({ request: { method: 'GET', path: '/quota' }, response: { status: 418, body: {} } }),
    ).toThrow(
      /`response.status` is not a status this operation declares \(200, 401, 404, 406, 429, 500.*\)\. Give "contract": false/,
    );
    let refused: unknown;
    try {
      mock.stub({
        request: { method: 'GET', path: '/quota' },
        response: { status: 200, body: { limit: 'many', consumed: 0, remaining: 0 } },
      });
    } catch (error) {
      refused = error;
    }
    expect((refused as { issues: unknown }).issues).toEqual([
      {
        field: 'response.body.limit',
        type: 'invalid_type',
        message: 'must be an integer. Give "contract": false to stub it anyway.',
      },
      {
        field: 'response.body.usageByCompany',
        type: 'missing',
        message: 'usageByCompany is required. Give "contract": false to stub it anyway.',
      },
    ]);
    expect(() => mock.stub({ request: { method: 'GET', path: '/nowhere' }, response: { status: 200 } })).toThrow(
      /`request.path` is no operation of openapi.yaml/,
    );
    expect(mock.stubs()).toEqual([]);
    mock.stub({
      request: { method: 'GET', path: '/quota' },
      response: { status: 418, body: { teapot: true } },
      contract: false,
    });
    const answer = await checkedByTheCaller(() => send(mock, '/quota'));
    expect([answer.status, await answer.json()]).toEqual([418, { teapot: true }]);
  });

  it('refuses a malformed stub with every field named, and nothing is added', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    let refused: unknown;
    try {
      mock.stub({
        request: { method: 'GET' },
        response: { status: 200 },
        fault: { status: 503 },
        times: 0,
        priorty: 1,
      } as never);
    } catch (error) {
      refused = error;
    }
    expect((refused as { issues: { field: string }[] }).issues.map((issue) => issue.field)).toEqual([
      'priorty',
      'request.path',
      'response',
      'times',
    ]);
    expect(mock.stubs()).toEqual([]);
  });

  it(`holds at most ${MAX_STUBS} stubs: one more is refused with a clear error`, () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const stub = { request: { method: 'GET', path: '/quota' }, response: { status: 200, body: quotaBody(1) } };
    for (let index = 0; index < MAX_STUBS; index++) mock.stub(stub);
    expect(() => mock.stub(stub)).toThrow(
      `stub: \`options\` is one too many: the mock holds at most ${MAX_STUBS} stubs; delete some, or reset (the stubsCap limit).`,
    );
    expect(mock.stubs()).toHaveLength(MAX_STUBS);
  });

  it('tries the lowest priority first, then the stub added first; times ends a stub; delete and clear remove them', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.stub({ request: { method: 'GET', path: '/quota' }, response: { status: 200, body: quotaBody(3) } });
    mock.stub({
      request: { method: 'GET', path: '/quota' },
      response: { status: 200, body: quotaBody(2) },
      priority: 1,
      times: 1,
    });
    mock.stub({ request: { method: 'GET', path: '/quota' }, response: { status: 200, body: quotaBody(1) } });
    const remaining = async () => ((await (await send(mock, '/quota')).json()) as { remaining: number }).remaining;
    expect([await remaining(), await remaining(), await remaining()]).toEqual([2, 3, 3]);
    expect(mock.stubs().map((stub) => [stub.id, stub.hits, stub.remaining])).toEqual([
      ['stub-2', 1, 0],
      ['stub-1', 2, undefined],
      ['stub-3', 0, undefined],
    ]);
    expect(mock.deleteStub('stub-1')).toBe(true);
    expect(mock.deleteStub('stub-1')).toBe(false);
    expect(await remaining()).toBe(1);
    mock.clearStubs();
    expect(await remaining()).toBe(1000);
  });
});

describe('scenarios: a sequence of answers declared once (issue 30 item 4)', () => {
  it('the first search 200, the second 429, the third 200 again; states are readable and resettable', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const request = { method: 'POST', path: '/flights/search' };
    mock.stub({ request, fault: { delayMs: 0 }, scenario: { name: 'flaky', next: 'limited' } });
    mock.stub({
      request,
      fault: { status: 429, retryAfterSeconds: 1 },
      scenario: { name: 'flaky', state: 'limited', next: 'recovered' },
    });
    expect(mock.scenarios()).toEqual([{ name: 'flaky', state: 'Started' }]);
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++)
      statuses.push((await send(mock, '/flights/search', { body: validSearch() })).status);
    expect(statuses).toEqual([200, 429, 200]);
    expect(mock.scenarios()).toEqual([{ name: 'flaky', state: 'recovered' }]);
    expect(mock.requests().map((entry) => entry.stub ?? entry.nearMiss)).toEqual([
      'stub-1',
      'stub-2',
      { stub: 'stub-1', differs: ['scenario.flaky'] },
    ]);
    mock.resetScenarios();
    expect(mock.scenarios()).toEqual([{ name: 'flaky', state: 'Started' }]);
    expect((await send(mock, '/flights/search', { body: validSearch() })).status).toBe(200);
    expect(mock.scenarios()).toEqual([{ name: 'flaky', state: 'limited' }]);
  });

  it('the stubs option is where a reset starts from again', async () => {
    const stub = { request: { method: 'GET', path: '/quota' }, response: { status: 200, body: quotaBody(4) } };
    const mock = createFlightSearchMock({ baseUrl: BASE, stubs: [stub] });
    mock.stub({ ...stub, response: { status: 200, body: quotaBody(0) }, priority: 1 });
    expect(mock.stubs()).toHaveLength(2);
    mock.reset();
    expect(mock.stubs().map((s) => s.response?.body)).toEqual([quotaBody(4)]);
    expect(() => createFlightSearchMock({ stubs: [{ request: { method: 'GET', path: '/quota' } }] as never })).toThrow(
      /option `stubs.0.response` give exactly one of `response`, `fault` and `provider`/,
    );
  });

  it("D161: a stub answers any path it names, not only the service's, through mock.handle on any origin; a path no stub names stays no business of the mock", async () => {
    const mock = createFlightSearchMock({ baseUrl: '*' });
    const status = {
      request: { method: 'GET', path: '/status' },
      response: { status: 200, body: { up: true } },
      contract: false,
    };
    mock.stub(status);
    // A path openapi.yaml does not have: these answers are checked here, not against the contract.
    const [answer, missed] = await checkedByTheCaller(async () => [
      await send(mock, '/status'),
      await send(mock, '/status', { method: 'DELETE' }),
    ]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ up: true });
    // A request of that path the stub does not match is the mock's: recorded with its near-miss, the 404 envelope.
    expect([missed.status, ((await missed.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      'HTTP_ERROR',
    ]);
    expect(mock.requests().map((entry) => [entry.method, entry.path, entry.stub ?? entry.nearMiss])).toEqual([
      ['GET', '/status', 'stub-1'],
      ['DELETE', '/status', { stub: 'stub-1', differs: ['method'] }],
    ]);
    // Another path is still not the service's: null (msw passes it on), and nothing is recorded.
    expect(await send(mock, '/elsewhere')).toBeNull();
    expect(mock.requests()).toHaveLength(2);
  });

  it('unmatched: not-found answers a request no stub matches with a 404 naming the nearest stub', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE, unmatched: 'not-found' });
    // Without any stub the rules answer as always.
    expect((await send(mock, '/quota')).status).toBe(200);
    mock.stub({
      request: { method: 'GET', path: '/quota', headers: { 'x-trace': 'a' } },
      response: { status: 200, body: quotaBody(1) },
    });
    const answer = await send(mock, '/quota');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({
      error: {
        code: 'HTTP_ERROR',
        message: 'No stub matches GET /quota: the nearest, stub-1, differs in header.x-trace.',
      },
    });
  });
});
