import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/node/index.js';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

describe('the request log', () => {
  it('reports method, path without query, status and duration for each request, and never an API key', async () => {
    const secret = 'sk-live-7f3a9c';
    const server = await startTestServer({ control: true });
    await fetch(`${server.url}/__mock/keys/${secret}`, {
      method: 'PUT',
      body: JSON.stringify({ limit: 10, products: ['search', 'history'] }),
    });
    await postSearch(server.url, searchBody(), { key: secret });
    await fetch(
      `${server.url}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=3&token=${secret}`,
      { headers: { 'x-api-key': secret } },
    );
    await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } });

    expect(server.logs.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      'PUT /__mock/keys/[redacted] 204',
      'POST /flights/search 200',
      'GET /intelligence/flights/history 200',
      'GET /quota 200',
    ]);
    expect(server.logs.every((entry) => entry.durationMs >= 0)).toBe(true);
    const text = JSON.stringify(server.logs);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(KEY);
  });

  it('logs nothing with log: false, and a throwing logger does not break the answer', async () => {
    const quiet = await startTestServer({ log: false });
    expect((await fetch(`${quiet.url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);

    const server = await startMockServer({
      port: 0,
      log: () => {
        throw new Error('logger broke');
      },
    });
    try {
      expect((await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
      expect((await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
