import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCli } from './cli-process.js';

// Issue 29's done-when (D154): 8 test processes, each with its own key, on ONE standalone server.
const WORKERS = 8;
const workerScript = fileURLToPath(new URL('./parallel-worker.mjs', import.meta.url));

describe('8 workers on one standalone server (D154)', () => {
  it('each worker sets its own fault, behaviour, rate limit, scenario and quota exhaustion, and sees only its own effects and requests', async () => {
    const { cli, url } = await startCli(['--control', '--quiet']);
    const workers = Array.from({ length: WORKERS }, (_, index) => fork(workerScript, [url, String(index)], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] }));
    const errors: string[] = [];
    // A barrier: a phase's name goes to every worker once all of them reached it, so the phases interleave.
    const reached = new Map<string, number>();
    for (const worker of workers) {
      worker.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
      worker.on('message', (name) => {
        const count = (reached.get(name as string) ?? 0) + 1;
        reached.set(name as string, count);
        if (count === WORKERS) for (const each of workers) if (each.connected) each.send(name as string);
      });
    }
    const codes = await Promise.all(workers.map((worker) => new Promise<number | null>((resolve) => worker.on('exit', resolve))));
    expect(errors.join('\n')).toBe('');
    expect(codes).toEqual(Array(WORKERS).fill(0));
    expect([...reached]).toEqual(['set', 'exercised', 'read', 'reset'].map((name) => [name, WORKERS]));
    // Nothing any worker set reached the global settings.
    const state = (await (await fetch(`${url}/__mock/state`)).json()) as { faults: unknown[]; programs: object; options: { rateLimit: unknown } };
    expect([state.faults, state.programs, state.options.rateLimit]).toEqual([[], {}, null]);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
  }, 60_000);
});
