import { describe, expect, it } from 'vitest';
import { KEY, searchBody, startTestServer, UUID } from './helpers.js';

const MiB = 1024 * 1024;

async function expect413(response: Response, limit: number) {
  expect(response.status).toBe(413);
  const body = (await response.json()) as { error: { code: string; message: string; correlationId: string } };
  expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  expect(body.error.message).toContain(String(limit));
  expect(body.error.correlationId).toMatch(UUID);
}

describe('the request body limit', () => {
  it.each([
    ['the versioned type', 'application/vnd.service.v1+json', 'application/vnd.service.v1+json'],
    ['plain JSON', 'application/json', 'application/json'],
    ['no Accept', undefined, 'application/vnd.service.v1+json'],
    ['nothing served (the 406 fallback)', 'text/html', 'application/json'],
  ])('NEG-1, D108: the 413 follows negotiation as every other error does, for %s', async (_name, accept, expected) => {
    const server = await startTestServer({ bodyLimit: 1024 });
    const response = await fetch(`${server.url}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY, ...(accept === undefined ? {} : { accept }) },
      body: JSON.stringify({ ...searchBody(), padding: 'x'.repeat(2048) }),
    });
    await expect413(response, 1024);
    expect(response.headers.get('content-type')).toBe(expected);
  });

  it('answers a body over 1 MiB with a 413 PAYLOAD_TOO_LARGE envelope, spends nothing and keeps serving', async () => {
    const server = await startTestServer();
    const big = JSON.stringify({ ...searchBody(), padding: 'x'.repeat(MiB) });
    const response = await fetch(`${server.url}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: big,
    });
    await expect413(response, MiB);
    expect(response.headers.get('connection')).toBe('close');
    expect(server.mock.requests()).toHaveLength(0);

    const after = await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } });
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ consumed: 0 });
  });

  it('cuts off a chunked body without Content-Length once it passes the limit', async () => {
    const server = await startTestServer({ bodyLimit: 64 * 1024 });
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expect413(response, 64 * 1024);
    expect((await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
  });

  it('accepts a body exactly at the limit', async () => {
    const body = JSON.stringify(searchBody());
    const server = await startTestServer({ bodyLimit: Buffer.byteLength(body) });
    const response = await fetch(`${server.url}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body,
    });
    expect(response.status).toBe(200);
  });
});
