// The proxy mounted on node:http through toNodeHandler, in front of the mock's standalone server.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../../mock-server/src/node/index.js';
import { createFlightSearchProxy } from '../../src/proxy/index.js';
import { toNodeHandler } from '../../src/proxy/node.js';
import {
  BROWSER_KEY,
  browserHeaders,
  historyQuery,
  keys,
  MiB,
  PREFIX,
  searchBody,
  serveOverNode,
  SERVER_KEY,
  waitFor,
} from './support.js';

const running: MockServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** The mock, and the proxy in front of it on its own node:http server. */
async function setup(options: { timeoutMs?: number } = {}) {
  const service = await startMockServer({ port: 0, log: false, keys: keys(), shutdownTimeoutMs: 100 });
  running.push(service);
  const app = await serveOverNode(createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: service.url, ...options }));
  return { service, app: app.url };
}

const post = (url: string, body: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${url}${PREFIX}/flights/search`, {
    method: 'POST',
    headers: { ...browserHeaders, 'content-type': 'application/json', ...headers },
    body,
    signal,
  });

describe('toNodeHandler: the proxy over node:http', () => {
  it("serves the three operations with the service's status, body and Content-Type, charging the server key only", async () => {
    const { service, app } = await setup();
    const search = await post(app, JSON.stringify(searchBody({ responseFormat: 'PARSED' })));
    expect(search.status).toBe(200);
    expect(search.headers.get('content-type')).toBe('application/vnd.service.v1+json');
    const found = (await search.json()) as { results: { airline: string; success: boolean }[]; summary: unknown };
    expect(found.results).toMatchObject([{ airline: 'PROGRAM_1', success: true }]);

    const history = await fetch(`${app}${PREFIX}/intelligence/flights/history${historyQuery}`, {
      headers: browserHeaders,
    });
    expect(history.status).toBe(200);
    const records = (await history.json()) as { total: number; lookbackDays: number };
    expect(records.lookbackDays).toBe(30);
    expect(records.total).toBeGreaterThan(0);

    const quota = await fetch(`${app}${PREFIX}/quota`, { headers: browserHeaders });
    expect(await quota.json()).toMatchObject({ limit: 100, consumed: 1, remaining: 99 });
    expect(service.mock.requests().map((r) => r.path)).toEqual([
      '/flights/search',
      '/intelligence/flights/history',
      '/quota',
    ]);
    for (const recorded of service.mock.requests()) expect(recorded.headers.cookie).toBeUndefined();
    expect(
      (await (await fetch(`${service.url}/quota`, { headers: { 'x-api-key': BROWSER_KEY } })).json()) as object,
    ).toMatchObject({ consumed: 0 });
  });

  it("passes the service's error envelope through (a 422 with every issue)", async () => {
    const { app } = await setup();
    const response = await post(app, JSON.stringify(searchBody({ origin: 'JFK', passengers: { adults: 0 } })));
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; details: { errors: { field: string }[] } } };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.errors.map((issue) => issue.field).sort()).toEqual([
      'body.destination',
      'body.passengers.adults',
    ]);
  });

  it("answers a path outside the three with the proxy's 404 and keeps the connection alive", async () => {
    const { service, app } = await setup();
    const response = await fetch(`${app}${PREFIX}/flights/search`, { headers: browserHeaders });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PROXY_NOT_FOUND');
    expect(response.headers.get('connection')).not.toBe('close');
    expect(service.mock.requests()).toHaveLength(0);
  });

  it('answers a 2 MiB body with 413 and Connection: close, forwards nothing and keeps serving', async () => {
    const { service, app } = await setup();
    const response = await post(app, JSON.stringify({ ...searchBody(), padding: 'x'.repeat(2 * MiB) }));
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(service.mock.requests()).toHaveLength(0);
    expect((await fetch(`${app}${PREFIX}/quota`)).status).toBe(200);
  });

  it('cuts off a chunked 2 MiB body without Content-Length', async () => {
    const { service, app } = await setup();
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent >= 2 * MiB) controller.close();
      },
    });
    const response = await fetch(`${app}${PREFIX}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(service.mock.requests()).toHaveLength(0);
  });

  it('PROVIDER-1: a client that disconnects aborts the forwarded search; the mock records it aborted', async () => {
    const { service, app } = await setup();
    service.mock.setProgramBehavior('PROGRAM_1', { hang: true });
    const client = new AbortController();
    const pending = post(app, JSON.stringify(searchBody()), {}, client.signal);
    await waitFor(() => service.mock.requests().length === 1, 'the search to reach the mock');
    client.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await waitFor(
      () => service.mock.requests()[0]?.aborted === true,
      'the mock to record the forwarded search as aborted',
    );
  });

  it('aborts the forwarded search when the socket goes away mid-body wait, on a raw connection', async () => {
    const { service, app } = await setup();
    service.mock.setProgramBehavior('PROGRAM_1', { hang: true });
    const { port } = new URL(app);
    const body = JSON.stringify(searchBody());
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${PREFIX}/flights/search HTTP/1.1\r\nHost: app\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await waitFor(() => service.mock.requests().length === 1, 'the search to reach the mock');
    socket.destroy();
    await waitFor(
      () => service.mock.requests()[0]?.aborted === true,
      'the mock to record the forwarded search as aborted',
    );
  });

  it.each([
    ['a small declared body (read before the handler)', 500],
    ['a large declared body (streamed to the handler)', 200_000],
  ])('forwards nothing when the client goes away in the middle of %s, and keeps serving', async (_, length) => {
    const service = await startMockServer({ port: 0, log: false, keys: keys(), shutdownTimeoutMs: 100 });
    running.push(service);
    const proxy = createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: service.url });
    const answered: number[] = [];
    const { url: app } = await serveOverNode(async (request) => {
      const response = await proxy(request);
      answered.push(response.status);
      return response;
    });
    const { port } = new URL(app);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${PREFIX}/flights/search HTTP/1.1\r\nHost: app\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n{"airlineLoyalty":`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    // A small body is read by the adapter, which drops the request; a streamed one reaches the proxy, which answers 499.
    if (length > 64 * 1024) await waitFor(() => answered.length === 1, 'the proxy to give up on the body');
    else await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toEqual(length > 64 * 1024 ? [499] : []);
    expect(service.mock.requests()).toHaveLength(0);
    expect((await fetch(`${app}${PREFIX}/quota`)).status).toBe(200);
  });

  it('answers a service that is down with a 502 naming no address', async () => {
    const { service, app } = await setup();
    await service.close();
    running.splice(0);
    const response = await fetch(`${app}${PREFIX}/quota`);
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).not.toContain(new URL(service.url).port);
    expect(JSON.parse(text).error.code).toBe('PROXY_BAD_GATEWAY');
  });

  it("reads the full path from Express's originalUrl, so a router mounted under the prefix works", async () => {
    const { service } = await setup();
    const handler = toNodeHandler(createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: service.url }));
    const app = await serveOverNode(async () => new Response('unused'));
    // What Express does in app.use('/api/flight-search', handler): req.url loses the mount path, originalUrl keeps it.
    app.server.removeAllListeners('request');
    app.server.on('request', (req, res) => {
      (req as typeof req & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url!.slice(PREFIX.length);
      void handler(req, res);
    });
    const response = await fetch(`${app.url}${PREFIX}/quota`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ limit: 100 });
  });

  it("answers a handler that throws with a 500 naming nothing of the error, or hands the error to Express's next", async () => {
    const failing = async (): Promise<Response> => {
      throw new Error(`secret detail ${SERVER_KEY}`);
    };
    const plain = await serveOverNode(failing);
    const response = await fetch(`${plain.url}/x`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'PROXY_INTERNAL_ERROR', message: 'The proxy failed to handle the request.' },
    });
    expect(text).not.toContain('secret');

    const handler = toNodeHandler(failing);
    const nexted: unknown[] = [];
    plain.server.removeAllListeners('request');
    plain.server.on(
      'request',
      (req, res) =>
        void handler(req, res, (error) => {
          nexted.push(error);
          res.writeHead(418).end();
        }),
    );
    expect((await fetch(`${plain.url}/x`)).status).toBe(418);
    expect(nexted).toHaveLength(1);
    expect((nexted[0] as Error).message).toContain('secret detail');
  });

  it('writes a streamed answer with backpressure, every byte in order', async () => {
    const size = 8 * MiB;
    const app = await serveOverNode(async () => {
      let sent = 0;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            const chunk = new Uint8Array(256 * 1024).fill((sent / (256 * 1024)) % 251);
            sent += chunk.byteLength;
            controller.enqueue(chunk);
            if (sent >= size) controller.close();
          },
        }),
        { headers: { 'content-type': 'application/octet-stream' } },
      );
    });
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      httpRequest(`${app.url}/x`, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      }).end();
    });
    expect(bytes.length).toBe(size);
    expect(bytes[0]).toBe(0);
    expect(bytes[size - 1]).toBe((size / (256 * 1024) - 1) % 251);
  });

  it('D92: answers TRACE, a method a Request refuses, with 405 and Allow, on node:http and under Express, and keeps serving', async () => {
    const { app } = await setup();
    const send = (url: string, method: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = httpRequest(`${url}${PREFIX}/quota`, { method, agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
    // (Node's own parser answers 400 to TRACK and other unknown methods before any listener.)
    const answer = await send(app, 'TRACE');
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'PROXY_METHOD_NOT_ALLOWED', message: 'The method TRACE cannot be served here.' },
    });
    expect((await fetch(`${app}${PREFIX}/quota`, { headers: browserHeaders })).status).toBe(200);

    // Under Express the adapter answers it too: next() is for a handler's failure, and this one never ran.
    const handler = toNodeHandler(async () => new Response('ran'));
    const express = await serveOverNode(async () => new Response('unused'));
    const nexted: unknown[] = [];
    express.server.removeAllListeners('request');
    express.server.on('request', (req, res) => void handler(req, res, (error) => void nexted.push(error)));
    expect((await send(express.url, 'TRACE')).status).toBe(405);
    expect(nexted).toEqual([]);
  });

  it('refuses something that is not a handler with a TypeError', () => {
    expect(() => toNodeHandler('proxy' as never)).toThrow(
      new TypeError(
        'toNodeHandler: expected a Fetch handler, (request: Request) => Promise<Response>, received string.',
      ),
    );
  });
});
