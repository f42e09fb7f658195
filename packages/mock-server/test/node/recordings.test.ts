import { describe, expect, it } from 'vitest';
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
async function recorderAndUpstream(options: { stubsCap?: number } = {}) {
  const upstream = await startTestServer();
  const recorder = await startTestServer({ control: true });
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
