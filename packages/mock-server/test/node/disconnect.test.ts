import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { KEY, postSearch, searchBody, startTestServer, waitFor } from './helpers.js';

describe('a client that disconnects mid-request', () => {
  it('PROVIDER-1: aborting during the provider wait records the request as aborted, logs it without a status, and the server keeps serving', async () => {
    const server = await startTestServer();
    server.mock.setProgramBehavior('PROGRAM_1', { latencyMs: 10_000 });
    const controller = new AbortController();
    const pending = postSearch(server.url, searchBody('PROGRAM_1'), { signal: controller.signal });
    await waitFor(() => server.mock.requests().length === 1, 'the search to reach the mock');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    await waitFor(() => server.mock.requests()[0]?.aborted === true, 'the mock to record the abort');
    await waitFor(() => server.logs.length === 1, 'the log line');
    expect(server.logs[0]).toMatchObject({ method: 'POST', path: '/flights/search', status: null });

    const quota = await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } });
    expect(quota.status).toBe(200);
  });

  it('survives a socket that sends half a body and goes away', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /flights/search HTTP/1.1\r\nHost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"airlineLoyalty":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
      socket.on('error', reject);
    });
    await waitFor(() => server.logs.length === 1, 'the log line of the cut request');
    expect(server.logs[0]?.status).toBeNull();
    expect(server.mock.requests()).toHaveLength(0);
    expect((await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
  });
});
