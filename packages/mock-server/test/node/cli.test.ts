import { connect } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Cli, runCli } from './cli-process.js';
import { KEY, searchBody } from './helpers.js';

async function listening(cli: Cli, host = '127.0.0.1'): Promise<string> {
  const deadline = Date.now() + 15_000;
  const urlLine = new RegExp(`listening on (http://${host.replace(/\./g, '\\.')}:\\d+)$`, 'm');
  for (;;) {
    const match = urlLine.exec(cli.stdout())?.[1];
    if (match) return match;
    if (cli.child.exitCode !== null) throw new Error(`the CLI exited with ${cli.child.exitCode}: ${cli.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no URL line; stdout: ${cli.stdout()} stderr: ${cli.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends `text` as it is on a raw socket and resolves with what came back once the server closes or after `ms`. */
function rawExchange(url: string, text: string, ms = 1_000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

function keysFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fsm-keys-')), 'keys.json');
  writeFileSync(file, content);
  return file;
}

describe('the flight-search-mock CLI', { timeout: 30_000 }, () => {
  it('--help prints every flag and exits 0', async () => {
    const cli = runCli(['--help']);
    expect(await cli.exit).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--keys',
      '--seed',
      '--provider-timeout-ms',
      '--latency',
      '--control',
      '--help',
    ])
      expect(cli.stdout()).toContain(flag);
    for (const flag of ['--request-log-max-bytes', '--control-origin', '--allowed-host'])
      expect(cli.stdout()).toContain(flag);
  });

  it('never writes a key to its log or a 404 message: absolute-form targets and //keys paths are redacted', async () => {
    const secret = 'sk-live-absolute-9f8e7d6c';
    const cli = runCli(['--port', '0', '--control']);
    const url = await listening(cli);
    const { host } = new URL(url);
    const absolute = await rawExchange(
      url,
      `PUT ${url}/__mock/keys/${secret} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 13\r\nConnection: close\r\n\r\n{"limit":100}`,
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 204 /);
    const doubled = await rawExchange(
      url,
      `PUT /__mock//keys/${secret} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(doubled).toMatch(/^HTTP\/1\.1 404 /);
    expect(doubled).not.toContain(secret);
    const serviceAbsolute = await rawExchange(
      url,
      `GET ${url}/keys/${secret}/quota HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(serviceAbsolute).toMatch(/^HTTP\/1\.1 404 /);
    expect(serviceAbsolute).not.toContain(secret);
    // The key was set: it answers its quota.
    expect(await (await fetch(`${url}/quota`, { headers: { 'x-api-key': secret } })).json()).toMatchObject({
      limit: 100,
    });

    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(cli.stderr()).toMatch(/^PUT \/__mock\/keys\/\[redacted\] 204 \d+ms$/m);
    expect(cli.stderr()).toMatch(/^PUT \/__mock\/\/keys\/\[redacted\] 404 \d+ms$/m);
    expect(cli.stderr()).toMatch(/^GET \/keys\/\[redacted\] 404 \d+ms$/m);
    expect(cli.stdout() + cli.stderr()).not.toContain(secret);
    expect(cli.stderr()).not.toContain('http://');
  });

  it('--control-origin lets that page use the control API, --allowed-host that name, and other origins and hosts get 403', async () => {
    const cli = runCli([
      '--port',
      '0',
      '--control',
      '--quiet',
      '--control-origin',
      'http://app.example:5173',
      '--control-origin',
      'http://other.example',
      '--allowed-host',
      'mock',
    ]);
    const url = await listening(cli);
    const port = new URL(url).port;
    const allowed = await fetch(`${url}/__mock/requests`, { headers: { origin: 'http://other.example' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://other.example');
    expect(
      (await fetch(`${url}/__mock/reset`, { method: 'POST', headers: { origin: 'http://evil.example' } })).status,
    ).toBe(403);
    const byName = await rawExchange(
      url,
      `GET /__mock/requests HTTP/1.1\r\nHost: mock:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(byName).toMatch(/^HTTP\/1\.1 200 /);
    const rebound = await rawExchange(
      url,
      `GET /__mock/requests HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(rebound).toMatch(/^HTTP\/1\.1 403 /);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
  });

  it('--request-log-max-bytes bounds the request log in bytes: large bodies show as flagged prefixes and the oldest go first', async () => {
    const cli = runCli(['--port', '0', '--control', '--quiet', '--request-log-max-bytes', '40000']);
    const url = await listening(cli);
    const big = 'b'.repeat(500_000);
    for (let i = 0; i < 12; i++) {
      const answer = await fetch(`${url}/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: big,
      });
      expect(answer.status).toBe(422);
    }
    const { requests } = (await (await fetch(`${url}/__mock/requests`)).json()) as {
      requests: { id: number; bodyTruncated?: boolean; bodySize?: number }[];
    };
    expect(requests.length).toBeGreaterThan(2);
    expect(requests.length).toBeLessThan(12);
    expect(requests.at(-1)!.id).toBe(12);
    expect(requests.every((r) => r.bodyTruncated === true && r.bodySize === 500_000)).toBe(true);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
  });

  it('prints its URL once listening, serves the service, logs each request without the key, and exits 0 on SIGTERM', async () => {
    const cli = runCli(['--port', '0', '--seed', '7', '--latency', 'none']);
    const url = await listening(cli);
    const quota = await fetch(`${url}/quota`, { headers: { 'x-api-key': KEY } });
    expect(quota.status).toBe(200);
    expect((await fetch(`${url}/__mock/requests`)).status).toBe(404);

    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(cli.stderr()).toMatch(/^GET \/quota 200 \d+ms$/m);
    expect(cli.stderr()).toMatch(/^GET \/__mock\/requests 404 \d+ms$/m);
    expect(cli.stdout() + cli.stderr()).not.toContain(KEY);
  });

  it('PROVIDER-1: SIGTERM while searches are in flight answers every one of them with its 200, then exits 0', async () => {
    const cli = runCli(['--port', '0', '--control']);
    const url = await listening(cli);
    // A slow program keeps the searches in flight when the signal comes.
    const slow = await fetch(`${url}/__mock/programs/PROGRAM_1`, {
      method: 'PUT',
      body: JSON.stringify({ latencyMs: 1_000 }),
    });
    expect(slow.status).toBe(204);
    const count = 12;
    const answers = Array.from({ length: count }, () =>
      fetch(`${url}/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: JSON.stringify(searchBody('PROGRAM_1')),
      }).then(async (response) => ({
        status: response.status,
        success: ((await response.json()) as { results: { success: boolean }[] }).results[0]?.success,
      })),
    );
    const received = async () =>
      ((await (await fetch(`${url}/__mock/requests`)).json()) as { requests: { path: string }[] }).requests.filter(
        (r) => r.path === '/flights/search',
      ).length;
    const deadline = Date.now() + 5_000;
    while ((await received()) < count) {
      if (Date.now() > deadline) throw new Error('the searches did not reach the server');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    cli.child.kill('SIGTERM');
    expect(await Promise.all(answers)).toEqual(Array(count).fill({ status: 200, success: true }));
    expect(await cli.exit).toBe(0);
    expect(cli.stderr()).toContain('SIGTERM: finishing requests in flight');
    expect(cli.stderr().match(/^POST \/flights\/search 200 \d+ms$/gm)).toHaveLength(count);
  });

  it.each(['127.0.0.1', 'localhost'])(
    '--host %s: the URL line names the host given, and the service answers there',
    async (host) => {
      const cli = runCli(['--port', '0', '--host', host, '--quiet']);
      const url = await listening(cli, host);
      expect(url).toMatch(new RegExp(`^http://${host}:\\d+$`));
      expect((await fetch(`${url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
      cli.child.kill('SIGTERM');
      expect(await cli.exit).toBe(0);
    },
  );

  it('--keys loads the keys of a file instead of the defaults, and --control serves /__mock', async () => {
    const file = keysFile(JSON.stringify({ keys: [{ key: 'file-key', limit: 3, products: ['search'] }] }));
    const cli = runCli(['--port', '0', '--keys', file, '--control', '--quiet']);
    const url = await listening(cli);
    expect(await (await fetch(`${url}/quota`, { headers: { 'x-api-key': 'file-key' } })).json()).toMatchObject({
      limit: 3,
      remaining: 3,
    });
    expect((await fetch(`${url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(404);
    expect((await fetch(`${url}/__mock/requests`)).status).toBe(200);
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(0);
    expect(cli.stderr()).not.toMatch(/GET \/quota/);
  });

  it.each([
    ['a missing file', null, /file not found/],
    ['a file that is not JSON', '{"keys": [', /not valid JSON/],
    ['a file without a keys array', '{"key": "x"}', /expected an object \{"keys": \[\.\.\.\]\}/],
    [
      'an entry with a wrong limit',
      JSON.stringify({
        keys: [
          { key: 'a', limit: 1, products: ['search'] },
          { key: 'b', limit: '100', products: ['search'] },
        ],
      }),
      /keys\[1\]\.limit must be an integer >= 0\./,
    ],
    [
      'an entry with an unknown product',
      JSON.stringify({ keys: [{ key: 'a', limit: 1, products: ['search', 'hotels'] }] }),
      /keys\[0\]\.products must be an array of 'search' and 'history'\./,
    ],
    [
      'a misspelt field, as createFlightSearchMock refuses it (the option table checks the file, issue 26 item 1)',
      JSON.stringify({ keys: [{ key: 'a', limit: 1, consumd: 1, products: ['search'] }] }),
      /keys\[0\]\.consumd is not a known field; expected key, limit, consumed, products\./,
    ],
    [
      'a repeated key',
      JSON.stringify({
        keys: [
          { key: 'a', limit: 1, products: [] },
          { key: 'a', limit: 2, products: [] },
        ],
      }),
      /keys\[1\]\.key repeats the key of keys\[0\]/,
    ],
    [
      'a key over 256 characters (D83)',
      JSON.stringify({ keys: [{ key: 'k'.repeat(257), limit: 1, products: ['search'] }] }),
      /keys\[0\]\.key must be at most 256 characters \(it has 257\)/,
    ],
    [
      'more than 1 000 keys (D83)',
      JSON.stringify({
        keys: Array.from({ length: 1_001 }, (_, i) => ({ key: `k${i}`, limit: 1, products: ['search'] })),
      }),
      /keys must have at most 1000 keys \(it has 1001\)\./,
    ],
  ])('rejects --keys with %s: exit code 2 and a message naming the problem', async (_, content, message) => {
    const file = content === null ? join(tmpdir(), 'no-such-dir-fsm', 'keys.json') : keysFile(content);
    const cli = runCli(['--port', '0', '--keys', file]);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr()).toContain(file);
    expect(cli.stdout()).not.toMatch(/http:\/\//);
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, got "abc"/],
    [['--port', '70000'], /--port must be an integer/],
    [['--latency', 'fast'], /--latency must be "none" or "realistic"/],
    [['--seed', '1.5'], /--seed must be an integer from 0/],
    [['--provider-timeout-ms', '0'], /--provider-timeout-ms must be an integer from 1/],
    [['--verbose'], /Unknown option '--verbose'/],
    [['--host', ' '], /--host must not be empty/],
    [['extra'], /positional argument/],
    [['--request-log-max-bytes', '1.5'], /--request-log-max-bytes must be an integer from 0/],
    [['--control-origin', 'http://app.example/'], /--control-origin must be an origin .*"http:\/\/app\.example\/"/],
    [['--allowed-host', 'http://mock'], /--allowed-host must be a host name/],
  ])('rejects %j with exit code 2 and a message', async (args, message) => {
    const cli = runCli(args);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr()).toContain('--help');
  });
});
