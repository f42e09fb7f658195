import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { startCli } from './cli-process.js';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

const SECRET = 'sk-live-manners-0a1b2c3d4e';

describe('HTTP manners: 405 on service paths, a ready file, JSON log lines (issue 17 item 4)', {
  timeout: 60_000,
}, () => {
  it('D60: a wrong method on a service path is 405 with Allow in the service envelope; HEAD on a GET route still works', async () => {
    const server = await startTestServer();
    const wrong = await fetch(`${server.url}/quota`, { method: 'DELETE', headers: { 'x-api-key': KEY } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(await wrong.json()).toMatchObject({
      error: { code: 'HTTP_ERROR', message: 'DELETE is not allowed on /quota; use GET, HEAD.' },
    });
    const getSearch = await fetch(`${server.url}/flights/search`, { headers: { 'x-api-key': KEY } });
    expect(getSearch.status).toBe(405);
    expect(getSearch.headers.get('allow')).toBe('POST');
    const head = await fetch(`${server.url}/quota`, { method: 'HEAD', headers: { 'x-api-key': KEY } });
    expect(head.status).toBe(200);
    expect((await fetch(`${server.url}/nowhere`, { method: 'DELETE' })).status).toBe(404);

    // The JavaScript API (msw, with a baseUrl) answers the same.
    const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com' });
    const viaJs = (await mock.handle(
      new Request('https://api.example.com/quota', { method: 'DELETE', headers: { 'x-api-key': KEY } }),
    ))!;
    expect(viaJs.status).toBe(405);
    expect(viaJs.headers.get('allow')).toBe('GET, HEAD');
    expect(((await viaJs.json()) as { error: { message: string } }).error.message).toBe(
      'DELETE is not allowed on /quota; use GET, HEAD.',
    );
  });

  it('--ready-file holds { url, port, pid } once the server listens, and is removed on SIGTERM', async () => {
    const { cli, url, port, pid, readyFile } = await startCli(['--quiet']);
    expect(pid).toBe(cli.child.pid);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(`${url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(existsSync(readyFile)).toBe(false);
  });

  it('--log-format json writes one JSON object per request line, never the key, and a JSON listening line', async () => {
    const { cli, url } = await startCli(['--control', '--log-format', 'json']);
    await fetch(`${url}/quota`, { headers: { 'x-api-key': SECRET } });
    await postSearch(url, searchBody(), { key: KEY });
    await fetch(`${url}/__mock/keys/${SECRET}`, { method: 'PUT', body: '{}' });
    cli.child.kill('SIGTERM');
    await cli.exit;
    const listening = JSON.parse(cli.stdout().trim().split('\n')[0]!) as Record<string, unknown>;
    expect(listening).toMatchObject({ event: 'listening', url, pid: cli.child.pid });
    const lines = cli
      .stderr()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const all = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The shutdown line is JSON too (issue 30 item 7): an event, not a request.
    expect(all.at(-1)).toMatchObject({ event: 'shutdown', reason: 'SIGTERM' });
    const entries = all.filter((entry) => entry.event === undefined);
    expect(entries.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/quota', status: 404 },
      { method: 'POST', path: '/flights/search', status: 200 },
      { method: 'PUT', path: '/__mock/keys/[redacted]', status: 204 },
    ]);
    for (const entry of entries) expect(typeof entry.durationMs).toBe('number');
    expect(cli.stderr()).not.toContain(SECRET);
  });
});
