import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockRequest } from '../../src/answer-types.js';
import { createMockCore } from '../../src/core.js';
import { createFlightSearchMock, type RecordedRequest } from '../../src/index.js';
import { createHandlers } from '../../src/msw.js';
import { KEY, searchBody, startTestServer } from './helpers.js';

const NOW = Date.parse('2026-11-20T15:30:00Z');
const now = () => NOW;
const history =
  '/intelligence/flights/history?origin=GRU&destination=NYC&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&airlineLoyalty=PROGRAM_4&lookbackDays=30';

/** The same request to the standalone server, to a twin mock's msw handlers, and to a third twin's `handle`. */
interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const json = { 'content-type': 'application/json', 'x-api-key': KEY };
const cases: Case[] = [
  { name: 'quota', path: '/quota', headers: { 'x-api-key': KEY } },
  {
    name: 'RAW search',
    method: 'POST',
    path: '/flights/search',
    headers: json,
    body: JSON.stringify(searchBody('PROGRAM_1')),
  },
  {
    name: 'PARSED round trip',
    method: 'POST',
    path: '/flights/search',
    headers: json,
    body: JSON.stringify(
      searchBody('PROGRAM_7', { tripType: 'ROUND_TRIP', returnDate: '2026-12-22', responseFormat: 'PARSED' }),
    ),
  },
  {
    name: 'CASH search',
    method: 'POST',
    path: '/flights/search',
    headers: json,
    body: JSON.stringify(searchBody('PROGRAM_8', { priceType: 'CASH', destination: 'LIS' })),
  },
  { name: 'history after the searches', path: history, headers: { 'x-api-key': KEY, accept: 'application/json' } },
  { name: '406', path: '/quota', headers: { 'x-api-key': KEY, accept: 'text/html' } },
  { name: '422 invalid body', method: 'POST', path: '/flights/search', headers: json, body: '{"origin":"G"}' },
  {
    name: '422 not JSON',
    method: 'POST',
    path: '/flights/search',
    headers: { 'x-api-key': KEY, 'content-type': 'text/plain' },
    body: '{}',
  },
  { name: '401', path: '/quota' },
  { name: '404 unknown key', path: '/quota', headers: { 'x-api-key': 'nobody' } },
];

/** The origin the msw twin answers under: requests to the standalone server (127.0.0.1) pass msw by. */
const MSW_BASE = 'https://api.one-entry.test';
const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

/** Error envelopes carry a fresh correlationId per answer. */
const comparable = (text: string) => text.replace(/"correlationId":"[^"]+"/g, '"correlationId":"*"');

/** Sends raw HTTP/1.1 bytes and returns the status line, the head and the body. */
function rawRequest(url: string, head: string[], body = ''): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `${head.join('\r\n')}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), head: text.slice(0, split), body: text.slice(split + 4) });
    });
  });
}

describe('one entry into the rules: the standalone server, the msw handlers and mock.handle all answer through mock.answer', () => {
  it('gives the same status, content type and body over HTTP, through the msw handlers and through mock.handle, request by request', async () => {
    const server = await startTestServer({ now, seed: 9 });
    const overMsw = createFlightSearchMock({ now, seed: 9, baseUrl: MSW_BASE });
    msw.use(...overMsw.handlers);
    const direct = createFlightSearchMock({ now, seed: 9 });
    for (const c of cases) {
      const init = {
        method: c.method ?? 'GET',
        headers: c.headers ?? {},
        ...(c.body !== undefined && { body: c.body }),
      };
      const overHttp = await fetch(`${server.url}${c.path}`, init);
      const throughMsw = await fetch(`${MSW_BASE}${c.path}`, init);
      const handled = await direct.handle(new Request(`http://127.0.0.1${c.path}`, init));
      if (handled === null) throw new Error(`${c.name}: mock.handle did not answer`);
      const expected = comparable(await handled.text());
      for (const [via, answer] of [
        ['HTTP', overHttp],
        ['msw', throughMsw],
      ] as const) {
        expect(answer.status, `${c.name} (${via})`).toBe(handled.status);
        expect(answer.headers.get('content-type'), `${c.name} (${via})`).toBe(handled.headers.get('content-type'));
        expect(comparable(await answer.text()), `${c.name} (${via})`).toBe(expected);
      }
    }
    // fetch adds its own headers over HTTP (host, connection, user-agent...); compare what the rules recorded.
    const recorded = (list: RecordedRequest[]) =>
      list.map((entry) => [entry.method, entry.path, entry.query, entry.body, entry.status, entry.aborted]);
    expect(recorded(server.mock.requests())).toEqual(recorded(direct.requests()));
    expect(recorded(overMsw.requests())).toEqual(recorded(direct.requests()));
  });

  it("the server hands each request to the mock's answer, as a plain request read from the socket (no Fetch Request), and writes what it gives", async () => {
    const inner = createMockCore({ now, seed: 9 });
    const answer = vi.fn((request: MockRequest) => inner.answer(request));
    // Only the functions the server requires: no `handle`, so nothing else could answer.
    const served = {
      answer,
      reset: inner.reset,
      setProgramBehavior: inner.setProgramBehavior,
      setKey: inner.setKey,
      requests: inner.requests,
    };
    const server = await startTestServer({ mock: served });
    const quota = await fetch(`${server.url}/quota?x=1`, { headers: { 'x-api-key': KEY } });
    expect(quota.status).toBe(200);
    expect(await quota.json()).toMatchObject({ limit: 1000, consumed: 0 });
    expect(answer).toHaveBeenCalledTimes(1);
    const [request] = answer.mock.calls[0]!;
    expect(request).not.toBeInstanceOf(Request);
    expect(request).toMatchObject({ method: 'GET', url: `${server.url}/quota?x=1` });
    expect(request.headers.get('x-api-key')).toBe(KEY);
    // What the entry finds is not the service's (`null`) is the server's 404 envelope.
    const missing = await fetch(`${server.url}/elsewhere`, { headers: { 'x-api-key': KEY } });
    expect(answer).toHaveBeenCalledTimes(2);
    expect(await answer.mock.results[1]!.value).toBeNull();
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { code: 'HTTP_ERROR', message: 'No route for GET /elsewhere.' },
    });
  });

  it('refuses to serve an object without answer (a Fetch handle alone is not enough), naming what a served mock must have', async () => {
    const inner = createFlightSearchMock();
    const handleOnly = {
      handle: inner.handle,
      reset: inner.reset,
      setProgramBehavior: inner.setProgramBehavior,
      setKey: inner.setKey,
      requests: inner.requests,
    };
    await expect(startTestServer({ mock: handleOnly as never })).rejects.toThrow(
      'startMockServer: option "mock" must be a mock from createFlightSearchMock (with answer, reset, setProgramBehavior, setKey, requests).',
    );
  });

  it('the msw handlers hand each request to the entry they were made over, and answer with what it gives', async () => {
    const inner = createMockCore({ now, seed: 9 });
    const answer = vi.fn((request: MockRequest) => inner.answer(request));
    msw.use(...createHandlers(answer, [MSW_BASE]));
    const quota = await fetch(`${MSW_BASE}/quota`, { headers: { 'x-api-key': KEY } });
    expect(quota.status).toBe(200);
    expect(await quota.json()).toMatchObject({ limit: 1000, consumed: 0 });
    expect(answer).toHaveBeenCalledTimes(1);
    expect(answer.mock.calls[0]![0]).toMatchObject({ method: 'GET', url: `${MSW_BASE}/quota` });
    expect(inner.requests()).toMatchObject([{ method: 'GET', path: '/quota', status: 200 }]);
    // `null` passes the request on to msw's other handlers.
    msw.resetHandlers();
    msw.use(http.get(`${MSW_BASE}/quota`, () => new Response('someone else', { status: 299 })));
    msw.use(...createHandlers(answer, [MSW_BASE]));
    answer.mockResolvedValueOnce(null);
    const passed = await fetch(`${MSW_BASE}/quota`, { headers: { 'x-api-key': KEY } });
    expect(answer).toHaveBeenCalledTimes(2);
    expect(passed.status).toBe(299);
    expect(await passed.text()).toBe('someone else');
  });

  it('mock.answer is a documented method of every mock, its own enumerable member (no hidden channel)', () => {
    const mock = createFlightSearchMock();
    expect(Object.keys(mock)).toContain('answer');
    expect(Object.getOwnPropertySymbols(mock)).toEqual([]);
    expect(Object.getOwnPropertySymbols(createMockCore())).toEqual([]);
  });

  it('HISTORY-6: writes a history answer of many 64 KB groups of pieces whole, byte for byte what the Fetch entry streams, with its Content-Length (HEAD too)', async () => {
    const server = await startTestServer({ now, seed: 9, latency: 'none' });
    const twin = createFlightSearchMock({ now, seed: 9, latency: 'none' });
    const programs = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'] as const;
    for (let i = 0; i < 160; i++) {
      const day = String(1 + (Math.floor(i / 4) % 28)).padStart(2, '0');
      const init = {
        method: 'POST',
        headers: json,
        body: JSON.stringify(
          searchBody(programs[i % 4], {
            destination: 'JFK',
            departureDate: `2026-12-${day}`,
            responseFormat: 'PARSED',
          }),
        ),
      };
      expect((await fetch(`${server.url}/flights/search`, init)).status).toBe(200);
      expect((await twin.handle(new Request('http://127.0.0.1/flights/search', init)))?.status).toBe(200);
    }
    const path = `/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&lookbackDays=30&${programs.map((p) => `airlineLoyalty=${p}`).join('&')}`;
    const overHttp = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': KEY } });
    const direct = await twin.handle(new Request(`http://127.0.0.1${path}`, { headers: { 'x-api-key': KEY } }));
    const bytes = Buffer.from(await overHttp.arrayBuffer());
    const expected = Buffer.from(await direct!.arrayBuffer());
    expect(overHttp.status).toBe(200);
    expect(expected.length).toBeGreaterThan(3 * 64 * 1024);
    expect(Buffer.compare(bytes, expected)).toBe(0);
    expect(overHttp.headers.get('content-length')).toBe(String(expected.length));
    const head = await fetch(`${server.url}${path}`, { method: 'HEAD', headers: { 'x-api-key': KEY } });
    expect(head.headers.get('content-length')).toBe(String(expected.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  }, 60_000);

  it('reads a repeated header as Fetch does: values joined by ", " (two content types are not JSON, SEARCH-10)', async () => {
    const server = await startTestServer();
    const body = JSON.stringify(searchBody());
    const twice = await rawRequest(
      server.url,
      [
        'POST /flights/search HTTP/1.1',
        'host: x',
        `x-api-key: ${KEY}`,
        'content-type: application/json',
        'Content-Type: text/plain',
      ],
      body,
    );
    expect(twice.status).toBe(422);
    expect(twice.body).toContain('SEARCH-10');
    const once = await rawRequest(
      server.url,
      ['POST /flights/search HTTP/1.1', 'host: x', `X-Api-Key: ${KEY}`, 'CONTENT-TYPE: application/json'],
      body,
    );
    expect(once.status).toBe(200);
    const twoKeys = await rawRequest(server.url, [
      'GET /quota HTTP/1.1',
      'host: x',
      `x-api-key: ${KEY}`,
      `x-api-key: ${KEY}`,
    ]);
    expect(twoKeys.status).toBe(404);
  });

  it('decodes the body as Fetch text() does: a leading byte order mark is dropped', async () => {
    const server = await startTestServer();
    const answer = await rawRequest(
      server.url,
      ['POST /flights/search HTTP/1.1', 'host: x', `x-api-key: ${KEY}`, 'content-type: application/json'],
      `\uFEFF${JSON.stringify(searchBody())}`,
    );
    expect(answer.status).toBe(200);
  });

  it('records headers as Fetch lists them: lower-case names in order, repeats joined, the key redacted', async () => {
    const server = await startTestServer();
    await rawRequest(server.url, [
      'GET /quota?b=2&a=1&a=3 HTTP/1.1',
      'Host: x',
      `X-API-KEY: ${KEY}`,
      'X-Trace: one',
      'x-trace: two',
      'Accept: application/json',
    ]);
    const [entry] = server.mock.requests();
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/quota',
      query: { a: ['1', '3'], b: ['2'] },
      status: 200,
      body: null,
      aborted: false,
    });
    expect(Object.keys(entry!.headers)).toEqual([...Object.keys(entry!.headers)].sort());
    expect(entry!.headers).toMatchObject({
      'x-api-key': '[redacted]',
      'x-trace': 'one, two',
      accept: 'application/json',
      host: 'x',
    });
  });
});

describe('the node entry and the CLI do not load msw', () => {
  it.each([['src/node/index.ts'], ['src/cli/main.ts']])(
    '%s imports nothing from msw (its whole module graph)',
    async (entry) => {
      const packageDir = fileURLToPath(new URL('../..', import.meta.url));
      const result = await build({
        entryPoints: [entry],
        absWorkingDir: packageDir,
        bundle: true,
        write: false,
        metafile: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        alias: { '@flight-search/sdk': fileURLToPath(new URL('../../../sdk/src/index.ts', import.meta.url)) },
        logLevel: 'silent',
      });
      const imported = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
      expect(imported.filter((path) => path === 'msw' || path.startsWith('msw/'))).toEqual([]);
      // The check can fail: the main entry does import msw.
      const main = await build({
        entryPoints: ['src/index.ts'],
        absWorkingDir: packageDir,
        bundle: true,
        write: false,
        metafile: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'silent',
        alias: { '@flight-search/sdk': fileURLToPath(new URL('../../../sdk/src/index.ts', import.meta.url)) },
      });
      expect(Object.values(main.metafile.inputs).some((input) => input.imports.some((i) => i.path === 'msw'))).toBe(
        true,
      );
    },
  );
});
