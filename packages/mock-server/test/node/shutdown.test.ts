import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { resolveServerOptions } from '../../src/node/options.js';
import { KEY, postSearch, searchBody, startTestServer, waitFor } from './helpers.js';

describe('graceful shutdown', () => {
  it('answers every request in flight when close() is called under load, then refuses new connections', async () => {
    const server = await startTestServer({ shutdownTimeoutMs: 30_000 });
    server.mock.setProgramBehavior('PROGRAM_1', { latencyMs: 300 });
    const count = 40;
    const answers = Array.from({ length: count }, () =>
      postSearch(server.url, searchBody('PROGRAM_1')).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { results: { success: boolean }[] },
      })),
    );
    await waitFor(() => server.mock.requests().length === count, 'every search to reach the mock');

    const closed = server.close();
    expect(server.close()).toBe(closed);
    const settled = await Promise.all(answers);
    await closed;

    expect(settled.map((answer) => answer.status)).toEqual(Array(count).fill(200));
    expect(settled.every((answer) => answer.body.results[0]?.success === true)).toBe(true);
    expect(server.logs.filter((entry) => entry.status === 200)).toHaveLength(count);
    await expect(fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).rejects.toThrow();
  });

  it.each([
    ['its own options', () => ({ providerTimeoutMs: 300 })],
    ['a mock it was given', () => ({ mock: createFlightSearchMock({ providerTimeoutMs: 300 }) })],
  ])(
    "PROVIDER-2: by default close() waits out a hanging program's provider time-out (from %s), so the search still ends as a 200 with the 504 failure",
    async (_, options) => {
      const server = await startTestServer(options());
      server.mock.setProgramBehavior('PROGRAM_5', { hang: true });
      const pending = postSearch(server.url, searchBody('PROGRAM_5'));
      await waitFor(() => server.mock.requests().length === 1, 'the search to reach the mock');
      const closed = server.close();
      const response = await pending;
      expect(response.status).toBe(200);
      const body = (await response.json()) as { results: unknown[] };
      expect(body.results[0]).toMatchObject({
        airline: 'PROGRAM_5',
        success: false,
        error: { providerStatusCode: 504 },
      });
      await closed;
      expect(server.mock.requests()[0]).toMatchObject({ status: 200, aborted: false });
    },
  );

  it('PROVIDER-2: the default wait follows the provider time-out in force at close(): raised through PUT /__mock/config, a hanging search still ends as its 504 failure', async () => {
    // Started at 100 ms (a wait of 1.1 s), raised to 1 500 ms: a wait fixed at start-up aborts the search at 1.1 s.
    const server = await startTestServer({ control: true, providerTimeoutMs: 100 });
    const raised = await fetch(`${server.url}/__mock/config`, {
      method: 'PUT',
      body: JSON.stringify({ providerTimeoutMs: 1_500 }),
    });
    expect(raised.status).toBe(204);
    server.mock.setProgramBehavior('PROGRAM_5', { hang: true });
    const pending = postSearch(server.url, searchBody('PROGRAM_5')).then(
      async (response) => ({ status: response.status, body: (await response.json()) as { results: unknown[] } }),
      (error: unknown) => ({ status: 0, body: { results: [String(error)] } }),
    );
    await waitFor(() => server.mock.requests().length === 1, 'the search to reach the mock');
    const closed = server.close();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body.results[0]).toMatchObject({
      airline: 'PROGRAM_5',
      success: false,
      error: { providerStatusCode: 504 },
    });
    await closed;
  });

  it('PROVIDER-2: the default shutdownTimeoutMs outlasts the provider time-out (the longest a provider wait can last) by 1 s', () => {
    expect(resolveServerOptions({}, () => 29_000).shutdownTimeoutMs()).toBe(30_000);
    expect(resolveServerOptions({}, () => 45_000).shutdownTimeoutMs()).toBe(46_000);
    expect(resolveServerOptions({ shutdownTimeoutMs: 50 }, () => 29_000).shutdownTimeoutMs()).toBe(50);
  });

  it('does not wait for idle keep-alive connections', async () => {
    const server = await startTestServer({ shutdownTimeoutMs: 60_000 });
    // The client keeps this connection open for reuse; close() must not wait for its keep-alive timeout.
    expect((await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
    await server.close();
    expect(server.logs).toHaveLength(1);
  });

  it('aborts requests still in flight after shutdownTimeoutMs, recording them as aborted', async () => {
    const server = await startTestServer({ shutdownTimeoutMs: 100, providerTimeoutMs: 60_000 });
    server.mock.setProgramBehavior('PROGRAM_6', { hang: true });
    const pending = postSearch(server.url, searchBody('PROGRAM_6')).then(
      (response) => response.status,
      (error: unknown) => (error as Error).name,
    );
    await waitFor(() => server.mock.requests().length === 1, 'the search to reach the mock');
    await server.close();
    expect(await pending).toBe('TypeError');
    await waitFor(() => server.mock.requests()[0]?.aborted === true, 'the abort to be recorded');
  });
});
