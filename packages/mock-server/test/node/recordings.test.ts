import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedByTheCaller } from '../support/contract-hook.js';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

type Envelope = {
  error: { code: string; message: string; details?: { errors: { field: string; message: string }[] } };
};
type Stopped = {
  stubs: { request: Record<string, unknown>; response: { status: number; headers?: Record<string, string> } }[];
  dropped: number;
};

const control = (url: string, path: string, body?: unknown) =>
  fetch(`${url}/__mock${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

/** A recording mock in front of an upstream mock (the service a team would record). */
async function recorderAndUpstream(options: { stubsCap?: number; cors?: { origins: string[] } } = {}) {
  const upstream = await startTestServer();
  const recorder = await startTestServer({ control: true, ...(options.cors && { cors: options.cors }) });
  if (options.stubsCap !== undefined)
    expect(
      (
        await fetch(`${recorder.url}/__mock/config`, {
          method: 'PUT',
          body: JSON.stringify({ stubsCap: options.stubsCap }),
        })
      ).status,
    ).toBe(204);
  expect((await control(recorder.url, '/recordings/start', { upstream: upstream.url })).status).toBe(204);
  return { upstream, recorder };
}

describe('recording through the control API: POST /__mock/recordings/start and stop (issue 37 item 3)', {
  timeout: 30_000,
}, () => {
  it('forwards the service routes to the upstream while recording, and stop answers the exchanges as stubs that play them back', async () => {
    const { recorder } = await recorderAndUpstream();
    const headers = { 'x-api-key': KEY };
    const quota = () =>
      fetch(`${recorder.url}/quota`, { headers }).then((answer) => answer.json() as Promise<{ consumed: number }>);
    expect((await quota()).consumed).toBe(0);
    const search = await (await postSearch(recorder.url, searchBody())).json();
    // The upstream charged the search: the recorder forwarded it and kept nothing of its own.
    expect((await quota()).consumed).toBe(1);
    expect(await (await fetch(`${recorder.url}/__mock/keys/${KEY}`)).json()).toMatchObject({ consumed: 0 });

    const stopped = await control(recorder.url, '/recordings/stop');
    expect(stopped.status).toBe(200);
    const { stubs, dropped } = (await stopped.json()) as Stopped;
    expect(dropped).toBe(0);
    expect(stubs.map((stub) => [stub.request.method, stub.request.path, stub.response.status])).toEqual([
      ['GET', '/quota', 200],
      ['POST', '/flights/search', 200],
      ['GET', '/quota', 200],
    ]);
    // No key anywhere in what is read back, and no framing header to replay.
    expect(JSON.stringify(stubs)).not.toContain(KEY);
    expect(stubs[1]!.response.headers).not.toHaveProperty('content-length');

    // Played back on the same server: the stubs answer as the upstream did, once each, in order.
    for (const stub of stubs) expect((await control(recorder.url, '/stubs', stub)).status).toBe(201);
    expect((await quota()).consumed).toBe(0);
    expect(await (await postSearch(recorder.url, searchBody(), { key: 'another-key' })).json()).toEqual(search);
    expect((await quota()).consumed).toBe(1);
  });

  it('after stop the server answers from its own rules again', async () => {
    const { recorder } = await recorderAndUpstream();
    await postSearch(recorder.url, searchBody());
    await control(recorder.url, '/recordings/stop');
    await postSearch(recorder.url, searchBody());
    expect(await (await fetch(`${recorder.url}/__mock/keys/${KEY}`)).json()).toMatchObject({ consumed: 1 });
  });

  it('keeps at most stubsCap exchanges and counts the rest as dropped, still forwarding them', async () => {
    const { recorder } = await recorderAndUpstream({ stubsCap: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await fetch(`${recorder.url}/quota`, { headers: { 'x-api-key': KEY } })).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const { stubs, dropped } = (await (await control(recorder.url, '/recordings/stop')).json()) as Stopped;
    expect([stubs.length, dropped]).toEqual([2, 2]);
  });

  it('answers 409 to a second start and to a stop with no recording under way', async () => {
    const { recorder, upstream } = await recorderAndUpstream();
    const again = await control(recorder.url, '/recordings/start', { upstream: upstream.url });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Envelope).error.message).toBe(
      'A recording is under way: POST /__mock/recordings/stop ends it.',
    );
    expect((await control(recorder.url, '/recordings/stop')).status).toBe(200);
    const idle = await control(recorder.url, '/recordings/stop');
    expect(idle.status).toBe(409);
    expect(((await idle.json()) as Envelope).error.code).toBe('CONFLICT');
  });

  it('refuses with a 422 naming each field an upstream that is not an http(s) URL, the mock itself, or an unknown field', async () => {
    const recorder = await startTestServer({ control: true });
    const fields = async (body: unknown) => {
      const answer = await control(recorder.url, '/recordings/start', body);
      expect(answer.status).toBe(422);
      return ((await answer.json()) as Envelope).error.details!.errors.map(
        (issue) => `${issue.field} ${issue.message}`,
      );
    };
    expect(await fields({ upstream: 'ftp://example.test', timeoutMs: 0, extra: 1 })).toEqual([
      'body.extra is not a known field; expected upstream, timeoutMs.',
      'body.upstream must be an absolute http(s) URL, got "ftp://example.test".',
      'body.timeoutMs must be an integer from 1 to 2147483647 (ms).',
    ]);
    expect(await fields({ upstream: recorder.url })).toEqual([
      'body.upstream is this mock itself: a recording would forward to itself.',
    ]);
    // Nothing was started: a stop finds no recording.
    expect((await control(recorder.url, '/recordings/stop')).status).toBe(409);
  });
});

/** An upstream of the test's own (not the contract's: its answers are checked by the test), answering with `answer`. */
async function upstreamAnswering(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('what a recording keeps of a hostile or careless upstream (review of issue 37 item 3)', {
  timeout: 30_000,
}, () => {
  it('never reads back the key an upstream echoes, as sent, percent-encoded or in base64', async () => {
    await checkedByTheCaller(async () => {
      const key = 'sk-live/SECRET+123';
      const upstream = await upstreamAnswering((req, res) => {
        const sent = String(req.headers['x-api-key']);
        res.writeHead(404, {
          'content-type': 'application/json',
          'x-echo': sent,
          'x-echo-64': Buffer.from(sent).toString('base64'),
        });
        res.end(JSON.stringify({ message: `The API key ${sent} (${encodeURIComponent(sent)}) was not found.` }));
      });
      const recorder = await startTestServer({ control: true });
      await control(recorder.url, '/recordings/start', { upstream });
      await fetch(`${recorder.url}/quota`, { headers: { 'x-api-key': key } });
      const text = await (await control(recorder.url, '/recordings/stop')).text();
      for (const form of [key, encodeURIComponent(key), Buffer.from(key).toString('base64')])
        expect(text).not.toContain(form);
      expect(JSON.parse(text).stubs[0].response.body.message).toBe(
        'The API key [redacted] ([redacted]) was not found.',
      );
    });
  });

  it('keeps no header a stub may not carry, counts bytes in UTF-8 as stubs do, and every stub it keeps is taken back', async () => {
    await checkedByTheCaller(async () => {
      const upstream = await upstreamAnswering((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', upgrade: 'h2,h2c', 'x-kept': 'yes' });
        res.end(JSON.stringify({ city: _req.url === '/long' ? 'ã'.repeat(300) : 'São Paulo' }));
      });
      const recorder = await startTestServer({ control: true });
      await fetch(`${recorder.url}/__mock/config`, { method: 'PUT', body: JSON.stringify({ stubBytes: 500 }) });
      await control(recorder.url, '/recordings/start', { upstream });
      for (const path of ['/short', '/long']) await fetch(`${recorder.url}${path}`, { headers: { 'x-api-key': KEY } });
      const { stubs, dropped } = (await (await control(recorder.url, '/recordings/stop')).json()) as Stopped;
      // '/long' is about 450 characters of JSON but 750 bytes: over stubBytes.
      expect([stubs.map((stub) => stub.request.path), dropped]).toEqual([['/short'], 1]);
      expect(stubs[0]!.response.headers).toEqual({ 'content-type': 'application/json', 'x-kept': 'yes' });
      for (const stub of stubs) expect((await control(recorder.url, '/stubs', stub)).status).toBe(201);
    });
  });

  it("answers a page with the mock's CORS headers while recording, and keeps /openapi.yaml the mock's own", async () => {
    const { upstream, recorder } = await recorderAndUpstream({ cors: { origins: ['http://page.test'] } });
    const answer = await fetch(`${recorder.url}/quota`, { headers: { 'x-api-key': KEY, origin: 'http://page.test' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://page.test');
    expect((await fetch(`${recorder.url}/openapi.yaml`)).status).toBe(200);
    const { stubs } = (await (await control(recorder.url, '/recordings/stop')).json()) as Stopped;
    expect(stubs.map((stub) => stub.request.path)).toEqual(['/quota']);
    expect(upstream.url).not.toBe(recorder.url);
  });

  it('refuses an upstream naming the mock on its default port (a loop through its own Host check)', async () => {
    const recorder = await startTestServer({ control: true, allowedHosts: ['mock:80'] });
    const answer = await control(recorder.url, '/recordings/start', { upstream: 'http://mock' });
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as Envelope).error.details!.errors.map((issue) => issue.field)).toEqual([
      'body.upstream',
    ]);
  });
});
