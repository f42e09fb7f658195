import { describe, expect, it } from 'vitest';
import { KEY, startTestServer } from './helpers.js';

const preflight = (url: string, origin: string) =>
  fetch(`${url}/flights/search`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-api-key, content-type, x-trace-id',
    },
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
    const response = await fetch(`${server.url}/quota`, {
      headers: { origin: 'http://app.example', 'x-api-key': KEY },
    });
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

describe('CORS is the mock’s, not the service’s (issue 39 item 8, D187)', () => {
  it('openapi.yaml declares no Access-Control header on any answer and says so; the contract proxy passes the mock’s CORS answers unreported', async () => {
    const { readFileSync } = await import('node:fs');
    const { parse } = await import('yaml');
    const text = readFileSync(new URL('../../../../openapi.yaml', import.meta.url), 'utf8');
    const document = parse(text) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    const declared = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        Object.values(operation.responses ?? {}).flatMap((answer) => Object.keys(answer.headers ?? {})),
      ),
    );
    expect(declared.filter((name) => /^access-control-/i.test(name))).toEqual([]);
    expect(text).toContain('## CORS');
    const { startContractProxy } = await import('../../src/contract-proxy/server.js');
    const server = await startTestServer();
    const seen: unknown[] = [];
    const proxy = await startContractProxy({ target: server.url, onViolation: (violation) => seen.push(violation) });
    try {
      const answer = await fetch(`${proxy.url}/quota`, { headers: { origin: 'http://app.example', 'x-api-key': KEY } });
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(seen).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
