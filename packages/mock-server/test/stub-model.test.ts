import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFlightSearchMock } from '../src/index.js';
import { checkedByTheCaller } from './support/contract-hook.js';
import { validSearch } from './fixtures.js';
import { refusal } from './support/refusal.js';

// Issue 37: one behaviour model. Every override is a stub, in a scope, within bounds.
const BASE = 'https://api.flight-search.test';
const quotaBody = (remaining: number) => ({ limit: 5, consumed: 5 - remaining, remaining, usageByCompany: [] });
type Mock = ReturnType<typeof createFlightSearchMock>;

function send(
  mock: Mock,
  path: string,
  init: { method?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {},
) {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers = { 'x-api-key': init.key ?? 'test-key', 'content-type': 'application/json', ...init.headers };
  const body =
    init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  return mock.handle(
    new Request(`${BASE}${path}`, { method, headers, ...(body !== undefined && { body }) }),
  ) as Promise<Response>;
}

afterEach(() => vi.restoreAllMocks());

describe('one model: setFault, setProgramBehavior and the request headers are stubs (issue 37 item 1)', () => {
  it('a fault is a stub named fault:{route}, listed by stubs() and faults() alike, and replaced by the next setFault of its route', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.setFault('quota', { status: 503, times: 2 });
    mock.setFault('quota', { status: 502 });
    expect(mock.stubs()).toEqual([
      expect.objectContaining({ name: 'fault:quota', fault: { status: 502 }, scope: 'global' }),
    ]);
    expect(mock.faults()).toEqual([{ route: 'quota', fault: { status: 502 }, hits: 0 }]);
    expect((await send(mock, '/quota')).status).toBe(502);
    expect(mock.requests()[0]).toMatchObject({ fault: 'status 502', stub: mock.stubs()[0]!.id });
  });

  it('a program behaviour is a stub answering by the rules with the provider changed, for one key before the global one', async () => {
    const mock = createFlightSearchMock({
      baseUrl: BASE,
      keys: [
        { key: 'test-key', limit: 9, products: ['search'] },
        { key: 'key-2', limit: 9, products: ['search'] },
      ],
    });
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 500, message: 'global' } });
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 503, message: 'mine' } }, { key: 'test-key' });
    const mine = (await (await send(mock, '/flights/search', { body: validSearch() })).json()) as {
      results: { error: { message: string } }[];
    };
    expect(mine.results[0]!.error.message).toBe('mine');
    const theirs = (await (await send(mock, '/flights/search', { body: validSearch(), key: 'key-2' })).json()) as {
      results: { error: { message: string } }[];
    };
    expect(theirs.results[0]!.error.message).toBe('global');
    expect(mock.stubs().map((stub) => [stub.name, stub.scope, stub.hits])).toEqual([
      ['program:PROGRAM_1', 'key', 1],
      ['program:PROGRAM_1', 'global', 1],
    ]);
  });

  it('a stub of the test’s own may say provider: the service’s rules answer, quota is spent, the program fails as told', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.stub({
      request: { method: 'POST', path: '/flights/search', body: { origin: 'GRU' } },
      provider: { fail: { status: 429 } },
    });
    const body = (await (await send(mock, '/flights/search', { body: validSearch() })).json()) as {
      results: { success: boolean }[];
    };
    expect(body.results[0]!.success).toBe(false);
    expect(mock.getKey('test-key')!.consumed).toBe(1);
    expect(
      refusal(() => mock.stub({ request: { method: 'GET', path: '/quota' }, provider: { hang: true } })),
    ).toContain('`provider` is for searches');
  });

  it('Prefer: code=N is answered as the x-mock-scenario status=N; Prism’s example= is refused with a 400 saying what is supported', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const forced = await send(mock, '/flights/search', { body: validSearch(), headers: { prefer: 'code=402' } });
    expect([forced.status, ((await forced.json()) as { error: { code: string } }).error.code]).toEqual([
      402,
      'HTTP_ERROR',
    ]);
    const example = await checkedByTheCaller(() => send(mock, '/quota', { headers: { prefer: 'example=limited' } }));
    expect(example.status).toBe(400);
    expect(await example.text()).toContain('Prefer: code=N');
    expect((await send(mock, '/quota', { headers: { prefer: 'code=200, return=minimal' } })).status).toBe(200);
    expect(mock.getKey('test-key')!.consumed).toBe(0);
  });

  it('the new fault kind trickleMs sends the status and headers, then the body in pieces; the body is the rules’ own', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.stub({ request: { method: 'GET', path: '/quota' }, fault: { trickleMs: 20 } });
    const response = await send(mock, '/quota');
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const pieces: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read())
      pieces.push(new TextDecoder().decode(read.value));
    expect(pieces.length).toBeGreaterThan(5);
    expect(JSON.parse(pieces.join(''))).toMatchObject({ limit: 1000, remaining: 1000 });
    expect(mock.requests()[0]!.fault).toBe('trickle 20ms');
  });
});

describe('every piece of state belongs to a scope (issue 37 item 2)', () => {
  /** One test file's scenario: 200, then 429, then the rules, declared on `key`. */
  function declare(mock: Mock, key: string) {
    const request = { method: 'GET', path: '/quota', key };
    mock.stub({
      request,
      response: { status: 200, body: quotaBody(4) },
      scenario: { name: 'limits', next: 'limited' },
    });
    mock.stub({
      request,
      response: {
        status: 429,
        headers: { 'Retry-After': '1' },
        body: { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down', correlationId: crypto.randomUUID() } },
      },
      scenario: { name: 'limits', state: 'limited', next: 'rules' },
    });
  }

  /** A mock two test files share, each declaring the same scenario on its own key. */
  function twoFiles(): Mock {
    const mock = createFlightSearchMock({
      baseUrl: BASE,
      keys: ['file-a', 'file-b'].map((key) => ({ key, limit: 9, products: ['search' as const] })),
    });
    declare(mock, 'file-a');
    declare(mock, 'file-b');
    return mock;
  }

  it('two keys using one scenario name each get stub200>429>rules, interleaved', async () => {
    const mock = twoFiles();
    const seen: Record<string, string[]> = { 'file-a': [], 'file-b': [] };
    for (let round = 0; round < 3; round++)
      for (const key of ['file-a', 'file-b']) {
        const response = await send(mock, '/quota', { key });
        const entry = mock.requests().at(-1)!;
        seen[key]!.push(entry.stub === undefined ? 'rules' : `stub${response.status}`);
      }
    expect(seen).toEqual({ 'file-a': ['stub200', 'stub429', 'rules'], 'file-b': ['stub200', 'stub429', 'rules'] });
    expect(mock.scenarios({ key: 'file-a' })).toEqual([{ name: 'limits', state: 'rules' }]);
    expect(mock.scenarios()).toEqual([]);
    mock.resetScenarios({ key: 'file-a' });
    expect(mock.scenarios({ key: 'file-b' })).toEqual([{ name: 'limits', state: 'rules' }]);
    expect(mock.setScenario('limits', 'limited', { key: 'file-a' })).toBe(true);
    expect((await send(mock, '/quota', { key: 'file-a' })).status).toBe(429);
    expect(mock.setScenario('no-such', 'x', { key: 'file-a' })).toBe(false);
  });

  it('resetting a key removes its stubs, faults, behaviours and scenario states; other keys and global stubs stay', async () => {
    const mock = twoFiles();
    mock.setFault('history', { status: 503 }, { key: 'file-a' });
    mock.stub({
      request: { method: 'GET', path: '/quota' },
      response: { status: 200, body: quotaBody(1) },
      priority: 9,
    });
    await send(mock, '/quota', { key: 'file-a' });
    mock.resetKey('file-a');
    expect(mock.stubs({ key: 'file-a' })).toEqual([]);
    expect(mock.scenarios({ key: 'file-a' })).toEqual([]);
    expect(mock.stubs().map((stub) => stub.scope)).toEqual(['key', 'key', 'global']);
  });

  it('a scenario’s state goes with the last stub naming it: 300 add, hit and delete rounds leave no scenario behind', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    for (let round = 0; round < 300; round++) {
      const { id } = mock.stub({
        request: { method: 'GET', path: '/quota' },
        response: { status: 200, body: quotaBody(1) },
        scenario: { name: `round-${round}`, next: 'done' },
      });
      await send(mock, '/quota');
      if (round % 2 === 0) mock.deleteStub(id);
      else mock.clearStubs();
    }
    expect(mock.stubs()).toEqual([]);
    expect(mock.scenarios()).toEqual([]);
  });

  it('a key that a URL path would normalise (. and ..) or that holds a control character is refused, naming the rule', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    expect(refusal(() => mock.setKey('..', { limit: 1 }))).toContain('must not be . or ..');
    expect(refusal(() => mock.setKey('%2E%2E', { limit: 1 }))).toContain('must not be . or ..');
    expect(refusal(() => mock.setKey('a\nb', { limit: 1 }))).toContain('no CR, LF, NUL');
    expect(
      refusal(() =>
        mock.stub({
          request: { method: 'GET', path: '/quota', key: '.' },
          response: { status: 200, body: quotaBody(1) },
        }),
      ),
    ).toContain('`request.key` must not be . or ..');
  });
});

describe('matchers and the journal (issue 37 item 3)', () => {
  it('any request value may be equalTo, contains or matches; a literal object with a matcher’s key goes inside equalTo', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.stub({
      request: {
        method: { matches: '^(POST|PUT)$' },
        path: { contains: '/search' },
        headers: { 'x-trace': { matches: '^t-[0-9]+$' } },
        body: { origin: { matches: '^G[A-Z]U$' }, passengers: { equalTo: { adults: 1 } } },
      },
      fault: { status: 503 },
    });
    expect((await send(mock, '/flights/search', { body: validSearch(), headers: { 'x-trace': 't-42' } })).status).toBe(
      503,
    );
    expect(
      (await send(mock, '/flights/search', { body: validSearch({ origin: 'CDG' }), headers: { 'x-trace': 't-42' } }))
        .status,
    ).toBe(200);
    expect(mock.requests().at(-1)!.nearMiss).toEqual({ stub: 'stub-1', differs: ['body.origin'] });
    expect(
      (
        await send(mock, '/flights/search', {
          body: validSearch({ passengers: { adults: 1, children: 1 } }),
          headers: { 'x-trace': 't-42' },
        })
      ).status,
    ).toBe(200);
  });

  it('matches runs on RE2: a pattern that backtracks exponentially elsewhere answers at once; a pattern RE2 refuses is a setting error', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.stub({
      request: { method: 'GET', path: '/quota', headers: { 'x-trace': { matches: '^(a+)+$' } } },
      response: { status: 200, body: quotaBody(3) },
    });
    const response = await send(mock, '/quota', { headers: { 'x-trace': `${'a'.repeat(5_000)}!` } });
    expect(await response.json()).toMatchObject({ limit: 1000 });
    expect(
      refusal(() => mock.stub({ request: { method: 'GET', path: { matches: '(a' } }, fault: { status: 503 } })),
    ).toContain('`request.path.matches` is no RE2 regular expression');
    expect(
      refusal(() => mock.stub({ request: { method: 'GET', path: { matches: '(\\w)\\1' } }, fault: { status: 503 } })),
    ).toContain('is no RE2');
  });

  it('a request body is parsed once, however many stubs match on it', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    for (let index = 0; index < 1_000; index++)
      mock.stub({
        request: { method: 'POST', path: '/flights/search', body: { origin: `X${index}` } },
        fault: { status: 503 },
        contract: false,
      });
    const parse = vi.spyOn(JSON, 'parse');
    const big = JSON.stringify({ ...validSearch(), padding: 'x'.repeat(700_000) });
    await send(mock, '/flights/search', { body: big, key: 'nobody' });
    const ofTheBody = parse.mock.calls.filter(([text]) => text === big).length;
    expect(ofTheBody).toBe(1);
  });

  it('replaceStub edits a stub in place; findRequests and countRequests take the same matchers', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const { id } = mock.stub({
      request: { method: 'GET', path: '/quota' },
      response: { status: 200, body: quotaBody(2) },
    });
    expect(
      mock.replaceStub(id, {
        request: { method: 'GET', path: '/quota' },
        response: { status: 200, body: quotaBody(3) },
      }),
    ).toMatchObject({ id, hits: 0 });
    expect(await (await send(mock, '/quota')).json()).toEqual(quotaBody(3));
    expect(
      mock.replaceStub('stub-99', { request: { method: 'GET', path: '/quota' }, fault: { status: 503 } }),
    ).toBeUndefined();
    await send(mock, '/flights/search', { body: validSearch({ origin: 'GIG' }), key: 'secret-key-1' });
    expect(mock.countRequests({ method: 'POST', body: { origin: { matches: '^G' } } })).toBe(1);
    expect(mock.findRequests({ key: 'secret-key-1' }).map((entry) => entry.path)).toEqual(['/flights/search']);
    expect(mock.countRequests({ path: { contains: 'quota' } })).toBe(1);
    expect(refusal(() => mock.findRequests({ key: { contains: 'secret' } }))).toContain(
      'the journal keeps only its masked form',
    );
  });
});

describe('a stub is checked whole before it is stored (issue 37 item 4)', () => {
  it('never reads back a key, in request.key or an x-api-key header, literal or inside a matcher, nor in a refusal', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const secret = 'sk-live-matcher-secret';
    const answer = { response: { status: 200, body: quotaBody(1) } };
    mock.stub({ request: { method: 'GET', path: '/quota', key: { equalTo: secret } }, ...answer });
    mock.stub({ request: { method: 'GET', path: '/quota', headers: { 'X-Api-Key': secret } }, ...answer });
    mock.stub({ request: { method: 'GET', path: '/quota', headers: { 'x-api-key': { equalTo: secret } } }, ...answer });
    expect(JSON.stringify([mock.stubs(), mock.state()])).not.toContain('matcher-secret');
    // A pattern over keys is refused: its hits would tell, a guess at a time, which keys were sent.
    for (const pattern of [{ contains: 'sk-' }, { matches: '^sk-l' }]) {
      expect(
        refusal(() => mock.stub({ request: { method: 'GET', path: '/quota', key: pattern }, ...answer })),
      ).toContain('a key is never matched by a pattern');
      expect(
        refusal(() =>
          mock.stub({ request: { method: 'GET', path: '/quota', headers: { 'X-API-Key': pattern } }, ...answer }),
        ),
      ).toContain('never matched by a pattern');
    }
  });

  it('headers are RFC 9110 tokens and values, framing headers are the server’s, 204 carries no body: every reason at once', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const message = refusal(() =>
      mock.stub({
        request: { method: 'GET', path: '/quota', headers: { 'bad header': 'x' } },
        response: {
          status: 204,
          headers: { 'x-ok': 'a\r\nSet-Cookie: evil=1', 'transfer-encoding': 'chunked', 'bad name': 'x' },
          body: {},
        },
        contract: false,
      }),
    );
    for (const reason of [
      '`request.headers.bad header` is no HTTP header name',
      '`response.body` must be absent: a 204 has no body',
      '`response.headers.x-ok` must not hold CR, LF, NUL',
      '`response.headers.transfer-encoding` is a framing or hop-by-hop header',
      '`response.headers.bad name` is no HTTP header name',
    ])
      expect(message).toContain(reason);
    expect(mock.stubs()).toEqual([]);
  });

  it('against openapi.yaml: a 429 needs Retry-After and a declared media type; contract: false lifts only that', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const limited = { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow', correlationId: crypto.randomUUID() } };
    const message = refusal(() =>
      mock.stub({
        request: { method: 'GET', path: '/quota' },
        response: { status: 429, headers: { 'content-type': 'text/html' }, body: limited },
      }),
    );
    expect(message).toContain('`response.headers.Retry-After` is required on a 429');
    expect(message).toContain(
      '`response.headers.content-type` must be one of application/vnd.service.v1+json, application/json',
    );
    expect(
      mock.stub({
        request: { method: 'GET', path: '/quota' },
        response: { status: 429, headers: { 'content-type': 'text/html' } },
        contract: false,
      }),
    ).toMatchObject({
      id: 'stub-1',
    });
  });

  it('a stub with a request-header name fetch refuses never turns requests into 500s through mock.handle: it is refused', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    expect(
      refusal(() =>
        mock.stub({ request: { method: 'GET', path: '/quota', headers: { 'x y': '1' } }, fault: { status: 503 } }),
      ),
    ).toContain('no HTTP header name');
    expect((await send(mock, '/quota')).status).toBe(200);
  });
});

describe('bounded in bytes, in one place (issue 37 item 5)', () => {
  it('each limit is an option row, enforced when the thing is stored, its name in the refusal', () => {
    const mock = createFlightSearchMock({
      baseUrl: BASE,
      stubBytes: 2_000,
      stubsBytes: 5_000,
      keyStateBytes: 1_500,
      stubsCap: 10,
    });
    const body = (size: number) => ({ ...quotaBody(1), padding: 'x'.repeat(size) });
    const stub = (size: number, key?: string) => ({
      request: { method: 'GET', path: '/quota', ...(key && { key }) },
      response: { status: 200, body: body(size) },
      contract: false,
    });
    expect(refusal(() => mock.stub(stub(2_000)))).toContain('(the stubBytes limit)');
    expect(refusal(() => mock.stub(stub(1_400), { key: 'test-key' }))).toContain('(the keyStateBytes limit)');
    for (let index = 0; index < 3; index++) mock.stub(stub(1_400));
    expect(refusal(() => mock.stub(stub(1_400)))).toContain('(the stubsBytes limit)');
    expect(
      refusal(() => mock.setProgramBehavior('PROGRAM_1', { fail: { status: 500, message: 'm'.repeat(4_097) } })),
    ).toContain('`behavior.fail.message` must be at most 4096 bytes');
  });

  it('the scenario header is refused with a 400 when longer than 200 characters, never cut and read', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const scenario = (value: string) =>
      checkedByTheCaller(() =>
        send(mock, '/flights/search', { body: validSearch(), headers: { 'x-mock-scenario': value } }),
      );
    const padded = await scenario(`status=402${' '.repeat(190)},drop`);
    expect(padded.status).toBe(400);
    expect(await padded.text()).toContain('the most is 200');
    expect((await scenario(`delay=60000${' '.repeat(190)},status=503`)).status).toBe(400);
    expect(mock.getKey('test-key')!.consumed).toBe(0);
  });
});

describe('what the review of the model found (issue 37)', () => {
  it('a delay-only fault, or the scenario header, still takes the place of every fault after it, as before the model', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.setFault('quota', { delayMs: 1 }, { key: 'test-key' });
    mock.setFault('quota', { status: 503, times: 1 });
    expect((await send(mock, '/quota')).status).toBe(200);
    mock.clearFaults(undefined, { key: 'test-key' });
    expect((await send(mock, '/quota', { headers: { 'x-mock-scenario': 'delay=0' } })).status).toBe(200);
    expect(mock.faults()).toEqual([{ route: 'quota', fault: { status: 503, times: 1 }, remaining: 1, hits: 0 }]);
    // A test's own delay-only stub still lets the faults after it answer, as it always did.
    mock.stub({ request: { method: 'GET', path: '/quota' }, fault: { delayMs: 0 } });
    expect((await send(mock, '/quota')).status).toBe(503);
  });

  it('configure with limits the stubs option no longer fits is refused whole, and reset() still works', () => {
    const stub = { request: { method: 'GET', path: '/quota' }, response: { status: 200, body: quotaBody(1) } };
    const mock = createFlightSearchMock({ baseUrl: BASE, stubs: [stub, stub, stub] });
    expect(refusal(() => mock.configure({ stubsCap: 2 }))).toContain('the stubsCap limit');
    expect(mock.state().options.stubsCap).toBe(1000);
    expect(() => mock.reset()).not.toThrow();
  });

  it('a stubs page after a stub that is gone is a 422 on after, never an empty last page', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    for (let index = 0; index < 3; index++)
      mock.stub({ request: { method: 'GET', path: '/quota' }, fault: { status: 503 } });
    mock.deleteStub('stub-1');
    expect(refusal(() => mock.stubs({ after: 'stub-1' }))).toContain('`filter.after`');
  });

  it('a scenario state is 1 to 200 characters; a matcher nested past 64 levels is refused, not a stack overflow', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    mock.stub({ request: { method: 'GET', path: '/quota' }, fault: { status: 503 }, scenario: { name: 'a' } });
    expect(refusal(() => mock.setScenario('a', ''))).toContain('1 to 200 characters');
    expect(refusal(() => mock.setScenario('a', 'x'.repeat(201)))).toContain('1 to 200 characters');
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(refusal(() => mock.findRequests({ body: deep }))).toContain('nested deeper than 64 levels');
  });

  it('matches bounds what RE2 compiles and what it reads: a repetition count over 100 or a pattern over 256 characters is refused', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const stub = (matches: string) => () =>
      mock.stub({
        request: { method: 'GET', path: '/quota', headers: { 'user-agent': { matches } } },
        fault: { status: 503 },
      });
    expect(refusal(stub('[^a]{1000}'))).toContain('repeats at most 100 times');
    expect(refusal(stub('a'.repeat(257)))).toContain('at most 256 characters');
  });
});
