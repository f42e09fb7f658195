// QUOTA-1 and D4 under load, through the standalone server over real sockets:
// 1 000 concurrent ONE_WAY searches against a key with limit 100.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { searchBody, startTestServer, UUID } from '../node/helpers.js';

const KEY = 'load-key-never-in-logs';
const SEARCHES = 1_000;
const LIMIT = 100;

/**
 * The client side, on a worker thread of its own: every POST over its own socket,
 * all started at once. The client must not share the server's event loop: on one
 * loop each request reaches the quota rule in a turn of its own, so a rule that
 * waited between its check and its consumption would never be seen overspending.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const { url, key, body, count } = workerData;
const agent = new Agent({ keepAlive: false, maxSockets: count });
const post = () => new Promise((resolve, reject) => {
  const req = request(url + '/flights/search', { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-api-key': key, 'content-length': Buffer.byteLength(body) } }, (res) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    res.on('error', reject);
  });
  req.on('error', reject);
  req.end(body);
});
Promise.all(Array.from({ length: count }, post)).then(
  (answers) => { agent.destroy(); parentPort.postMessage({ answers }); },
  (error) => { agent.destroy(); parentPort.postMessage({ error: String(error) }); },
);
`;

/** Sends `count` concurrent searches from a worker thread; resolves with every answer. */
function postFromWorker(url: string, body: string, count: number): Promise<{ status: number; text: string }[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { url, key: KEY, body, count } });
    worker.once('message', (message: { answers?: { status: number; text: string }[]; error?: string }) => {
      void worker.terminate();
      if (message.answers) resolve(message.answers);
      else reject(new Error(`load client failed: ${message.error}`));
    });
    worker.once('error', reject);
  });
}

describe('the standalone server under 1 000 concurrent searches (QUOTA-1, D4)', { timeout: 60_000 }, () => {
  it(`QUOTA-1: ${SEARCHES} concurrent ONE_WAY searches on a key with limit ${LIMIT}: exactly ${LIMIT} are 200, ${SEARCHES - LIMIT} are 402 envelopes, and the quota is exactly spent`, async () => {
    const server = await startTestServer({ keys: [{ key: KEY, limit: LIMIT, products: ['search'] }] });
    const body = JSON.stringify(searchBody('PROGRAM_1'));
    // An accepted search waits on its provider: the server holds many requests open at the same time.
    server.mock.setProgramBehavior('PROGRAM_1', { latencyMs: 500 });
    let open = 0;
    let mostOpen = 0;
    const onStart = (message: unknown) => {
      mostOpen = Math.max(mostOpen, ++open);
      (message as { response: ServerResponse }).response.once('close', () => open--);
    };
    subscribe('http.server.request.start', onStart);
    const answers = await postFromWorker(server.url, body, SEARCHES).finally(() =>
      unsubscribe('http.server.request.start', onStart),
    );
    // Seen by the server: the accepted searches, parked on their provider, were all in its hands at
    // once while the refused ones arrived (an accepted search holds its request for 500 ms).
    expect(mostOpen).toBeGreaterThan(LIMIT);

    const byStatus = new Map<number, number>();
    for (const { status } of answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: LIMIT, 402: SEARCHES - LIMIT });
    for (const { status, text } of answers.filter((a) => a.status === 402)) {
      const { error } = JSON.parse(text) as { error: { code: string; message: string; correlationId: string } };
      expect(error.code, `${status} ${text}`).toBe('HTTP_ERROR');
      expect(error.message).toMatch(/requires 1 units? and 0 remain/); // D5
      expect(error.correlationId).toMatch(UUID);
    }

    const quota = await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } });
    expect(await quota.json()).toEqual({
      limit: LIMIT,
      consumed: LIMIT,
      remaining: 0,
      usageByCompany: [{ airlineLoyalty: 'PROGRAM_1', consumed: LIMIT }],
    });
    const recorded = server.mock.requests();
    expect(recorded.filter((r) => r.path === '/flights/search')).toHaveLength(SEARCHES);
    expect(JSON.stringify(recorded)).not.toContain(KEY);
    expect(JSON.stringify(server.logs)).not.toContain(KEY);
    console.log(`load: at most ${mostOpen} requests open at the server at once`);
  });
});
