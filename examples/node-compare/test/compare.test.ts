import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@flight-search/mock-server/node';
import { runCompare } from '../src/compare.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function capture(isTTY = false) {
  let text = '';
  return { isTTY, write: (chunk: string) => (text += chunk), text: () => text };
}

async function mockServer(): Promise<MockServer> {
  const server = await startMockServer({ port: 0, log: false });
  servers.push(server);
  return server;
}

describe('examples/node-compare', () => {
  it('prints each program the moment it arrives, in latency order, then the summary, the quota spent and the history digest', async () => {
    const server = await mockServer();
    const latencies = { PROGRAM_4: 20, PROGRAM_1: 150, PROGRAM_6: 300 } as const;
    for (const [program, latencyMs] of Object.entries(latencies))
      server.mock.setProgramBehavior(program as keyof typeof latencies, { latencyMs });
    const stdout = capture();
    const stderr = capture();

    const code = await runCompare(
      ['--base-url', server.url, '--programs', 'PROGRAM_6,PROGRAM_1,PROGRAM_4', '--departure', '2026-12-15'],
      {
        stdout,
        stderr,
        env: {},
      },
    );

    expect(stderr.text()).toBe('');
    expect(code).toBe(0);
    const lines = stdout.text().split('\n');
    const arrivals = lines.filter((line) => /^\[\d\/3 /.test(line));
    expect(arrivals.map((line) => /PROGRAM_\d/.exec(line)?.[0])).toEqual(['PROGRAM_4', 'PROGRAM_1', 'PROGRAM_6']);
    expect(arrivals[0]).toMatch(/^\[1\/3 [\d.]+ s\] PROGRAM_4 +[\d,]+ mi \+ [\d.]+/);
    expect(stdout.text()).toContain('Summary: 3 requested, 3 succeeded, 0 failed');
    expect(stdout.text()).toContain('Quota spent: 3 units (1000 -> 997 remaining of 1000)');
    expect(stdout.text()).toMatch(/Price history, GRU -> JFK ECONOMY, last 30 days \(\d+ records/);
    expect(lines.filter((line) => /^ {2}PROGRAM_\d +min +[\d,]+ mi +median/.test(line))).toHaveLength(3);
    // Piped output has no terminal control characters.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape (ESC) a terminal's progress line starts with is what is looked for
    expect(stdout.text()).not.toMatch(/[\r\x1b]/);
  });

  it('PROVIDER-1: shows a failing program as a failure while the others succeed', async () => {
    const server = await mockServer();
    server.mock.setProgramBehavior('PROGRAM_2', { fail: { status: 503, message: 'Program 2 is down.' } });
    const stdout = capture();
    const code = await runCompare(['--base-url', server.url, '--programs', 'PROGRAM_2,PROGRAM_5'], {
      stdout,
      stderr: capture(),
      env: {},
    });
    expect(code).toBe(0);
    expect(stdout.text()).toMatch(/PROGRAM_2 +provider failure 503: Program 2 is down\./);
    expect(stdout.text()).toContain('Summary: 2 requested, 1 succeeded, 1 failed');
    expect(stdout.text()).toContain('Best fare: PROGRAM_5 at');
  });

  it('draws a live status line with carriage returns on a terminal', async () => {
    const server = await mockServer();
    const stdout = capture(true);
    expect(
      await runCompare(['--base-url', server.url, '--programs', 'PROGRAM_1'], { stdout, stderr: capture(), env: {} }),
    ).toBe(0);
    expect(stdout.text()).toContain('\r\x1b[K  [0/1] ');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape (ESC) a terminal's progress line starts with is what is looked for
    expect(stdout.text()).toMatch(/\r\x1b\[K\[1\/1 [\d.]+ s\] PROGRAM_1/);
  });

  it('exits 2 with a message for bad arguments, and 1 when the service cannot be reached', async () => {
    const stderr = capture();
    expect(await runCompare(['--programs', 'PROGRAM_8'], { stdout: capture(), stderr, env: {} })).toBe(2);
    expect(stderr.text()).toContain('not allowed: PROGRAM_8');
    expect(await runCompare(['--adults', '12'], { stdout: capture(), stderr, env: {} })).toBe(2);
    expect(stderr.text()).toContain('--adults must be an integer from 1 to 9');

    const server = await mockServer();
    const url = server.url;
    await server.close();
    const unreachable = capture();
    expect(
      await runCompare(['--base-url', url, '--api-key', 'secret-key-1'], {
        stdout: capture(),
        stderr: unreachable,
        env: {},
      }),
    ).toBe(1);
    expect(unreachable.text()).toContain(`cannot reach ${url}`);
    expect(unreachable.text()).not.toContain('secret-key-1');
  });
});
