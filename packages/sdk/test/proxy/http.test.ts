// The proxy in front of the mock's standalone server over loopback HTTP (the proxy's fetch is the real one).
import { describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../../mock-server/src/node/index.js';
import { afterEach } from 'vitest';
import { createFlightSearchProxy, type FlightSearchProxyOptions } from '../../src/proxy/index.js';
import {
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
const running: MockServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function startService() {
  const server = await startMockServer({
    port: 0,
    log: false,
    control: true,
    keys: keys(),
    now: () => NOW,
    shutdownTimeoutMs: 100,
  });
  running.push(server);
  return server;
}

const proxyFor = (url: string, options: Partial<FlightSearchProxyOptions> = {}) =>
  createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: url, ...options });

/** The mock's request log read over HTTP, through its control API, as a non-JS test would. */
async function recordedOverHttp(url: string) {
  const response = await fetch(`${url}/__mock/requests`);
  return (
    (await response.json()) as { requests: { path: string; headers: Record<string, string>; aborted: boolean }[] }
  ).requests.filter((r) => !r.path.startsWith('/__mock'));
}

async function quotaOf(url: string, key: string) {
  return (await (await fetch(`${url}/quota`, { headers: { 'x-api-key': key } })).json()) as { consumed: number };
}

describe('the proxy in front of the mock over HTTP', () => {
  it.each([
    ['SEARCH: POST /flights/search', '/flights/search', searchBody({ responseFormat: 'PARSED' })],
    ['HISTORY: GET /intelligence/flights/history', `/intelligence/flights/history${historyQuery}`, undefined],
    ['QUOTA: GET /quota', '/quota', undefined],
    ['a 422 (SEARCH-5)', '/flights/search', searchBody({ destination: 'GRU' })],
  ])("forwards %s and answers the service's status, body and headers unchanged", async (_, path, body) => {
    const service = await startService();
    const viaProxy = await proxyFor(service.url)(browserRequest(path, { body }));
    const proxied = { status: viaProxy.status, headers: clientHeaders(viaProxy.headers), body: await viaProxy.text() };
    service.mock.reset();
    const viaService = await fetch(`${service.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-api-key': SERVER_KEY,
        accept: 'application/vnd.service.v1+json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const strip = (text: string) => text.replace(/"correlationId":"[^"]+"/, '"correlationId":"id"');
    expect({ ...proxied, body: strip(proxied.body) }).toEqual({
      status: viaService.status,
      headers: clientHeaders(viaService.headers),
      body: strip(await viaService.text()),
    });
    // Not the mock's CORS headers: the proxy is same-origin, and the service's CORS policy is not the app's.
    expect(viaProxy.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("D128: never forwards the mock's one-request scenario header: a browser cannot choose the service's answer through the proxy", async () => {
    const service = await startService();
    const response = await proxyFor(service.url)(
      browserRequest('/flights/search', { body: searchBody(), headers: { 'x-mock-scenario': 'status=402' } }),
    );
    expect(response.status).toBe(200);
    const [recorded] = await recordedOverHttp(service.url);
    expect(recorded!.headers['x-mock-scenario']).toBeUndefined();
    expect(service.mock.requests()[0]!.scenario).toBeUndefined();
  });

  it("AUTH-1: the browser's key never reaches the service: the mock's request log shows no browser credential, and only the server key paid", async () => {
    const service = await startService();
    const response = await proxyFor(service.url)(browserRequest('/flights/search', { body: searchBody() }));
    expect(response.status).toBe(200);
    const [recorded, ...others] = await recordedOverHttp(service.url);
    expect(others).toEqual([]);
    expect(
      Object.keys(recorded!.headers).filter((name) => ['cookie', 'authorization', 'x-forwarded-for'].includes(name)),
    ).toEqual([]);
    // Nothing the browser sent beyond Accept and Content-Type (fetch adds its own user-agent, not the browser's).
    const values = Object.values(recorded!.headers).join('\n');
    for (const sent of ['session=abc123', 'browser-token', '203.0.113.7', 'Mozilla', BROWSER_KEY])
      expect(values).not.toContain(sent);
    expect(recorded!.headers['x-api-key']).toBe('[redacted]');
    expect((await quotaOf(service.url, SERVER_KEY)).consumed).toBe(1);
    expect((await quotaOf(service.url, BROWSER_KEY)).consumed).toBe(0);
  });

  it('forwards nothing for a path outside the three operations, and nothing when authorize or beforeSearch refuses', async () => {
    const service = await startService();
    const proxy = proxyFor(service.url, {
      authorize: (request) => request.headers.get('cookie') === 'session=ok',
      beforeSearch: () => false,
    });
    expect(
      (await proxy(browserRequest('/__mock/reset', { method: 'POST', body: '{}', headers: { cookie: 'session=ok' } })))
        .status,
    ).toBe(404);
    expect((await proxy(browserRequest('/quota'))).status).toBe(401);
    expect(
      (await proxy(browserRequest('/flights/search', { body: searchBody(), headers: { cookie: 'session=ok' } })))
        .status,
    ).toBe(403);
    expect(await recordedOverHttp(service.url)).toEqual([]);
    expect((await quotaOf(service.url, SERVER_KEY)).consumed).toBe(0);
  });

  it('answers a 2 MiB body with 413 and forwards nothing', async () => {
    const service = await startService();
    const response = await proxyFor(service.url)(
      browserRequest('/flights/search', { body: { ...searchBody(), padding: 'x'.repeat(2 * MiB) } }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await recordedOverHttp(service.url)).toEqual([]);
  });

  it('answers a service that is down with a 502 whose body names no address', async () => {
    const service = await startService();
    const { url } = service;
    await service.close();
    running.splice(0);
    const response = await proxyFor(url)(browserRequest('/quota'));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'PROXY_BAD_GATEWAY', message: 'The flight search service could not be reached.' },
    });
    const { hostname, port } = new URL(url);
    for (const secret of [hostname, port, 'ECONNREFUSED', SERVER_KEY]) expect(text).not.toContain(secret);
  });

  it("PROVIDER-1: an aborted browser request aborts the forwarded one; the mock's request log shows it aborted", async () => {
    const service = await startService();
    service.mock.setProgramBehavior('PROGRAM_1', { hang: true });
    const browser = new AbortController();
    const pending = proxyFor(service.url)(
      browserRequest('/flights/search', { body: searchBody(), signal: browser.signal }),
    );
    await waitFor(() => service.mock.requests().length === 1, 'the search to reach the mock');
    browser.abort();
    expect((await pending).status).toBe(499);
    await waitFor(() => service.mock.requests()[0]?.aborted === true, 'the mock to record the search as aborted');
    const [recorded] = await recordedOverHttp(service.url);
    expect(recorded!.aborted).toBe(true);
  });

  it('answers a time-out with a 504 naming no address, and the mock sees the forwarded request go away', async () => {
    const service = await startService();
    service.mock.setProgramBehavior('PROGRAM_1', { hang: true });
    const response = await proxyFor(service.url, { timeoutMs: 200 })(
      browserRequest('/flights/search', { body: searchBody() }),
    );
    expect(response.status).toBe(504);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('PROXY_GATEWAY_TIMEOUT');
    expect(text).not.toContain('127.0.0.1');
    await waitFor(() => service.mock.requests()[0]?.aborted === true, 'the mock to record the search as aborted');
  });
});

// The prefix constant is the documented default.
it('mounts under /api/flight-search by default', () => {
  expect(PREFIX).toBe('/api/flight-search');
});
