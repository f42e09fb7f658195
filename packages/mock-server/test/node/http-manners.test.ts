import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

/** HEAD through node:http, reading what arrives on the wire after the headers. */
function head(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'HEAD', headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

const HISTORY =
  '/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=3';
type Envelope = {
  error: { code: string; message: string; details?: { errors: { field: string; type: string; message: string }[] } };
};

describe('HTTP manners of the standalone server', () => {
  it.each(['/quota', HISTORY])('HEAD %s answers with the status and headers of GET, and no body', async (path) => {
    const server = await startTestServer();
    const get = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': KEY } });
    const getBody = await get.arrayBuffer();
    const answer = await head(`${server.url}${path}`, { 'x-api-key': KEY });
    expect(answer.status).toBe(200);
    expect(answer.status).toBe(get.status);
    expect(answer.headers['content-type']).toBe(get.headers.get('content-type'));
    expect(answer.headers['content-length']).toBe(String(getBody.byteLength));
    expect(answer.bytes).toBe(0);
  });

  it('HEAD answers an error like GET too: a missing key is 401 (AUTH-1)', async () => {
    const server = await startTestServer();
    const answer = await head(`${server.url}/quota`, {});
    expect(answer.status).toBe(401);
    expect(answer.bytes).toBe(0);
  });

  it('HEAD through mock.handle answers like GET with a null body', async () => {
    const mock = createFlightSearchMock();
    const answer = await mock.handle(
      new Request('http://mock.test/quota', { method: 'HEAD', headers: { 'x-api-key': KEY } }),
    );
    expect(answer?.status).toBe(200);
    expect(answer?.body).toBeNull();
    expect(mock.requests()[0]).toMatchObject({ method: 'HEAD', path: '/quota', status: 200 });
  });

  it.each(['gzip', 'br', 'deflate, gzip', 'x-unknown'])(
    'a search with Content-Encoding %s is a 415 envelope naming it, costs nothing and accepts identity only',
    async (encoding) => {
      const server = await startTestServer();
      const response = await postSearch(server.url, searchBody(), { headers: { 'content-encoding': encoding } });
      expect(response.status).toBe(415);
      expect(response.headers.get('accept-encoding')).toBe('identity');
      const { error } = (await response.json()) as Envelope;
      expect(error.code).toBe('UNSUPPORTED_CONTENT_ENCODING');
      expect(error.message).toContain(encoding);
      expect(await (await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).json()).toMatchObject({
        consumed: 0,
      });
    },
  );

  it('a gzip-compressed search body is refused (415), not read as garbage JSON (422)', async () => {
    const server = await startTestServer();
    const response = await fetch(`${server.url}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-api-key': KEY },
      body: gzipSync(JSON.stringify(searchBody())),
    });
    expect(response.status).toBe(415);
  });

  it('Content-Encoding: identity is the body as it is', async () => {
    const server = await startTestServer();
    expect((await postSearch(server.url, searchBody(), { headers: { 'content-encoding': 'identity' } })).status).toBe(
      200,
    );
  });

  it("PUT /__mock/programs refuses latencyMs: 1e308 with a 422 naming the real bound (setTimeout's 2147483647 ms)", async () => {
    const server = await startTestServer({ control: true });
    const response = await fetch(`${server.url}/__mock/programs/PROGRAM_1`, {
      method: 'PUT',
      body: '{"latencyMs":1e308}',
    });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as Envelope;
    expect(error.details?.errors).toEqual([
      { field: 'body.latencyMs', type: 'out_of_range', message: expect.stringContaining('2147483647') },
    ]);
    const fine = await fetch(`${server.url}/__mock/programs/PROGRAM_1`, {
      method: 'PUT',
      body: '{"latencyMs":2147483647}',
    });
    expect(fine.status).toBe(204);
  });

  it('setProgramBehavior and the providerTimeoutMs and shutdownTimeoutMs options refuse a time above 2147483647 ms, naming the bound', async () => {
    const mock = createFlightSearchMock();
    expect(() => mock.setProgramBehavior('PROGRAM_1', { latencyMs: 1e308 })).toThrow(/latencyMs.*2147483647/);
    expect(() => createFlightSearchMock({ providerTimeoutMs: 1e308 })).toThrow(/providerTimeoutMs.*2147483647/);
    await expect(startTestServer({ shutdownTimeoutMs: 2 ** 31 })).rejects.toThrow(/shutdownTimeoutMs.*2147483647/);
  });
});

describe('the request log over HTTP', () => {
  it('GET /__mock/requests still answers 200 after a 20 000-deep JSON body (answered 422)', async () => {
    const server = await startTestServer({ control: true });
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const rejected = await fetch(`${server.url}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: deep,
    });
    expect(rejected.status).toBe(422);
    const shallowDeep = `${'['.repeat(1_500)}${']'.repeat(1_500)}`;
    expect(
      (
        await fetch(`${server.url}/flights/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': KEY },
          body: shallowDeep,
        })
      ).status,
    ).toBe(422);
    const listed = await fetch(`${server.url}/__mock/requests`);
    expect(listed.status).toBe(200);
    const { requests } = (await listed.json()) as {
      requests: { body: unknown; bodyTruncated?: boolean; bodySize?: number; status: number }[];
    };
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ status: 422, bodyTruncated: true, bodySize: 40_000 });
    expect(deep.startsWith(requests[0]!.body as string)).toBe(true);
    expect(requests[1]!.body).toBe(shallowDeep);
  });

  it('a body over the byte cap shows as its prefix; a server with requestLogMaxBytes keeps only what fits', async () => {
    const server = await startTestServer({ control: true, requestLogMaxBytes: 30_000 });
    const body = JSON.stringify({ ...searchBody(), pad: 'p'.repeat(200_000) });
    for (let i = 0; i < 10; i++) await postSearch(server.url, JSON.parse(body));
    const { requests } = (await (await fetch(`${server.url}/__mock/requests`)).json()) as {
      requests: { bodyTruncated?: boolean; bodySize?: number }[];
    };
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.length).toBeLessThan(8);
    expect(requests.every((r) => r.bodyTruncated === true && r.bodySize === body.length)).toBe(true);
  });
});

describe('how an answer leaves the server (issue 40)', () => {
  it.each(['RAW', 'PARSED'] as const)('a %s search answer, headers and body, leaves in one write', async (format) => {
    const server = await startTestServer({ latency: 'none' });
    const port = Number(new URL(server.url).port);
    const writes: string[] = [];
    // Every write node makes on a socket goes through _write or _writev; only the server's own sockets count.
    const count = (method: '_write' | '_writev') => {
      const original = Socket.prototype[method] as (...args: unknown[]) => unknown;
      return vi.spyOn(Socket.prototype, method).mockImplementation(function (this: Socket, ...args: unknown[]) {
        if (this.localPort === port) writes.push(method);
        return original.apply(this, args);
      });
    };
    const spies = [count('_write'), count('_writev')];
    try {
      const res = await postSearch(server.url, searchBody('PROGRAM_1', { responseFormat: format }));
      const body = await res.text();
      expect(res.status).toBe(200);
      expect(body.length).toBeGreaterThan(1000);
      expect(writes).toHaveLength(1);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
