import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli-process.js';

// Issue 39 item 6: a terminal or a supervisor stops the CLI with SIGHUP, SIGINT, SIGTERM or SIGQUIT; none
// leaves its --ready-file behind, or a harness reads a dead server as ready.
async function started(signal: NodeJS.Signals) {
  const ready = join(tempDir(), 'ready.json');
  const cli = runCli(['--port', '0', '--ready-file', ready]);
  while (!existsSync(ready)) {
    if (cli.child.exitCode !== null) throw new Error(`the CLI exited: ${cli.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  cli.child.kill(signal);
  return { code: await cli.exit, ready, stderr: cli.stderr() };
}

describe('signals a terminal or a supervisor sends (issue 39 item 6)', () => {
  for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const)
    it(`${signal} finishes as SIGTERM does: exit 0, the ready file removed`, async () => {
      const { code, ready, stderr } = await started(signal);
      expect(code).toBe(0);
      expect(stderr).toContain(`${signal}: finishing requests in flight`);
      expect(existsSync(ready)).toBe(false);
    });

  it('SIGQUIT exits at once, 131 as a quit does, and removes the ready file first', async () => {
    const { code, ready } = await started('SIGQUIT');
    expect(code).toBe(131);
    expect(existsSync(ready)).toBe(false);
  });
});
