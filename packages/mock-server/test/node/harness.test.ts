import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageDir } from './cli-process.js';

describe('the shell test harness example (issue 17 item 6)', { timeout: 60_000 }, () => {
  it('examples/harness.sh starts the CLI with --ready-file, sets a fault, drives a curl client, checks GET /__mock/requests, runs the contract proxy in front and stops it with POST /__mock/shutdown (issue 30)', async () => {
    // The CLI from source, as test/node/cli.test.ts runs it; .ci/run runs the same script against the built dist/cli.js.
    const child = spawn('bash', ['examples/harness.sh'], {
      cwd: packageDir,
      env: { ...process.env, FLIGHT_SEARCH_MOCK: `${process.execPath} --import tsx src/cli/main.ts` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).not.toContain('FAIL');
    expect(code).toBe(0);
    expect(stdout).toContain('attempt 1: 503\nattempt 2: 503\nattempt 3: 200\n');
    expect(stdout).toContain('the proxy checked and recorded 1 exchange\n');
    expect(stdout).toContain('PASS: the client retried through two 503s and got its quota');
  });
});
