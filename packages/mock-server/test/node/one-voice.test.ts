import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startContractProxy } from '../../src/contract-proxy/server.js';
import type { Violation } from '../../src/contract-proxy/checker.js';
import { checkedByTheCaller, notTheService } from '../support/contract-hook.js';
import { runCli, startCli, tempDir } from './cli-process.js';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A service whose quota answer breaks the contract (`limit` a string, two fields missing). */
async function wrongQuota(): Promise<string> {
  const server = notTheService(
    createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ limit: '1000', consumed: 0 })),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('one voice (issue 30 item 7)', { timeout: 60_000 }, () => {
  it('--log-format json: every line is JSON, the shutdown line included', async () => {
    const { cli, url } = await startCli(['--log-format', 'json']);
    expect((await fetch(`${url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    const lines = `${cli.stdout()}${cli.stderr()}`.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.map((line) => JSON.parse(line) as { event?: string })).toContainEqual(
      expect.objectContaining({ event: 'shutdown', reason: 'SIGTERM' }),
    );
    // A refused command line asked for JSON gets JSON too.
    const refused = runCli(['--log-format', 'json', '--port', 'x']);
    expect(await refused.exit).toBe(2);
    expect(JSON.parse(refused.stderr())).toMatchObject({
      event: 'error',
      exitCode: 2,
      message: expect.stringContaining('--port'),
    });
  });

  it('the proxy takes --quiet (no line per violation, the summary stays) and --help; one word, unanswered, in text and JSON', async () => {
    const target = await wrongQuota();
    const ready = join(tempDir(), 'ready.json');
    const proxy = runCli([
      'proxy',
      '--target',
      target,
      '--port',
      '0',
      '--ready-file',
      ready,
      '--quiet',
      '--log-format',
      'json',
    ]);
    for (let waited = 0; !existsSync(ready) && waited < 20_000; waited += 20) {
      if (proxy.child.exitCode !== null) throw new Error(proxy.stderr());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { url } = JSON.parse(readFileSync(ready, 'utf8')) as { url: string };
    expect((await fetch(`${url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exit).toBe(0);
    expect(proxy.stderr()).toBe('');
    const summary = proxy
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"summary"'))
      .map((line) => JSON.parse(line))[0];
    expect(summary).toMatchObject({ event: 'summary', exchanges: 1, violations: 3, unanswered: 0 });
    expect(summary).not.toHaveProperty('unreachable');
    const help = runCli(['proxy', '--help']);
    expect(await help.exit).toBe(0);
    expect(help.stdout()).toContain('--violations-header');
  });

  it('violations are in plain words, and go back to the client in x-contract-violations with violationsHeader', async () => {
    const found: Violation[] = [];
    const proxy = await startContractProxy({
      target: await wrongQuota(),
      port: 0,
      violationsHeader: true,
      onViolation: (violation) => found.push(violation),
    });
    closers.push(() => proxy.close());
    // The wrong service's answer is passed on as it is: checked here, not by the contract hook.
    const answer = await checkedByTheCaller(() => fetch(`${proxy.url}/quota`, { headers: { 'x-api-key': KEY } }));
    expect(found.map((violation) => `${violation.path}: ${violation.expected}`).sort()).toEqual([
      '$.limit: an integer',
      '$: property "remaining" (required)',
      '$: property "usageByCompany" (required)',
    ]);
    expect(JSON.parse(answer.headers.get('x-contract-violations')!)).toEqual(found);
  });

  it("D160: the mock's own 502, 503 and 504 faults are answers openapi.yaml declares: its contract proxy reports no violation", async () => {
    const mock = await startTestServer();
    const found: Violation[] = [];
    const proxy = await startContractProxy({
      target: mock.url,
      port: 0,
      violationsHeader: true,
      onViolation: (violation) => found.push(violation),
    });
    closers.push(() => proxy.close());
    const statuses = [];
    for (const status of [502, 503, 504] as const) {
      mock.mock.setFault('all', { status, times: 2 });
      statuses.push(
        (await fetch(`${proxy.url}/quota`, { headers: { 'x-api-key': KEY } })).status,
        (await postSearch(proxy.url, searchBody())).status,
      );
    }
    expect(statuses).toEqual([502, 502, 503, 503, 504, 504]);
    expect(found).toEqual([]);
    // x-mock-scenario may force them, as every status the operation declares (D128).
    const forced = await fetch(`${proxy.url}/quota`, {
      headers: { 'x-api-key': KEY, 'x-mock-scenario': 'status=503' },
    });
    expect([forced.status, ((await forced.json()) as { error: { code: string } }).error.code]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
    ]);
    expect(found).toEqual([]);
    // And a stub may declare them without contract: false.
    expect(mock.mock.stub({ request: { method: 'GET', path: '/quota' }, fault: { status: 503 } })).toMatchObject({
      id: expect.stringMatching(/^stub-\d+$/),
    });
  });
});
