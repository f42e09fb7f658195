import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

const EVIL = 'http://evil.example';
const APP = 'http://app.example:5173';

/** One request with exactly these headers (fetch would not let a test set Host). */
function raw(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const hostOf = (url: string) => new URL(url).host;
const errorCode = (body: string) => (JSON.parse(body) as { error: { code: string; message: string } }).error;

describe('the control API refuses other websites (--control-origin, --allowed-host)', () => {
  it('refuses a POST /__mock/reset carrying another origin with a 403 envelope, without CORS headers, and does not reset', async () => {
    const server = await startTestServer({ control: true });
    await postSearch(server.url, searchBody());
    const refused = await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { origin: EVIL } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const error = (await refused.json()) as { error: { code: string; message: string; correlationId: string } };
    expect(error.error.code).toBe('FORBIDDEN');
    expect(error.error.message).toContain(EVIL);
    expect(error.error.message).toContain('--control-origin');
    expect(server.mock.requests()).toHaveLength(1);
    expect(await (await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).json()).toMatchObject({
      consumed: 1,
    });
  });

  it('refuses the preflight of PUT /__mock/keys/... from another origin, and the PUT itself', async () => {
    const server = await startTestServer({ control: true });
    const preflight = await fetch(`${server.url}/__mock/keys/new-key`, {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    const put = await fetch(`${server.url}/__mock/keys/new-key`, {
      method: 'PUT',
      headers: { origin: EVIL },
      body: '{"limit":5}',
    });
    expect(put.status).toBe(403);
    expect((await fetch(`${server.url}/quota`, { headers: { 'x-api-key': 'new-key' } })).status).toBe(404);
  });

  it('does not let another origin read GET /__mock/requests', async () => {
    const server = await startTestServer({ control: true });
    await postSearch(server.url, searchBody());
    const read = await fetch(`${server.url}/__mock/requests`, { headers: { origin: EVIL } });
    expect(read.status).toBe(403);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(await read.text()).not.toContain('/flights/search');
  });

  it('serves an origin given in controlOrigins, echoing it (never *), preflight included', async () => {
    const server = await startTestServer({ control: true, controlOrigins: [APP] });
    const preflight = await fetch(`${server.url}/__mock/keys/new-key`, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const put = await fetch(`${server.url}/__mock/keys/new-key`, {
      method: 'PUT',
      headers: { origin: APP },
      body: '{"limit":5}',
    });
    expect(put.status).toBe(204);
    expect(put.headers.get('access-control-allow-origin')).toBe(APP);
    expect(put.headers.get('vary')).toBe('Origin');
    const read = await fetch(`${server.url}/__mock/requests`, { headers: { origin: APP } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(APP);
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { origin: EVIL } })).status).toBe(403);
  });

  it('keeps CORS for any origin on the service routes', async () => {
    const server = await startTestServer({ control: true });
    const quota = await fetch(`${server.url}/quota`, { headers: { origin: EVIL, 'x-api-key': KEY } });
    expect(quota.status).toBe(200);
    expect(quota.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${server.url}/flights/search`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("refuses a control request whose Host is not the server's own (DNS rebinding), and does not run it", async () => {
    const server = await startTestServer({ control: true });
    await postSearch(server.url, searchBody());
    const port = new URL(server.url).port;
    const rebound = await raw(server.url, 'POST', '/__mock/reset', { host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(errorCode(rebound.body).code).toBe('FORBIDDEN');
    expect(errorCode(rebound.body).message).toContain('--allowed-host');
    const read = await raw(server.url, 'GET', '/__mock/requests', { host: `evil.example:${port}` });
    expect(read.status).toBe(403);
    expect(server.mock.requests()).toHaveLength(1);
    // The same name on another port is not this server either.
    expect((await raw(server.url, 'GET', '/__mock/requests', { host: 'localhost:1' })).status).toBe(403);
    // The service routes answer whatever the Host (D28).
    expect((await raw(server.url, 'GET', '/quota', { host: `evil.example:${port}`, 'x-api-key': KEY })).status).toBe(
      200,
    );
  });

  it.each(['localhost', '127.0.0.1', '[::1]', 'LOCALHOST'])(
    "accepts the Host %s with the server's port by default",
    async (name) => {
      const server = await startTestServer({ control: true });
      const port = new URL(server.url).port;
      expect((await raw(server.url, 'GET', '/__mock/requests', { host: `${name}:${port}` })).status).toBe(200);
    },
  );

  it("accepts the names given in allowedHosts, with the server's port or the port given", async () => {
    const server = await startTestServer({ control: true, allowedHosts: ['mock', 'localhost:8080'] });
    const port = new URL(server.url).port;
    expect((await raw(server.url, 'GET', '/__mock/requests', { host: `mock:${port}` })).status).toBe(200);
    expect((await raw(server.url, 'GET', '/__mock/requests', { host: 'localhost:8080' })).status).toBe(200);
    expect((await raw(server.url, 'GET', '/__mock/requests', { host: 'mock:8080' })).status).toBe(403);
    expect(hostOf(server.url)).toBe(`127.0.0.1:${port}`);
  });

  it('rejects controlOrigins and allowedHosts that are not an origin or a host name, naming the option', async () => {
    await expect(startTestServer({ control: true, controlOrigins: ['http://app.example/path'] })).rejects.toThrow(
      /controlOrigins.*http:\/\/app\.example\/path/,
    );
    await expect(startTestServer({ control: true, controlOrigins: ['*'] })).rejects.toThrow(/controlOrigins/);
    await expect(startTestServer({ control: true, allowedHosts: ['http://mock'] })).rejects.toThrow(/allowedHosts/);
    await expect(startTestServer({ control: true, allowedHosts: ['mock:99999'] })).rejects.toThrow(/allowedHosts/);
  });
});
