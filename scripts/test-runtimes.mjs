#!/usr/bin/env node
// `npm run test:runtimes`: the matrix of runtimes, test runners and module
// systems the packages support (issue 19), each row run against the packed
// tarballs in a fresh project under the OS temp directory. Builds and packs the
// two packages, installs them into two consumer projects (one with msw and the
// test tools, one without msw at all), installs the runtimes through npm (Node
// 22 and 24, Bun, Deno, workerd via miniflare, edge-runtime; kept between runs
// under node_modules/.cache, the rest comes from the npm cache), runs every row
// (two at a time by default) and prints a table: runtime, what ran, result, time.
// Exits 1 when any row fails or anything can't be installed: nothing is skipped.
// msw 2 and msw 3 (issue 28) each get a project, the SDK's consumer types are
// checked by TypeScript 5.9 and by TypeScript 7 (versions.json).
//
//   node scripts/test-runtimes.mjs [--no-build] [--keep] [--only=TEXT] [--jobs=N]
//     --no-build  pack the dist/ already built (CI builds in an earlier step)
//     --keep      keep the temp projects (they are kept anyway when a row fails)
//     --only=TEXT run only the rows whose runtime or description contains TEXT (repeatable: any of them)
//     --jobs=N    rows run at the same time (default: the number of CPUs, at least 2)
//
// What each row runs is in scripts/runtimes/: project/ (copied into the consumer
// projects: the SDK scenario, its entries, the Vitest and Jest suites, the
// TypeScript consumers) and drivers/ (workerd, edge-runtime, Chromium).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { checkCancelled, SLOW_BEHAVIOR, SLOW_PROGRAM } from './runtimes/project/scenario.mjs';
import { messageProblems, withoutDirectives } from './runtimes/type-messages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = join(root, 'scripts', 'runtimes');
const argv = process.argv.slice(2);
const args = new Set(argv);
const only = argv.filter((arg) => arg.startsWith('--only=')).map((arg) => arg.slice('--only='.length));
const jobs = Number(
  argv.find((arg) => arg.startsWith('--jobs='))?.slice('--jobs='.length) ?? Math.max(2, availableParallelism()),
);
const started = performance.now();
const versions = JSON.parse(readFileSync(join(here, 'versions.json'), 'utf8'));

// The child npm must not act as part of this workspace (`npm run` exports npm_package_*, npm_config_workspace...).
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^npm_(package_|lifecycle_|config_workspace|config_include_workspace_root)/i.test(key) && key !== 'INIT_CWD',
  ),
);
Object.assign(env, { FORCE_COLOR: '0', NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DO_NOT_TRACK: '1' });

class RowError extends Error {}

// Each command runs in its own process group, so a time-out (or Ctrl-C here) also stops what it started.
const running = new Set();
const killGroup = (pid, signal = 'SIGKILL') => {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
};
process.on('exit', () => {
  for (const pid of running) killGroup(pid);
});
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/** Starts a command in its own process group; `done` resolves to { code, stdout, stderr }. */
function start(command, commandArgs, { cwd, timeoutMs = 120_000, extraEnv = {} } = {}) {
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child.pid);
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  const timer = setTimeout(() => killGroup(child.pid), timeoutMs);
  const done = new Promise((resolve) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      running.delete(child.pid);
      resolve({ code: `failed to start: ${error.message}`, ...output });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child.pid);
      resolve({ code: signal ? `killed by ${signal} (time-out ${timeoutMs} ms?)` : code, ...output });
    });
  });
  return { child, output, done };
}
const run = (command, commandArgs, options) => start(command, commandArgs, options).done;

const tail = (text, lines = 30) => text.trim().split('\n').slice(-lines).join('\n');
const printed = ({ stdout, stderr }) =>
  [stdout.trim() && `--- stdout\n${tail(stdout)}`, stderr.trim() && `--- stderr\n${tail(stderr)}`]
    .filter(Boolean)
    .join('\n');
const lastLine = (text) => text.trim().split('\n').at(-1) ?? '';

/** A command that must exit 0; resolves to its last line of output. */
async function mustPass(command, commandArgs, options) {
  const result = await run(command, commandArgs, options);
  if (result.code !== 0)
    throw new RowError(`${[command, ...commandArgs].join(' ')} exited ${result.code}\n${printed(result)}`);
  return result;
}

const step = (text) => console.log(`test-runtimes: ${text}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
function fatal(text) {
  console.log(`FAIL ${text}`);
  process.exit(1);
}

// 1. Build and pack (as scripts/pack-test.mjs does).
const PACKAGES = [
  { name: '@flight-search/sdk', dir: 'packages/sdk' },
  { name: '@flight-search/mock-server', dir: 'packages/mock-server' },
];
if (!args.has('--no-build')) {
  step('building the SDK and the mock server');
  const built = await run('npm', ['run', 'build', ...PACKAGES.flatMap((p) => ['-w', p.dir])], {
    cwd: root,
    timeoutMs: 300_000,
  });
  if (built.code !== 0) fatal(`build exited ${built.code}\n${printed(built)}`);
}
const work = mkdtempSync(join(tmpdir(), 'flight-search-runtimes-'));
step(`packing into ${work}`);
const packed = await run(
  'npm',
  ['pack', '--json', '--pack-destination', work, ...PACKAGES.flatMap((p) => ['-w', p.dir])],
  { cwd: root },
);
if (packed.code !== 0) fatal(`npm pack exited ${packed.code}\n${printed(packed)}`);
const tarballs = JSON.parse(packed.stdout).map((manifest) => join(work, manifest.filename));

// 2. Install, all four at once: the runtimes (cached), the projects with msw 2 and msw 3, the project without.
const repoVersion = (name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const npmInstall = (cwd, specs) =>
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
    cwd,
    timeoutMs: 600_000,
  });

function project(name, specs) {
  const dir = join(work, name);
  cpSync(join(here, 'project'), dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `flight-search-${name}`, version: '1.0.0', private: true }, null, 2)}\n`,
  );
  return { dir, specs };
}
const testTools = (msw) => [
  ...tarballs,
  `msw@${msw}`,
  ...['typescript', 'esbuild', 'vitest', '@types/node'].map((name) => `${name}@${repoVersion(name)}`),
  ...Object.entries(versions.consumer).map(([name, version]) => `${name}@${version}`),
];
const withMsw = project('with-msw', testTools(repoVersion('msw')));
// The same project on msw 3: npm refuses it (ERESOLVE) unless the mock's peer range names msw 3.
const withMsw3 = project('with-msw3', testTools(versions.msw3));
const noMsw = project('no-msw', [
  ...tarballs,
  ...['typescript', '@types/node'].map((name) => `${name}@${repoVersion(name)}`),
]);
// The SDK's request-type test (one @ts-expect-error per misuse, issue 27) as a consumer compiles it against the tarball.
cpSync(
  join(root, 'packages', 'sdk', 'test', 'request-types.typecheck.ts'),
  join(noMsw.dir, 'types', 'sdk-request-types.mts'),
);
// Jest's require() cannot load the scenario's .mjs: the Jest suites get a CommonJS build of it.
const scenarioCjs = transformSync(readFileSync(join(here, 'project', 'scenario.mjs'), 'utf8'), { format: 'cjs' }).code;
for (const { dir } of [withMsw, withMsw3]) writeFileSync(join(dir, 'scenario.cjs'), scenarioCjs);

const runtimesKey = createHash('sha256').update(JSON.stringify(versions.runtimes)).digest('hex').slice(0, 12);
const runtimesDir = join(root, 'node_modules', '.cache', 'flight-search-runtimes', runtimesKey);
async function installRuntimes() {
  if (existsSync(join(runtimesDir, 'installed'))) return 'cached';
  const partial = `${runtimesDir}.partial-${process.pid}`;
  mkdirSync(partial, { recursive: true });
  writeFileSync(
    join(partial, 'package.json'),
    `${JSON.stringify({ name: 'flight-search-runtimes', private: true, dependencies: versions.runtimes }, null, 2)}\n`,
  );
  const result = await npmInstall(partial, []);
  if (result.code !== 0) throw new RowError(`npm install of the runtimes exited ${result.code}\n${printed(result)}`);
  writeFileSync(join(partial, 'installed'), `${new Date().toISOString()}\n`);
  rmSync(runtimesDir, { recursive: true, force: true });
  renameSync(partial, runtimesDir);
  return 'installed';
}

step(`installing the runtimes (${Object.keys(versions.runtimes).join(', ')}) and the three consumer projects`);
const t0 = performance.now();
const installs = await Promise.allSettled([
  installRuntimes(),
  ...[withMsw, withMsw3, noMsw].map(({ dir, specs }) =>
    npmInstall(dir, specs).then((r) =>
      r.code === 0 ? 'ok' : Promise.reject(new RowError(`npm install in ${dir} exited ${r.code}\n${printed(r)}`)),
    ),
  ),
]);
const failedInstall = installs.find((i) => i.status === 'rejected');
if (failedInstall)
  fatal(`installing: ${failedInstall.reason?.message ?? failedInstall.reason}\nThe projects are kept at ${work}.`);
step(`installed in ${seconds(performance.now() - t0)} (runtimes ${installs[0].value}: ${runtimesDir})`);

// 3. The runtimes and their versions (a runtime that does not start fails the run here).
const bin = (...path) => join(runtimesDir, 'node_modules', ...path);
const RUNTIMES = {
  node20: { label: 'Node 20', command: process.execPath },
  node22: { label: 'Node 22', command: bin('node22', 'bin', 'node') },
  node24: { label: 'Node 24', command: bin('node24', 'bin', 'node') },
  bun: { label: 'Bun', command: bin('.bin', 'bun') },
  deno: { label: 'Deno', command: bin('.bin', 'deno') },
};
for (const [key, runtime] of Object.entries(RUNTIMES)) {
  const result = await run(runtime.command, ['--version'], { cwd: work, timeoutMs: 30_000 });
  if (result.code !== 0) fatal(`${runtime.command} --version exited ${result.code}\n${printed(result)}`);
  const version = result.stdout.match(/\d+\.\d+\.\d+/)?.[0];
  if (key.startsWith('node') && !version?.startsWith(key.slice(4)))
    fatal(`${runtime.command} is Node ${version}, expected ${key}`);
  runtime.label = `${runtime.label.replace(/ \d+$/, '')} ${version}`;
}
const packageVersion = (dir, name) =>
  JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
const runtimesEnv = { RUNTIMES_DIR: runtimesDir, DENO_DIR: join(runtimesDir, 'deno-dir') };

// 4. The mock server (the CLI, installed from the tarball in the project without msw).
const cli = join(noMsw.dir, 'node_modules', '@flight-search', 'mock-server', 'dist', 'cli.js');
let readyFiles = 0;

/**
 * Starts the CLI under `runtime` with the control API, makes SLOW_PROGRAM slow,
 * hands its URL to `body`, then checks the cancelled search in its request log
 * and that SIGTERM ends it with exit code 0.
 */
async function withCli(runtime, body) {
  readyFiles += 1;
  const readyFile = join(work, `ready-${readyFiles}.json`);
  const server = start(runtime.command, [cli, '--port', '0', '--control', '--quiet', '--ready-file', readyFile], {
    cwd: noMsw.dir,
    timeoutMs: 120_000,
  });
  let exited = false;
  server.done.then(() => {
    exited = true;
  });
  try {
    const deadline = Date.now() + 20_000;
    while (!existsSync(readyFile)) {
      if (exited || Date.now() > deadline)
        throw new RowError(
          `the CLI under ${runtime.label} did not get ready\n${printed(await Promise.race([server.done, server.output]))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { url } = JSON.parse(readFileSync(readyFile, 'utf8'));
    const put = await fetch(`${url}/__mock/programs/${SLOW_PROGRAM}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SLOW_BEHAVIOR),
    });
    if (put.status !== 204)
      throw new RowError(`PUT /__mock/programs/${SLOW_PROGRAM} answered ${put.status}: ${await put.text()}`);
    const note = await body(url);
    const { requests } = await (await fetch(`${url}/__mock/requests`)).json();
    const cancelled = checkCancelled(requests);
    server.child.kill('SIGTERM');
    let timer;
    const ended = await Promise.race([
      server.done,
      new Promise(
        (resolve) =>
          (timer = setTimeout(() => resolve({ code: 'still running 10 s after SIGTERM', ...server.output }), 10_000)),
      ),
    ]);
    clearTimeout(timer);
    if (ended.code !== 0)
      throw new RowError(`the CLI under ${runtime.label} exited ${ended.code} on SIGTERM\n${printed(ended)}`);
    return `${note}; ${cancelled}; CLI exited 0 on SIGTERM`;
  } finally {
    killGroup(server.child.pid);
  }
}

// 5. The rows.
const rows = [];
// `slow`: started first (a tsc run takes 20-40 s here, the others 1-9 s), so two at a time end together.
const row = (runtime, what, body, { slow = false } = {}) => rows.push({ runtime, what, body, slow });
const inProject = (dir, command, commandArgs, extraEnv) => async () =>
  lastLine(
    (await mustPass(command, commandArgs, { cwd: dir, timeoutMs: 120_000, extraEnv: { ...runtimesEnv, ...extraEnv } }))
      .stdout,
  );
const msw2 = `msw ${repoVersion('msw')}`;
const msw3 = `msw ${versions.msw3}`;
// msw 2 on every Node the packages support; msw 3 on those its engines allow (Node 22.12 and later).
const MSW_PROJECTS = [
  { msw: msw2, dir: withMsw.dir, nodes: ['node20', 'node22', 'node24'] },
  { msw: msw3, dir: withMsw3.dir, nodes: ['node22', 'node24'] },
];

// Part 1: the SDK scenario in each runtime.
for (const { msw, dir, nodes } of MSW_PROJECTS) {
  for (const key of nodes) {
    row(
      RUNTIMES[key].label,
      `SDK scenario, ESM (import), mock: ${msw} setupServer`,
      inProject(dir, RUNTIMES[key].command, ['entries/msw.mjs']),
    );
    row(
      RUNTIMES[key].label,
      `SDK scenario, CommonJS (require), mock: ${msw} setupServer`,
      inProject(dir, RUNTIMES[key].command, ['entries/msw.cjs']),
    );
  }
}
row(
  RUNTIMES.bun.label,
  `SDK scenario, ESM, mock: ${msw2} setupServer`,
  inProject(withMsw.dir, RUNTIMES.bun.command, ['entries/msw.mjs']),
);
row(
  RUNTIMES.deno.label,
  `SDK scenario, package.json + node_modules, bare imports, mock: ${msw2} setupServer (ends with Deno.exit)`,
  inProject(withMsw.dir, RUNTIMES.deno.command, ['run', '--allow-all', 'entries/msw.mjs']),
);
// Without msw the process ends by itself: the SDK leaves nothing open.
row(RUNTIMES.deno.label, 'SDK scenario, package.json + node_modules, bare imports, mock: the CLI over HTTP', () =>
  withCli(RUNTIMES.node20, (url) =>
    inProject(withMsw.dir, RUNTIMES.deno.command, ['run', '--allow-all', 'entries/http.mjs', url])(),
  ),
);
// The environment variables where a runtime has them (issue 31 item 1); Deno without --allow-env reads none and does not throw.
const fromEnv = (url) => ({ FLIGHT_SEARCH_API_KEY: 'test-key', FLIGHT_SEARCH_BASE_URL: url });
for (const [runtime, pre] of [
  [RUNTIMES.node20, []],
  [RUNTIMES.bun, []],
  [RUNTIMES.deno, ['run', '--allow-all']],
]) {
  row(
    runtime.label,
    'the client takes its key and base URL from FLIGHT_SEARCH_API_KEY and FLIGHT_SEARCH_BASE_URL',
    () =>
      withCli(RUNTIMES.node20, (url) =>
        inProject(withMsw.dir, runtime.command, [...pre, 'entries/env.mjs', 'env'], fromEnv(url))(),
      ),
  );
}
row(
  RUNTIMES.deno.label,
  'without --allow-env: explicit options work, the environment is not read and nothing throws',
  () =>
    withCli(RUNTIMES.node20, (url) =>
      inProject(
        withMsw.dir,
        RUNTIMES.deno.command,
        ['run', '--no-prompt', '--allow-net', '--allow-read', 'entries/env.mjs', 'explicit', url],
        fromEnv(url),
      )(),
    ),
);
row(
  `workerd (miniflare ${packageVersion(runtimesDir, 'miniflare')})`,
  'SDK scenario in a module Worker, mock: the CLI over HTTP',
  () =>
    withCli(RUNTIMES.node20, (url) =>
      inProject(withMsw.dir, process.execPath, [join(here, 'drivers', 'workerd.mjs'), withMsw.dir, url])(),
    ),
);
row(
  `Vercel Edge (edge-runtime ${packageVersion(runtimesDir, 'edge-runtime')})`,
  'SDK scenario in an EdgeRuntime context, mock: the CLI over HTTP',
  () =>
    withCli(RUNTIMES.node20, (url) =>
      inProject(withMsw.dir, process.execPath, [join(here, 'drivers', 'edge.mjs'), withMsw.dir, url])(),
    ),
);
for (const where of ['page', 'worker']) {
  row(
    `Chromium (${where === 'page' ? 'page' : 'Web Worker'})`,
    `SDK scenario bundled by esbuild, in ${where === 'page' ? 'the page' : 'a dedicated Web Worker'}, mock: the CLI over HTTP (CORS)`,
    () =>
      withCli(RUNTIMES.node20, (url) =>
        inProject(withMsw.dir, process.execPath, [join(here, 'drivers', 'chromium.mjs'), withMsw.dir, url, where])(),
      ),
  );
}
for (const { msw, dir } of MSW_PROJECTS) {
  row(
    'Chromium (page)',
    `SDK scenario bundled by esbuild, in the page, mock: ${msw} setupWorker (its service worker answers)`,
    inProject(dir, process.execPath, [join(here, 'drivers', 'chromium.mjs'), dir, '-', 'setupWorker']),
  );
}

// Part 2: the mock in consumer test suites, the CLI, startMockServer.
// The test runners run under the first Node the project's msw supports (Node 20 for msw 2, 22 for msw 3);
// they start their workers with the same Node.
const runner = ({ dir, nodes }, script, args, expected) =>
  mustPass(RUNTIMES[nodes[0]].command, [join(dir, 'node_modules', ...script), ...args], {
    cwd: dir,
    timeoutMs: 120_000,
    extraEnv: { EXPECTED_ENVIRONMENT: expected },
  });
for (const project of MSW_PROJECTS) {
  const on = project.nodes[0] === 'node20' ? '' : ` (${RUNTIMES[project.nodes[0]].label})`;
  const vitest = (environment, expected) => async () => {
    const result = await runner(
      project,
      ['vitest', 'vitest.mjs'],
      ['run', '--environment', environment, 'test/msw.vitest.test.mjs'],
      expected,
    );
    const passed = result.stdout.match(/Tests\s+(\d+) passed/)?.[1];
    if (passed !== '2') throw new RowError(`expected 2 tests passed\n${printed(result)}`);
    return `2 tests passed (environment ${environment})`;
  };
  row(
    `Vitest ${repoVersion('vitest')}${on}`,
    `${project.msw} handlers + SDK scenario in a consumer suite, environment node`,
    vitest('node', 'node'),
  );
  row(
    `Vitest ${repoVersion('vitest')}${on}`,
    `${project.msw} handlers + SDK scenario in a consumer suite, environment jsdom ${versions.consumer.jsdom}`,
    vitest('jsdom', 'dom'),
  );
  const jest = (name, expected) => async () => {
    const result = await runner(project, ['jest', 'bin', 'jest.js'], ['--ci', '--selectProjects', name], expected);
    const passed = result.stderr.match(/Tests:\s+(\d+) passed/)?.[1];
    if (passed !== '2') throw new RowError(`expected 2 tests passed\n${printed(result)}`);
    return `2 tests passed (project ${name})`;
  };
  row(
    `Jest ${versions.consumer.jest}${on}`,
    `${project.msw} handlers + SDK scenario in a CommonJS suite, testEnvironment node (babel-jest for msw's ESM-only code)`,
    jest('node', 'node'),
  );
  row(
    `Jest ${versions.consumer.jest}${on}`,
    `${project.msw} handlers + SDK scenario in a CommonJS suite, testEnvironment jest-fixed-jsdom ${versions.consumer['jest-fixed-jsdom']}`,
    jest('jsdom', 'dom'),
  );
}

row(
  'npm (no msw)',
  'the project without msw: npm installed no msw, although the mock server is installed',
  async () => {
    if (existsSync(join(noMsw.dir, 'node_modules', 'msw')))
      throw new RowError(`${noMsw.dir}/node_modules/msw exists: msw is not an optional peer`);
    const manifest = JSON.parse(
      readFileSync(join(noMsw.dir, 'node_modules', '@flight-search', 'mock-server', 'package.json'), 'utf8'),
    );
    if (manifest.peerDependenciesMeta?.msw?.optional !== true)
      throw new RowError(`peerDependenciesMeta of the tarball: ${JSON.stringify(manifest.peerDependenciesMeta)}`);
    for (const file of ['node.d.ts', 'node.d.cts', 'node.js', 'node.cjs', 'cli.js']) {
      const text = readFileSync(join(noMsw.dir, 'node_modules', '@flight-search', 'mock-server', 'dist', file), 'utf8');
      const naming = text.match(/(?:from\s*|require\(|import\()\s*['"](msw|@mswjs\/[^'"]*)(?:\/[^'"]*)?['"]/);
      if (naming) throw new RowError(`dist/${file} loads ${naming[1]}: ${naming[0]}`);
    }
    return 'no node_modules/msw; msw is an optional peer; dist/node.* and dist/cli.js name no msw module';
  },
);
for (const key of ['node20', 'node22', 'node24', 'bun']) {
  row(RUNTIMES[key].label, 'the CLI (flight-search-mock, no msw installed); SDK scenario over HTTP from Node', () =>
    withCli(RUNTIMES[key], (url) => inProject(noMsw.dir, process.execPath, ['entries/http.mjs', url])()),
  );
}
row(
  RUNTIMES.node20.label,
  'startMockServer from ESM (import, no msw installed); SDK scenario against it',
  inProject(noMsw.dir, process.execPath, ['entries/start-server.mjs']),
);
row(
  RUNTIMES.node20.label,
  'startMockServer from CommonJS (require, no msw installed); SDK scenario against it',
  inProject(noMsw.dir, process.execPath, ['entries/start-server.cjs']),
);

// Part 3: TypeScript consumers, skipLibCheck: false, an ESM (.mts) and a CommonJS (.cts) file each.
const COMPILER = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'preserve', moduleResolution: 'bundler' },
};
// With msw installed, every mode (node-entry.cts under node16 is issue 19's TS1479 case: msw's types
// loaded from CommonJS). With msw 3, the file that loads msw's types (the others never reach msw).
// Without msw, node16 alone: the other modes resolve the same declaration files.
// Each by the project's TypeScript 5.9 and by TypeScript 7 (its npm package's `tsc` is a drop-in: a
// Node launcher of the native compiler, from @typescript/typescript-<platform>).
const COMPILERS = [
  {
    name: `TypeScript ${repoVersion('typescript')}`,
    tsc: (dir) => join(dir, 'node_modules', 'typescript', 'bin', 'tsc'),
  },
  { name: `TypeScript ${packageVersion(runtimesDir, 'typescript7')}`, tsc: () => bin('typescript7', 'bin', 'tsc') },
];
for (const [label, { dir }, files, modes] of [
  [
    `${msw2} installed`,
    withMsw,
    ['types/node-entry.mts', 'types/node-entry.cts', 'types/main-entry.mts'],
    Object.keys(COMPILER),
  ],
  [`${msw3} installed`, withMsw3, ['types/main-entry.mts'], Object.keys(COMPILER)],
  [
    'no msw installed',
    noMsw,
    ['types/node-entry.mts', 'types/node-entry.cts', 'types/sdk-request-types.mts'],
    ['node16'],
  ],
]) {
  for (const [mode, options] of Object.entries(COMPILER).filter(([mode]) => modes.includes(mode))) {
    for (const [index, { name, tsc }] of COMPILERS.entries()) {
      row(
        name,
        `${mode}: ${files.map((f) => f.slice(6)).join(', ')} (${label}), skipLibCheck false`,
        async () => {
          const config = `tsconfig.${mode}.${index}.json`;
          const compilerOptions = {
            ...options,
            target: 'es2022',
            strict: true,
            skipLibCheck: false,
            noEmit: true,
            types: ['node'],
          };
          writeFileSync(join(dir, config), JSON.stringify({ compilerOptions, files }, null, 2));
          const result = await run(process.execPath, [tsc(dir), '-p', config], { cwd: dir, timeoutMs: 120_000 });
          if (result.code !== 0)
            throw new RowError(`${name} tsc -p ${config} exited ${result.code}\n${printed(result)}`);
          return `${name}: tsc -p ${config}: no errors`;
        },
        { slow: true },
      );
    }
  }
}

// The request-type test again without its @ts-expect-error directives, under each TypeScript: each misuse an
// error on its line, and a misspelt or extra field named in the message (issue 42 item 4).
const messages = withoutDirectives(
  readFileSync(join(root, 'packages', 'sdk', 'test', 'request-types.typecheck.ts'), 'utf8'),
);
writeFileSync(join(noMsw.dir, 'types', 'sdk-request-messages.mts'), messages.source);
for (const [index, { name, tsc }] of COMPILERS.entries()) {
  const named = messages.expected.filter((e) => e.field).length;
  row(
    name,
    `node16: sdk-request-messages.mts (the request-type test, no @ts-expect-error): ${messages.expected.length} misuses each an error, ${named} named by field`,
    async () => {
      const config = `tsconfig.messages.${index}.json`;
      const compilerOptions = {
        ...COMPILER.node16,
        target: 'es2022',
        strict: true,
        noEmit: true,
        pretty: false,
        types: ['node'],
      };
      writeFileSync(
        join(noMsw.dir, config),
        JSON.stringify({ compilerOptions, files: ['types/sdk-request-messages.mts'] }, null, 2),
      );
      const result = await run(process.execPath, [tsc(noMsw.dir), '-p', config], {
        cwd: noMsw.dir,
        timeoutMs: 120_000,
      });
      const problems = messageProblems(result.stdout, 'types/sdk-request-messages.mts', messages.expected);
      if (problems.length) throw new RowError(`${name}: ${problems.join('\n')}\n${printed(result)}`);
      return `${name}: each misuse its error; ${named} name their field ({ 'unknown field': "childs" })`;
    },
    { slow: true },
  );
}

// 6. Run them, `jobs` at a time, and print the table.
const selected = rows.filter((r) => only.length === 0 || only.some((text) => `${r.runtime} ${r.what}`.includes(text)));
if (selected.length === 0)
  fatal(`no row's runtime or description contains ${only.map((text) => JSON.stringify(text)).join(' or ')}`);
step(`running ${selected.length} rows, ${jobs} at a time`);
const queue = [...selected.filter((r) => r.slow), ...selected.filter((r) => !r.slow)];
async function worker() {
  while (queue.length > 0) {
    const current = queue.shift();
    const t = performance.now();
    try {
      current.note = await current.body();
      current.ok = true;
    } catch (error) {
      current.ok = false;
      current.error = error instanceof RowError ? error.message : (error?.stack ?? String(error));
    }
    current.ms = performance.now() - t;
    console.log(
      `${current.ok ? 'ok  ' : 'FAIL'} ${current.runtime}: ${current.what} (${seconds(current.ms)})${current.ok ? `\n       ${current.note}` : `\n${current.error}`}`,
    );
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, selected.length) }, worker));

const header = ['runtime', 'what ran', 'result', 'time'];
const table = selected.map((r) => [r.runtime, r.what, r.ok ? 'pass' : 'FAIL', seconds(r.ms)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${table.map(line).join('\n')}`);
const failed = selected.filter((r) => !r.ok);
if (failed.length > 0) console.log(`\nThe projects are kept at ${work} to investigate.`);
else if (args.has('--keep')) console.log(`\ntest-runtimes: kept ${work}`);
else rmSync(work, { recursive: true, force: true });
// The whole run: build, pack, install, rows and clean-up.
console.log(
  `\ntest-runtimes: ${selected.length - failed.length} of ${selected.length} rows passed; ${seconds(performance.now() - started)} in all`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
