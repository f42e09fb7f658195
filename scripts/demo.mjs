#!/usr/bin/env node
// `npm run demo`: builds the packages when dist/ is missing or older than the
// sources, starts the standalone mock (the built flight-search-mock CLI) on a
// free port with realistic latencies, runs examples/node-compare against it,
// and stops the server, also on failure or Ctrl-C. Exit code: the example's.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's bold escapes (ESC) when the output is not a terminal
const BOLD = /\x1b\[\d+m/g;
const say = (text) =>
  process.stdout.write(`\x1b[1m[demo]\x1b[0m ${text}\n`.replace(BOLD, process.stdout.isTTY ? '$&' : ''));

/** Newest modification time of the files under `path` (a file or a folder). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function oldest(files) {
  return Math.min(...files.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
}

const children = new Set();
/** Starts a child process that is stopped with the demo, whatever ends it. */
function run(command, args, options) {
  // Its own process group, so stopping it also stops what it started (npm -> sh -> tsup).
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}
const exitOf = (child) => new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
function stopAll(signal = 'SIGTERM') {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    say(`${signal}: stopping`);
    stopAll();
    process.exit(130);
  });
}
process.on('exit', () => stopAll('SIGKILL'));

const packages = [
  {
    dir: 'packages/sdk',
    inputs: ['src', 'package.json', 'tsup.config.ts'],
    outputs: ['dist/index.js', 'dist/index.cjs'],
  },
  {
    dir: 'packages/mock-server',
    inputs: ['src', 'package.json', 'tsup.config.ts', '../../openapi.yaml'],
    outputs: ['dist/index.js', 'dist/node.js', 'dist/cli.js', 'openapi.yaml'],
  },
];
const stale = packages.filter(({ dir, inputs, outputs }) => {
  const built = oldest(outputs.map((file) => join(root, dir, file)));
  return built === 0 || Math.max(...inputs.map((input) => newest(join(root, dir, input)))) > built;
});
if (stale.length > 0) {
  say(`building (dist/ missing or older than the sources in ${stale.map((p) => p.dir).join(', ')})`);
  const builder = run('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const buildLog = [];
  builder.stdout.on('data', (chunk) => buildLog.push(chunk));
  builder.stderr.on('data', (chunk) => buildLog.push(chunk));
  const build = await exitOf(builder);
  if (build.code !== 0) {
    // The build's own output is only worth reading when it failed.
    process.stderr.write(Buffer.concat(buildLog));
    say('npm run build failed');
    process.exit(build.code ?? 1);
  }
}

const serverLog = [];
const server = run(
  process.execPath,
  [join(root, 'packages/mock-server/dist/cli.js'), '--port', '0', '--latency', 'realistic', '--quiet'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
server.stderr.on('data', (chunk) => serverLog.push(chunk));
const serverExit = exitOf(server);

const url = await new Promise((resolve, reject) => {
  let out = '';
  const timer = setTimeout(() => reject(new Error('the server printed no URL within 15 s')), 15_000);
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /http:\/\/[^\s]+/.exec(out);
    if (match) {
      clearTimeout(timer);
      resolve(match[0]);
    }
  });
  serverExit.then(({ code }) => reject(new Error(`the server exited with code ${code} before listening`)));
}).catch((error) => {
  say(`${error.message}\n${Buffer.concat(serverLog).toString()}`);
  process.exit(1);
});
say(`flight-search-mock listening on ${url} (realistic provider latencies, 0.2 to 4 s per program)`);
say(`node examples/node-compare --base-url ${url}\n`);

const example = run(process.execPath, ['--import', 'tsx', 'src/main.ts', '--base-url', url, '--api-key', 'test-key'], {
  cwd: join(root, 'examples/node-compare'),
  stdio: 'inherit',
});
const code = (await exitOf(example)).code ?? 1;

server.kill('SIGTERM');
const stopped = await serverExit;
if (stopped.code !== 0)
  say(`the server exited with ${stopped.code ?? stopped.signal}:\n${Buffer.concat(serverLog).toString()}`);
say(
  `${code === 0 ? 'done' : `node-compare failed with exit code ${code}`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(code === 0 && stopped.code === 0 ? 0 : code || 1);
