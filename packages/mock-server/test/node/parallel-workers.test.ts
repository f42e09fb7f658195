import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCli } from './cli-process.js';

// Issue 29's done-when (D154): 8 test processes, each with its own key, on ONE standalone server.
const WORKERS = 8;
const workerScript = fileURLToPath(new URL('./parallel-worker.mjs', import.meta.url));

/** One server, 8 workers of parallel-worker.mjs in `mode`, until every worker exited; the server's global state at the end. */
async function runWorkers(mode: 'scoped' | 'global') {
  const { cli, url } = await startCli(['--control', '--quiet']);
  const workers = Array.from({ length: WORKERS }, (_, index) =>
    fork(workerScript, [url, String(index), mode], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] }),
  );
  const errors: string[] = [];
  // A barrier: a phase's name goes to every worker once all of them reached it, so the phases interleave.
  // A worker that exited counts as there, so that a failed one leaves the others waiting for no one.
  const reached = new Map<string, number>();
  const released = new Set<string>();
  let exited = 0;
  const release = () => {
    for (const [name, count] of reached) {
      if (count + exited < WORKERS || released.has(name)) continue;
      released.add(name);
      for (const each of workers) if (each.connected) each.send(name);
    }
  };
  for (const worker of workers) {
    worker.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    worker.on('message', (name) => {
      reached.set(name as string, (reached.get(name as string) ?? 0) + 1);
      release();
    });
  }
  const codes = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<number | null>((resolve) =>
          worker.on('exit', (code) => {
            exited++;
            release();
            resolve(code);
          }),
        ),
    ),
  );
  const state = (await (await fetch(`${url}/__mock/state`)).json()) as {
    faults: unknown[];
    programs: object;
    options: { rateLimit: unknown };
  };
  cli.child.kill('SIGTERM');
  expect(await cli.exit).toBe(0);
  return { errors: errors.join('\n'), codes, reached: [...reached], state };
}

describe('8 workers on one standalone server (D154)', () => {
  it('each worker sets its own fault, behaviour, rate limit, scenario and quota exhaustion, and sees only its own effects and requests', async () => {
    const { errors, codes, reached, state } = await runWorkers('scoped');
    expect(errors).toBe('');
    expect(codes).toEqual(Array(WORKERS).fill(0));
    expect(reached).toEqual(['set', 'exercised', 'read', 'reset'].map((name) => [name, WORKERS]));
    // Nothing any worker set reached the global settings.
    expect([state.faults, state.programs, state.options.rateLimit]).toEqual([[], {}, null]);
  }, 60_000);

  it('the same workers fail when they set the same state through the global routes, so the checks above test the scoping', async () => {
    const { errors, codes } = await runWorkers('global');
    // Every setting was taken: what fails is a check that saw another worker's fault, behaviour, limit, quota or requests.
    expect(errors).not.toContain('refused:');
    expect(errors).toContain('AssertionError');
    expect(codes).toContain(1);
  }, 60_000);
});
