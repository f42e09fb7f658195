import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

/** The CLI as a process, from source through tsx, killed after each test (test/node/cli.test.ts and the issue 17 tests). */
export const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

export interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

export function runCli(args: string[]): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'fsm-c17-'));
}

export function tempFile(name: string, content: string): string {
  const file = join(tempDir(), name);
  writeFileSync(file, content);
  return file;
}

/** Starts the CLI with `--ready-file` and resolves with what the file says once it exists. */
export async function startCli(
  args: string[],
): Promise<{ cli: Cli; url: string; port: number; pid: number; readyFile: string }> {
  const readyFile = join(tempDir(), 'ready.json');
  const cli = runCli(['--port', '0', ...args, '--ready-file', readyFile]);
  const deadline = Date.now() + 20_000;
  while (!existsSync(readyFile)) {
    if (cli.child.exitCode !== null) throw new Error(`the CLI exited with ${cli.child.exitCode}: ${cli.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ready file; stderr: ${cli.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as { url: string; port: number; pid: number };
  return { cli, ...ready, readyFile };
}

export function control(url: string, method: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${url}/__mock${route}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}
