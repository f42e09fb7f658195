import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The example's folder, where `next` runs. */
export const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const NEXT = fileURLToPath(import.meta.resolve('next/dist/bin/next'));

/** Debian's Chromium; `npm test` sets CHROMIUM_PATH to the one it found (scripts/lib/browser.mjs). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// As examples/web's harness: without the background-networking flags Chromium dials Google's hosts.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The environment of a `next` command: no key unless given, no telemetry (no network). */
function nextEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...extra };
  if (!('FLIGHT_SEARCH_API_KEY' in extra)) delete env.FLIGHT_SEARCH_API_KEY;
  // Vitest runs with NODE_ENV=test, which Next refuses for a production build.
  delete env.NODE_ENV;
  return env;
}

/** `next build` with no FLIGHT_SEARCH_API_KEY in its environment; rejects with its output when it fails. */
export function nextBuild(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NEXT, 'build'], {
      cwd: APP_DIR,
      env: nextEnv({}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`next build exited ${code}:\n${output}`)),
    );
  });
}

export interface NextServer {
  url: string;
  close(): Promise<void>;
}

/** `next start` on a free port of 127.0.0.1 with `env`, resolved once it answers. */
export async function nextStart(env: Record<string, string>): Promise<NextServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [NEXT, 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: APP_DIR,
    env: nextEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`next start did not answer within 60 s:\n${output}`);
    }
    const up = await fetch(`${url}/_not-found`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
