import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, searchBody } from './helpers.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Runs the CLI from source through tsx, as `flight-search-mock ...args`. */
function runCli(args: string[]): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

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

function keysFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fsm-keys-')), 'keys.json');
  writeFileSync(file, content);
  return file;
}

describe('the flight-search-mock CLI', { timeout: 30_000 }, () => {
  it('--help prints every flag and exits 0', async () => {
    const cli = runCli(['--help']);
    expect(await cli.exit).toBe(0);
    for (const flag of ['--port', '--host', '--keys', '--seed', '--provider-timeout-ms', '--latency', '--control', '--help']) expect(cli.stdout()).toContain(flag);
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
    const slow = await fetch(`${url}/__mock/programs/PROGRAM_1`, { method: 'PUT', body: JSON.stringify({ latencyMs: 1_000 }) });
    expect(slow.status).toBe(204);
    const count = 12;
    const answers = Array.from({ length: count }, () =>
      fetch(`${url}/flights/search`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': KEY }, body: JSON.stringify(searchBody('PROGRAM_1')) }).then(
        async (response) => ({ status: response.status, success: ((await response.json()) as { results: { success: boolean }[] }).results[0]?.success }),
      ),
    );
    const received = async () => ((await (await fetch(`${url}/__mock/requests`)).json()) as { requests: { path: string }[] }).requests.filter((r) => r.path === '/flights/search').length;
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

  it.each(['127.0.0.1', 'localhost'])('--host %s: the URL line names the host given, and the service answers there', async (host) => {
    const cli = runCli(['--port', '0', '--host', host, '--quiet']);
    const url = await listening(cli, host);
    expect(url).toMatch(new RegExp(`^http://${host}:\\d+$`));
    expect((await fetch(`${url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
  });

  it('--keys loads the keys of a file instead of the defaults, and --control serves /__mock', async () => {
    const file = keysFile(JSON.stringify({ keys: [{ key: 'file-key', limit: 3, products: ['search'] }] }));
    const cli = runCli(['--port', '0', '--keys', file, '--control', '--quiet']);
    const url = await listening(cli);
    expect(await (await fetch(`${url}/quota`, { headers: { 'x-api-key': 'file-key' } })).json()).toMatchObject({ limit: 3, remaining: 3 });
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
    ['an entry with a wrong limit', JSON.stringify({ keys: [{ key: 'a', limit: 1, products: ['search'] }, { key: 'b', limit: '100', products: ['search'] }] }), /keys\[1\]\.limit must be a non-negative integer/],
    ['an entry with an unknown product', JSON.stringify({ keys: [{ key: 'a', limit: 1, products: ['search', 'hotels'] }] }), /keys\[0\]\.products\[1\] must be "search" or "history"/],
    ['a repeated key', JSON.stringify({ keys: [{ key: 'a', limit: 1, products: [] }, { key: 'a', limit: 2, products: [] }] }), /keys\[1\]\.key repeats the key of keys\[0\]/],
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
  ])('rejects %j with exit code 2 and a message', async (args, message) => {
    const cli = runCli(args);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr()).toContain('--help');
  });
});
