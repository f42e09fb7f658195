// The proxy in front of the mock in-process (msw): the proxy's fetch is the global one, which msw intercepts.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, useMockService } from '../../../mock-server/test/support/msw.js';
import { createFlightSearchProxy, PROXY_ERROR_CODES, type FlightSearchProxyOptions } from '../../src/proxy/index.js';
import {
  APP,
  BROWSER_KEY,
  browserRequest,
  clientHeaders,
  historyQuery,
  keys,
  MiB,
  PREFIX,
  searchBody,
  SERVER_KEY,
  waitFor,
} from './support.js';

const NOW = Date.parse('2026-11-01T12:00:00Z');
const service = useMockService({ keys: keys(), now: () => NOW });

/** What reached the mock, as msw saw it (before the mock's log redacts the key). */
function watchUpstream() {
  const seen: Request[] = [];
  const listener = ({ request }: { request: Request }) => void seen.push(request.clone());
  service.server.events.on('request:start', listener);
  return { seen, stop: () => service.server.events.removeListener('request:start', listener) };
}

const proxyFor = (options: Partial<FlightSearchProxyOptions> = {}) =>
  createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: BASE, ...options });

/** The same request sent to the service directly with the server's key. */
function direct(path: string, init: { body?: unknown; accept?: string } = {}) {
  const headers: Record<string, string> = {
    'x-api-key': SERVER_KEY,
    accept: init.accept ?? 'application/vnd.service.v1+json',
  };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${BASE}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function quotaOf(key: string) {
  const response = await fetch(`${BASE}/quota`, { headers: { 'x-api-key': key } });
  return (await response.json()) as { consumed: number; remaining: number };
}

/** The error envelope; the proxy's own answers are `application/json`, the service's the negotiated type. */
async function envelope(response: Response, contentType = 'application/json') {
  expect(response.headers.get('content-type')).toBe(contentType);
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe('the proxy in front of the mock in-process (msw)', () => {
  it.each([
    ['SEARCH: POST /flights/search (ONE_WAY, PARSED)', '/flights/search', searchBody({ responseFormat: 'PARSED' })],
    [
      'SEARCH: POST /flights/search (ROUND_TRIP, RAW)',
      '/flights/search',
      searchBody({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29' }),
    ],
    [
      'HISTORY: GET /intelligence/flights/history with its repeated query parameters',
      `/intelligence/flights/history${historyQuery}`,
      undefined,
    ],
    ['QUOTA: GET /quota', '/quota', undefined],
  ])("forwards %s and answers the service's status, body and headers unchanged", async (_, path, body) => {
    const mock = service.mock();
    const viaProxy = await proxyFor()(browserRequest(path, { body }));
    const proxied = { status: viaProxy.status, headers: clientHeaders(viaProxy.headers), body: await viaProxy.text() };
    mock.reset();
    const viaService = await direct(path, { body });
    expect(viaService.status).toBe(200);
    expect(proxied).toEqual({
      status: viaService.status,
      headers: clientHeaders(viaService.headers),
      body: await viaService.text(),
    });
    expect(proxied.headers['content-type']).toBe('application/vnd.service.v1+json');
  });

  it.each<[string, string, { body?: unknown; accept?: string }, number]>([
    [
      'a 422 VALIDATION_ERROR (SEARCH-5, SEARCH-6)',
      '/flights/search',
      { body: searchBody({ destination: 'GRU', tripType: 'ROUND_TRIP', returnDate: '2026-12-01' }) },
      422,
    ],
    ['a 406 NOT_ACCEPTABLE (NEG-1)', '/quota', { accept: 'application/xml' }, 406],
    [
      'a 422 on a history query (HISTORY-3)',
      '/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=31',
      {},
      422,
    ],
  ])('passes %s through unchanged, envelope and all', async (_, path, init, status) => {
    service.mock();
    const viaProxy = await proxyFor()(
      browserRequest(path, { body: init.body, headers: init.accept ? { accept: init.accept } : {} }),
    );
    const viaService = await direct(path, init);
    expect(viaService.status).toBe(status);
    const strip = (text: string) => JSON.parse(text, (key, value) => (key === 'correlationId' ? 'id' : value));
    expect({
      status: viaProxy.status,
      headers: clientHeaders(viaProxy.headers),
      body: strip(await viaProxy.text()),
    }).toEqual({
      status,
      headers: clientHeaders(viaService.headers),
      body: strip(await viaService.text()),
    });
  });

  it("QUOTA-1: passes the service's 402 through when the server key's quota is short", async () => {
    const mock = service.mock();
    mock.setKey(SERVER_KEY, { limit: 1, consumed: 0 });
    const response = await proxyFor()(
      browserRequest('/flights/search', { body: searchBody({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29' }) }),
    );
    expect(response.status).toBe(402);
    const error = await envelope(response, 'application/vnd.service.v1+json');
    expect(error).toMatchObject({
      code: 'HTTP_ERROR',
      message: 'Insufficient quota: this search requires 2 units and 1 remains.',
    });
  });

  it('RATE-1: passes a 429 with its Retry-After through', async () => {
    service.mock({ rateLimit: { requests: 1, windowMs: 60_000 } });
    const proxy = proxyFor();
    expect((await proxy(browserRequest('/quota'))).status).toBe(200);
    const limited = await proxy(browserRequest('/quota'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await envelope(limited, 'application/vnd.service.v1+json')).code).toBe('RATE_LIMIT_EXCEEDED');
  });

  it("AUTH-1: drops the browser's own x-api-key, cookie and authorization; the service sees only the server's key, Accept and Content-Type", async () => {
    const mock = service.mock();
    const upstream = watchUpstream();
    const response = await proxyFor()(browserRequest('/flights/search', { body: searchBody() }));
    upstream.stop();
    expect(response.status).toBe(200);

    expect(upstream.seen).toHaveLength(1);
    const sent = upstream.seen[0]!;
    expect(sent.headers.get('x-api-key')).toBe(SERVER_KEY);
    for (const name of ['cookie', 'authorization', 'x-forwarded-for', 'user-agent'])
      expect(sent.headers.get(name)).toBeNull();
    // The mock's own log of what it received: the same headers, no browser credential among them.
    const recorded = mock.requests();
    expect(recorded).toHaveLength(1);
    expect(
      Object.keys(recorded[0]!.headers).filter((name) => ['cookie', 'authorization', 'x-forwarded-for'].includes(name)),
    ).toEqual([]);
    expect(recorded[0]!.headers).toMatchObject({
      accept: 'application/vnd.service.v1+json',
      'content-type': 'application/json',
      'x-api-key': '[redacted]',
    });
    // The search was charged to the server's key; the browser's key spent nothing.
    expect((await quotaOf(SERVER_KEY)).consumed).toBe(1);
    expect((await quotaOf(BROWSER_KEY)).consumed).toBe(0);
  });

  it.each([
    ['GET on the search path', 'GET', `${PREFIX}/flights/search`],
    ['POST on the quota path', 'POST', `${PREFIX}/quota`],
    ["a path of the mock's control API", 'POST', `${PREFIX}/__mock/reset`],
    ["the service's path outside the prefix", 'GET', '/quota'],
    ['a trailing slash', 'GET', `${PREFIX}/quota/`],
    ['a dot segment climbing out of the prefix', 'GET', `${PREFIX}/../quota`],
    ['an encoded slash', 'GET', `${PREFIX}/intelligence%2Fflights/history`],
    ['the prefix alone', 'GET', PREFIX],
  ])('answers %s with a 404 envelope of its own and forwards nothing', async (_, method, path) => {
    const mock = service.mock();
    const upstream = watchUpstream();
    const response = await proxyFor()(
      new Request(`https://app.example.test${path}`, {
        method,
        headers: { 'x-api-key': BROWSER_KEY },
        body: method === 'POST' ? '{}' : undefined,
      }),
    );
    upstream.stop();
    expect(response.status).toBe(404);
    const error = await envelope(response);
    expect(error.code).toBe(PROXY_ERROR_CODES.NOT_FOUND);
    expect(error.message).toContain(`GET ${PREFIX}/quota`);
    expect(upstream.seen).toHaveLength(0);
    expect(mock.requests()).toHaveLength(0);
  });

  it('serves under a configured prefix and at the root', async () => {
    service.mock();
    expect(
      (
        await createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: BASE, prefix: '/flights-api' })(
          new Request('https://app.example.test/flights-api/quota'),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: BASE, prefix: '' })(
          new Request('https://app.example.test/quota'),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: BASE, prefix: '/flights-api' })(
          new Request(`https://app.example.test${PREFIX}/quota`),
        )
      ).status,
    ).toBe(404);
  });

  it('forwards to a base URL with a path of its own', async () => {
    const mock = service.mock();
    service.server.use(
      http.get('https://gateway.example.test/v1/quota', ({ request }) =>
        HttpResponse.json({ seen: request.headers.get('x-api-key') === SERVER_KEY }),
      ),
    );
    const response = await createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: 'https://gateway.example.test/v1/' })(
      browserRequest('/quota'),
    );
    expect(await response.json()).toEqual({ seen: true });
    expect(mock.requests()).toHaveLength(0);
  });

  describe('authorize', () => {
    it("refuses with 401 PROXY_UNAUTHORIZED before anything is read or forwarded, and sees the browser's request", async () => {
      const mock = service.mock();
      const upstream = watchUpstream();
      const seen: (string | null)[] = [];
      const proxy = proxyFor({
        authorize: (request) => {
          seen.push(request.headers.get('cookie'));
          return request.headers.get('cookie') === 'session=valid';
        },
      });
      const refused = await proxy(browserRequest('/flights/search', { body: searchBody() }));
      expect(refused.status).toBe(401);
      expect((await envelope(refused)).code).toBe('PROXY_UNAUTHORIZED');
      expect(upstream.seen).toHaveLength(0);
      expect(mock.requests()).toHaveLength(0);

      const allowed = await proxy(browserRequest('/quota', { headers: { cookie: 'session=valid' } }));
      upstream.stop();
      expect(allowed.status).toBe(200);
      expect(seen).toEqual(['session=abc123', 'session=valid']);
      // The session cookie was the app's business: it never reached the service.
      expect(upstream.seen.map((request) => request.headers.get('cookie'))).toEqual([null]);
    });

    it("answers with the hook's own Response, and refuses when the hook returns anything but true", async () => {
      const mock = service.mock();
      const own = await proxyFor({
        authorize: () => new Response('go away', { status: 403, headers: { 'x-app': 'mine' } }),
      })(browserRequest('/quota'));
      expect(own.status).toBe(403);
      expect(own.headers.get('x-app')).toBe('mine');
      expect(await own.text()).toBe('go away');

      const forgetful = await proxyFor({ authorize: (() => undefined) as never })(browserRequest('/quota'));
      expect(forgetful.status).toBe(401);
      const asynchronous = await proxyFor({ authorize: async () => false })(browserRequest('/quota'));
      expect(asynchronous.status).toBe(401);
      expect(mock.requests()).toHaveLength(0);
    });

    it('lets a hook failure reject the handler, with nothing forwarded', async () => {
      const mock = service.mock();
      await expect(
        proxyFor({
          authorize: () => {
            throw new Error('session store down');
          },
        })(browserRequest('/quota')),
      ).rejects.toThrow('session store down');
      expect(mock.requests()).toHaveLength(0);
    });
  });

  describe('cross-site searches (D92)', () => {
    /** A proxy whose hooks record that they ran and let everything through. */
    const watched = (options: Partial<FlightSearchProxyOptions> = {}) => {
      const hooks: string[] = [];
      const proxy = proxyFor({
        authorize: () => hooks.push('authorize') > 0,
        beforeSearch: () => hooks.push('beforeSearch') > 0,
        ...options,
      });
      return { proxy, hooks };
    };

    it.each([
      ['text/plain', 'text/plain;charset=UTF-8'],
      ['a form', 'application/x-www-form-urlencoded'],
      ['multipart', 'multipart/form-data; boundary=x'],
      ['JSON look-alike', 'application/jsonp'],
    ])(
      'refuses a search sent as %s with 415 PROXY_UNSUPPORTED_MEDIA_TYPE before any hook, forwarding nothing',
      async (_, type) => {
        const mock = service.mock();
        const { proxy, hooks } = watched();
        const response = await proxy(
          browserRequest('/flights/search', { body: searchBody(), headers: { 'content-type': type } }),
        );
        expect(response.status).toBe(415);
        expect(await envelope(response)).toEqual({
          code: 'PROXY_UNSUPPORTED_MEDIA_TYPE',
          message: 'A search must be sent as application/json.',
        });
        expect(hooks).toEqual([]);
        expect(mock.requests()).toHaveLength(0);
      },
    );

    it('takes a search sent as application/json, with parameters and in any case', async () => {
      service.mock();
      const { proxy, hooks } = watched();
      for (const type of ['application/json', 'Application/JSON; charset=utf-8']) {
        expect(
          (await proxy(browserRequest('/flights/search', { body: searchBody(), headers: { 'content-type': type } })))
            .status,
        ).toBe(200);
      }
      expect(hooks).toEqual(['authorize', 'beforeSearch', 'authorize', 'beforeSearch']);
    });

    it.each<[string, Record<string, string>]>([
      ['another site (Origin)', { origin: 'https://evil.example' }],
      ['another site (Origin and Sec-Fetch-Site)', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
      ['another origin of the same site', { origin: 'https://other.example.test', 'sec-fetch-site': 'same-site' }],
      ['another port of the same host', { origin: `${APP}:8443` }],
      ['an opaque origin (sandboxed frame, data: URL)', { origin: 'null' }],
      ['another site, by Sec-Fetch-Site alone', { 'sec-fetch-site': 'cross-site' }],
    ])('refuses a search from %s with 403 PROXY_CROSS_SITE before any hook, forwarding nothing', async (_, headers) => {
      const mock = service.mock();
      const { proxy, hooks } = watched();
      const response = await proxy(browserRequest('/flights/search', { body: searchBody(), headers }));
      expect(response.status).toBe(403);
      expect(await envelope(response)).toEqual({
        code: 'PROXY_CROSS_SITE',
        message: 'The proxy refused a search from another site: its origin is not allowed (allowedOrigins).',
      });
      expect(hooks).toEqual([]);
      expect(mock.requests()).toHaveLength(0);
    });

    it.each<[string, Record<string, string>]>([
      ['its own origin (Origin)', { origin: APP }],
      ['its own origin (Sec-Fetch-Site)', { origin: APP, 'sec-fetch-site': 'same-origin' }],
      ['a client that is no browser (neither header)', {}],
    ])('lets a search from %s through', async (_, headers) => {
      service.mock();
      const { proxy, hooks } = watched();
      expect((await proxy(browserRequest('/flights/search', { body: searchBody(), headers }))).status).toBe(200);
      expect(hooks).toEqual(['authorize', 'beforeSearch']);
    });

    it('lets allowedOrigins name other origins of the app, and checks only searches: a cross-site GET reads nothing it could not fetch itself', async () => {
      service.mock();
      const { proxy, hooks } = watched({ allowedOrigins: ['https://admin.example.test'] });
      const from = (origin: string, site: string) => ({ origin, 'sec-fetch-site': site });
      expect(
        (
          await proxy(
            browserRequest('/flights/search', {
              body: searchBody(),
              headers: from('https://admin.example.test', 'same-site'),
            }),
          )
        ).status,
      ).toBe(200);
      expect(
        (await proxy(browserRequest('/flights/search', { body: searchBody(), headers: from(APP, 'same-origin') })))
          .status,
      ).toBe(200);
      expect(
        (
          await proxy(
            browserRequest('/flights/search', {
              body: searchBody(),
              headers: from('https://evil.example', 'cross-site'),
            }),
          )
        ).status,
      ).toBe(403);
      expect(
        (await proxy(browserRequest('/quota', { headers: from('https://evil.example', 'cross-site') }))).status,
      ).toBe(200);
      expect(hooks).toEqual(['authorize', 'beforeSearch', 'authorize', 'beforeSearch', 'authorize']);
    });
  });

  describe('beforeSearch (a per-user budget)', () => {
    it('QUOTA-1: is given the parsed body and its cost, ONE_WAY 1 and ROUND_TRIP 2, and refuses with 403 BUDGET_EXCEEDED before forwarding', async () => {
      const mock = service.mock();
      let budget = 3;
      const calls: { cost: number; body: unknown }[] = [];
      const proxy = proxyFor({
        beforeSearch: ({ body, cost }) => {
          calls.push({ cost, body });
          if (cost > budget) return false;
          budget -= cost;
          return true;
        },
      });
      const oneWay = searchBody();
      const roundTrip = searchBody({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29' });
      expect((await proxy(browserRequest('/flights/search', { body: oneWay }))).status).toBe(200);
      expect((await proxy(browserRequest('/flights/search', { body: roundTrip }))).status).toBe(200);
      const before = (await quotaOf(SERVER_KEY)).consumed;
      const requestsBefore = mock.requests().length;

      const refused = await proxy(browserRequest('/flights/search', { body: oneWay }));
      expect(refused.status).toBe(403);
      const error = await envelope(refused);
      expect(error.code).toBe(PROXY_ERROR_CODES.BUDGET_EXCEEDED);
      expect(error.message).toContain('1 quota unit');
      expect(calls).toEqual([
        { cost: 1, body: oneWay },
        { cost: 2, body: roundTrip },
        { cost: 1, body: oneWay },
      ]);
      // Nothing reached the service and nothing was spent.
      expect(mock.requests().length).toBe(requestsBefore);
      expect((await quotaOf(SERVER_KEY)).consumed).toBe(before);
      expect(before).toBe(3);
    });

    it('is not asked for history and quota, which cost nothing', async () => {
      service.mock();
      let asked = 0;
      const proxy = proxyFor({ beforeSearch: () => ++asked > 100 });
      expect((await proxy(browserRequest('/quota'))).status).toBe(200);
      expect((await proxy(browserRequest(`/intelligence/flights/history${historyQuery}`))).status).toBe(200);
      expect(asked).toBe(0);
    });

    it('prices a body it cannot read at 2 units and, allowed, lets the service answer its 422', async () => {
      const mock = service.mock();
      const costs: number[] = [];
      const proxy = proxyFor({
        beforeSearch: ({ cost, body }) => {
          costs.push(cost);
          return body === undefined || true;
        },
      });
      const response = await proxy(browserRequest('/flights/search', { body: '{"tripType": "ONE_WAY",' }));
      expect(response.status).toBe(422);
      expect((await envelope(response, 'application/vnd.service.v1+json')).code).toBe('VALIDATION_ERROR');
      expect(costs).toEqual([2]);
      expect(mock.requests()).toHaveLength(1);
    });

    it('forwards the body it priced: a repeated tripType reaches the service as the value the hook was told', async () => {
      const mock = service.mock();
      const costs: number[] = [];
      const proxy = proxyFor({
        beforeSearch: ({ cost }) => {
          costs.push(cost);
          return true;
        },
      });
      const text = JSON.stringify(searchBody({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29' })).replace(
        '{',
        '{"tripType":"ONE_WAY",',
      );
      expect((await proxy(browserRequest('/flights/search', { body: text }))).status).toBe(200);
      expect(costs).toEqual([2]);
      expect((mock.requests()[0]!.body as { tripType: string }).tripType).toBe('ROUND_TRIP');
      expect((await quotaOf(SERVER_KEY)).consumed).toBe(2);
    });

    it("answers with the hook's own Response", async () => {
      const mock = service.mock();
      const response = await proxyFor({
        beforeSearch: () =>
          Response.json({ error: { code: 'APP_LIMIT', message: 'Come back tomorrow.' } }, { status: 429 }),
      })(browserRequest('/flights/search', { body: searchBody() }));
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ error: { code: 'APP_LIMIT', message: 'Come back tomorrow.' } });
      expect(mock.requests()).toHaveLength(0);
    });
  });

  describe('the body limit', () => {
    const tooLarge = (body: BodyInit, headers: Record<string, string> = {}) =>
      new Request(`https://app.example.test${PREFIX}/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        duplex: 'half',
      } as RequestInit);

    it('answers a 2 MiB body with 413 PAYLOAD_TOO_LARGE and forwards nothing', async () => {
      const mock = service.mock();
      const response = await proxyFor()(tooLarge(JSON.stringify({ ...searchBody(), padding: 'x'.repeat(2 * MiB) })));
      expect(response.status).toBe(413);
      const error = await envelope(response);
      expect(error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: `The request body exceeds ${MiB} bytes.` });
      expect(mock.requests()).toHaveLength(0);
    });

    it('does not trust Content-Length: a body that declares less is cut at the limit, reading no further', async () => {
      const mock = service.mock();
      let pulled = 0;
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      const stream = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled += chunk.byteLength;
            controller.enqueue(chunk);
            if (pulled >= 2 * MiB) controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const response = await proxyFor()(tooLarge(stream, { 'content-length': '100' }));
      expect(response.status).toBe(413);
      // It stopped at the chunk that crossed 1 MiB (the stream may have one chunk queued ahead).
      expect(pulled).toBeLessThanOrEqual(MiB + 2 * chunk.byteLength);
      expect(mock.requests()).toHaveLength(0);
    });

    it('refuses a declared Content-Length over the limit without reading, and takes a body exactly at a configured limit', async () => {
      service.mock();
      const body = JSON.stringify(searchBody());
      const proxy = proxyFor({ bodyLimit: new TextEncoder().encode(body).byteLength });
      expect((await proxy(browserRequest('/flights/search', { body }))).status).toBe(200);
      expect((await proxy(browserRequest('/flights/search', { body: `${body} ` }))).status).toBe(413);
      let read = false;
      const stream = new ReadableStream({
        pull() {
          read = true;
        },
      });
      expect((await proxyFor()(tooLarge(stream, { 'content-length': String(2 * MiB) }))).status).toBe(413);
      expect(read).toBe(false);
    });
  });

  it('answers a body that breaks off with a 499 and forwards nothing', async () => {
    const mock = service.mock();
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error('connection reset'));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"airlineLoyalty":'));
      },
    });
    const response = await proxyFor()(
      new Request(`https://app.example.test${PREFIX}/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(499);
    expect((await envelope(response)).code).toBe('PROXY_CLIENT_CLOSED_REQUEST');
    expect(mock.requests()).toHaveLength(0);
  });

  describe('the service misbehaving', () => {
    it('answers a service it cannot reach with a 502 that names no address', async () => {
      service.mock();
      service.server.use(http.all(`${BASE}/*`, () => HttpResponse.error()));
      const response = await proxyFor()(browserRequest('/quota'));
      expect(response.status).toBe(502);
      const text = await response.clone().text();
      expect((await envelope(response)).code).toBe('PROXY_BAD_GATEWAY');
      expect(text).not.toContain('flight-search.test');
      expect(text).not.toContain(SERVER_KEY);
    });

    it('never follows a redirect: a 3xx is a 502, and the redirect target is never asked', async () => {
      service.mock();
      const upstream = watchUpstream();
      service.server.use(
        http.get(
          `${BASE}/quota`,
          () => new HttpResponse(null, { status: 302, headers: { location: 'https://elsewhere.example.test/steal' } }),
        ),
        http.get('https://elsewhere.example.test/steal', () => HttpResponse.json({ stolen: true })),
      );
      const response = await proxyFor()(browserRequest('/quota'));
      upstream.stop();
      expect(response.status).toBe(502);
      const text = await response.text();
      expect(JSON.parse(text).error.code).toBe('PROXY_BAD_GATEWAY');
      expect(text).not.toContain('elsewhere');
      expect(upstream.seen.map((request) => new URL(request.url).host)).toEqual(['api.flight-search.test']);
    });

    it('redacts the key should the service echo it, in an error body, a 200 body and a passed header; drops Set-Cookie, encodings and hop-by-hop headers', async () => {
      service.mock();
      service.server.use(
        http.get(`${BASE}/quota`, ({ request }) =>
          HttpResponse.json(
            { error: { code: 'HTTP_ERROR', message: `Key ${request.headers.get('x-api-key')} was not found.` } },
            {
              status: 404,
              headers: {
                'x-request-id': `req-${request.headers.get('x-api-key')}`,
                'set-cookie': 'upstream=1',
                'x-powered-by': 'java',
                'keep-alive': 'timeout=5',
              },
            },
          ),
        ),
        http.post(`${BASE}/flights/search`, ({ request }) =>
          HttpResponse.json({ echoed: request.headers.get('x-api-key'), twice: `${SERVER_KEY}${SERVER_KEY}` }),
        ),
      );
      const error = await proxyFor()(browserRequest('/quota'));
      expect(error.status).toBe(404);
      expect(error.headers.get('x-request-id')).toBe('req-[redacted]');
      for (const name of ['set-cookie', 'x-powered-by', 'keep-alive', 'content-length', 'content-encoding'])
        expect(error.headers.get(name)).toBeNull();
      expect(await error.json()).toEqual({ error: { code: 'HTTP_ERROR', message: 'Key [redacted] was not found.' } });

      const ok = await proxyFor()(browserRequest('/flights/search', { body: searchBody() }));
      expect(await ok.json()).toEqual({ echoed: '[redacted]', twice: '[redacted][redacted]' });
    });

    it('redacts the key in an answer that streams without Content-Length, even split across chunks, and passes the rest byte for byte', async () => {
      service.mock();
      const encoder = new TextEncoder();
      const pieces = [
        '{"error":{"code":"HTTP_ERROR","message":"bad key ',
        SERVER_KEY.slice(0, 7),
        SERVER_KEY.slice(7),
        '","pad":"',
        'y'.repeat(100_000),
        '"}}',
      ];
      service.server.use(
        http.get(
          `${BASE}/quota`,
          () =>
            new HttpResponse(
              new ReadableStream<Uint8Array>({
                start(controller) {
                  for (const piece of pieces) controller.enqueue(encoder.encode(piece));
                  controller.close();
                },
              }),
              { status: 500, headers: { 'content-type': 'application/json' } },
            ),
        ),
      );
      const response = await proxyFor()(browserRequest('/quota'));
      expect(response.status).toBe(500);
      expect(await response.text()).toBe(pieces.join('').replace(SERVER_KEY, '[redacted]'));
    });

    it.each([
      ['whole (Content-Length)', true],
      ['streamed', false],
    ])(
      'D48, D91: a key under 8 characters is left alone, and redacting never makes JSON invalid, in an answer read %s',
      async (_, sized) => {
        const answer = (text: string) => async () => {
          const bytes = new TextEncoder().encode(text);
          const body = sized
            ? bytes
            : new ReadableStream<Uint8Array>({
                start(controller) {
                  // One byte at a time: every split of the key is tried.
                  for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
                  controller.close();
                },
              });
          return new Response(body, {
            status: 200,
            headers: sized ? { 'content-type': 'application/json', 'content-length': String(bytes.length) } : {},
          });
        };
        const quota = '{"limit":1000,"consumed":12,"remaining":988}';
        for (const apiKey of ['1', '12', '0', 'e', 'abcdefg']) {
          const response = await createFlightSearchProxy({ apiKey, baseUrl: BASE, fetch: answer(quota) })(
            browserRequest('/quota'),
          );
          expect(await response.text()).toBe(quota);
        }
        // A key of digits can stand inside a number: its mask is digits too, so the answer stays JSON.
        for (const apiKey of ['12345678', '99999999', '1.5e+100', '-0012345']) {
          const echoed = `{"n":${apiKey.replace(/^-0+/, '-')},"m":[1${apiKey.replace(/^[-+]/, '')}0],"s":"${apiKey}","k":"${apiKey}${apiKey}"}`;
          const response = await createFlightSearchProxy({ apiKey, baseUrl: BASE, fetch: answer(echoed) })(
            browserRequest('/quota'),
          );
          const text = await response.text();
          expect(() => JSON.parse(text)).not.toThrow();
          expect(text).not.toContain(apiKey);
        }
        const key = 'sk-live-0123456789';
        const response = await createFlightSearchProxy({
          apiKey: key,
          baseUrl: BASE,
          fetch: answer(`{"error":"no key ${key}"}`),
        })(browserRequest('/quota'));
        expect(await response.json()).toEqual({ error: 'no key [redacted]' });
      },
    );

    it('answers a service slower than timeoutMs with a 504 and aborts the forwarded request', async () => {
      const mock = service.mock();
      mock.setProgramBehavior('PROGRAM_1', { hang: true });
      const response = await proxyFor({ timeoutMs: 150 })(browserRequest('/flights/search', { body: searchBody() }));
      expect(response.status).toBe(504);
      const error = await envelope(response);
      expect(error).toEqual({
        code: 'PROXY_GATEWAY_TIMEOUT',
        message: 'The flight search service did not answer within 150 ms.',
      });
      await waitFor(() => mock.requests()[0]?.aborted === true, 'the mock to record the forwarded search as aborted');
    });
  });

  it('PROVIDER-1: an aborted browser request aborts the forwarded one; the mock records it aborted', async () => {
    const mock = service.mock();
    mock.setProgramBehavior('PROGRAM_1', { hang: true });
    const browser = new AbortController();
    const pending = proxyFor()(browserRequest('/flights/search', { body: searchBody(), signal: browser.signal }));
    await waitFor(() => mock.requests().length === 1, 'the search to reach the mock');
    expect(mock.requests()[0]!.aborted).toBe(false);
    browser.abort();
    const response = await pending;
    expect(response.status).toBe(499);
    await waitFor(() => mock.requests()[0]?.aborted === true, 'the mock to record the forwarded search as aborted');
  });
});
