// QUOTA-1 and D4 under load, through the standalone server over real sockets:
// 1 000 concurrent ONE_WAY searches against a key with limit 100.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Agent, request as httpRequest, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { searchBody, startTestServer, UUID } from '../node/helpers.js';

const KEY = 'load-key-never-in-logs';
const SEARCHES = 1_000;
const LIMIT = 100;

/** One POST over its own socket of `agent`; resolves with status and body text. */
function post(url: string, agent: Agent, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}/flights/search`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the standalone server under 1 000 concurrent searches (QUOTA-1, D4)', { timeout: 60_000 }, () => {
  it(`QUOTA-1: ${SEARCHES} concurrent ONE_WAY searches on a key with limit ${LIMIT}: exactly ${LIMIT} are 200, ${SEARCHES - LIMIT} are 402 envelopes, and the quota is exactly spent`, async () => {
    const server = await startTestServer({ keys: [{ key: KEY, limit: LIMIT, products: ['search'] }] });
    // One socket per request, all open at once (maxSockets), so the searches really are in flight together.
    const agent = new Agent({ keepAlive: false, maxSockets: SEARCHES });
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
    const answers = await Promise.all(Array.from({ length: SEARCHES }, () => post(server.url, agent, body))).finally(() => {
      unsubscribe('http.server.request.start', onStart);
      agent.destroy();
    });
    // Seen by the server, not the client: a large share of the searches were in its hands at once.
    expect(mostOpen).toBeGreaterThanOrEqual(LIMIT / 2);

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
    expect(await quota.json()).toEqual({ limit: LIMIT, consumed: LIMIT, remaining: 0, usageByCompany: [{ airlineLoyalty: 'PROGRAM_1', consumed: LIMIT }] });
    const recorded = server.mock.requests();
    expect(recorded.filter((r) => r.path === '/flights/search')).toHaveLength(SEARCHES);
    expect(JSON.stringify(recorded)).not.toContain(KEY);
    expect(JSON.stringify(server.logs)).not.toContain(KEY);
    console.log(`load: at most ${mostOpen} requests open at the server at once`);
  });
});
