import { describe, expect, it } from 'vitest';
import { KEY, startTestServer } from './helpers.js';

const preflight = (url: string, origin: string) =>
  fetch(`${url}/flights/search`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, content-type, x-trace-id' },
  });

describe('CORS for browser clients', () => {
  it('answers a preflight with 204 and allows the SDK headers, the requested extra header and the methods', async () => {
    const server = await startTestServer();
    const response = await preflight(server.url, 'http://app.example');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = response.headers.get('access-control-allow-headers')?.split(', ') ?? [];
    expect(allowed).toEqual(expect.arrayContaining(['x-api-key', 'content-type', 'accept', 'x-trace-id']));
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(server.mock.requests()).toHaveLength(0);
  });

  it('puts the allow-origin header on real answers and exposes Retry-After', async () => {
    const server = await startTestServer();
    const response = await fetch(`${server.url}/quota`, { headers: { origin: 'http://app.example', 'x-api-key': KEY } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('with a list of origins, echoes an allowed origin and sends no CORS headers to any other', async () => {
    const server = await startTestServer({ cors: { origins: ['http://allowed.example'] } });
    const allowed = await preflight(server.url, 'http://allowed.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://allowed.example');
    expect(allowed.headers.get('vary')).toBe('Origin');

    const denied = await preflight(server.url, 'http://evil.example');
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    expect(denied.headers.get('access-control-allow-headers')).toBeNull();

    const answer = await fetch(`${server.url}/quota`, { headers: { origin: 'http://evil.example', 'x-api-key': KEY } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends no CORS headers at all with cors: false', async () => {
    const server = await startTestServer({ cors: false });
    const response = await preflight(server.url, 'http://app.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
