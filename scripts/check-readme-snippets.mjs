#!/usr/bin/env node
// `npm run check:readme`: every ```ts block of the READMEs type-checks as written.
// Each block becomes a module of its own (so two snippets may both declare `client`)
// under .tmp/readme-snippets/, and tsc checks them all against the packages' sources
// (the same mapping the workspaces' tests use), with Node's and the DOM's types, since
// a README shows code for both. A block marked ```ts continued goes on from the
// block before it in the same README (it is checked with that block's code first).
// A block marked ```ts run (or ```ts continued run) is then run too, as Node runs it (the SDK's
// server build), against a mock server this script starts: its `http://127.0.0.1:4010` becomes that
// server's URL, FLIGHT_SEARCH_API_KEY and FLIGHT_SEARCH_BASE_URL name it, and it must exit 0.
// The sh and json blocks of the READMEs in SHELL_READMES run too, against the built CLI (see runShellBlocks).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellBlocks, snippets } from './lib/snippets.mjs';
import { ENTRY_POINTS } from './typedoc/entry-points.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const READMES = [
  'README.md',
  'packages/sdk/README.md',
  'packages/mock-server/README.md',
  'examples/consumer-tests/README.md',
  'examples/web/README.md',
];
const out = join(root, '.tmp/readme-snippets');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = [];
for (const readme of READMES) {
  for (const { line, code, parts, run } of snippets(readFileSync(join(root, readme), 'utf8'))) {
    const name = `${readme.replaceAll('/', '__').replace(/\.md$/, '')}__L${line}.ts`;
    // `export {}` makes a snippet without imports a module too, so snippets never share a scope.
    writeFileSync(join(out, name), `${code}\nexport {};\n`);
    files.push({ name, readme, line, parts, run, code });
  }
}

const src = (path) => relative(out, join(root, path));
// The packages' code entries and their sources, from the table the API reference is built from.
const ENTRIES = Object.fromEntries(ENTRY_POINTS.map(({ module, source }) => [module, source]));
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: relative(out, join(root, 'tsconfig.json')),
      compilerOptions: {
        types: ['node'],
        noUnusedLocals: false,
        baseUrl: '.',
        paths: Object.fromEntries(Object.entries(ENTRIES).map(([entry, path]) => [entry, [src(path)]])),
      },
      include: ['*.ts'],
    },
    null,
    2,
  ),
);

const tsc = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(out, 'tsconfig.json')],
  { encoding: 'utf8' },
);
// Name each failing snippet by its README and line, not by the generated file.
/** `README.md:line:column` of line `l` (1-based) of a checked snippet file. */
function where(file, l, c) {
  let rest = l;
  for (const part of file.parts) {
    const count = part.code.split('\n').length;
    if (rest <= count) return `${file.readme}:${part.line + rest}:${c}`;
    rest -= count;
  }
  return `${file.readme}:${file.line}`;
}
// Name each failing snippet by its README and line, not by the generated file.
const report = (tsc.stdout + tsc.stderr).replace(
  /(?:[^\s]*\/)?([\w.-]+__L\d+)\.ts\((\d+),(\d+)\)/g,
  (match, name, l, c) => {
    const file = files.find((f) => f.name === `${name}.ts`);
    return file ? `${where(file, Number(l), c)} (snippet at line ${file.line})` : match;
  },
);
if (tsc.status !== 0) {
  process.stderr.write(report);
  console.error(`check:readme: ${files.length} snippets, tsc found errors above`);
  process.exit(1);
}
console.log(`check:readme: ${files.length} README snippets type-check as written`);

// Run the blocks marked `run`, each bundled from the sources as Node resolves the packages (the SDK's
// `node` condition is its server build, which reads the environment), in a process of its own.
const toRun = files.filter((file) => file.run);
const { build } = await import('esbuild');
const alias = { ...Object.fromEntries(Object.entries(ENTRIES).map(([entry, path]) => [entry, join(root, path)])) };
alias['@flight-search/sdk'] = join(root, 'packages/sdk/src/server.ts');
const bundle = (contents, outfile) =>
  build({
    stdin: { contents, resolveDir: out, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    alias,
    outfile,
    logLevel: 'error',
    packages: 'bundle',
  });

const server = join(out, 'mock-server.mjs');
await bundle("import { startMockServer } from '@flight-search/mock-server/node';\nexport { startMockServer };", server);
const { startMockServer } = await import(server);
const mock = await startMockServer({ port: 0, log: false });
const RUN_TIMEOUT_MS = 30_000;
/** Bundles and runs one marked snippet; what went wrong, named by its README line, or undefined. */
async function runSnippet(file) {
  const script = join(out, file.name.replace(/\.ts$/, '.mjs'));
  try {
    await bundle(file.code.replaceAll('http://127.0.0.1:4010', mock.url), script);
  } catch (error) {
    return `${file.readme}:${file.line}: the snippet does not bundle: ${error.message}`;
  }
  const env = { ...process.env, FLIGHT_SEARCH_API_KEY: 'test-key', FLIGHT_SEARCH_BASE_URL: mock.url };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: RUN_TIMEOUT_MS,
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve(undefined);
      else if (signal)
        resolve(
          `${file.readme}:${file.line}: the snippet was stopped (${signal}) after ${RUN_TIMEOUT_MS / 1000} s\n${stderr}`,
        );
      else resolve(`${file.readme}:${file.line}: the snippet exited ${code}\n${stderr}`);
    });
  });
}
const failures = [];
try {
  for (const file of toRun) {
    const failure = await runSnippet(file);
    if (failure) failures.push(failure);
  }
} finally {
  await mock.close();
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(`check:readme: ${failures.length} of ${toRun.length} snippets marked run failed`);
  process.exit(1);
}
console.log(`check:readme: ${toRun.length} snippets marked run ran and exited 0 against the mock`);
await runShellBlocks();

/**
 * Every sh and json block of these READMEs, each in a folder of its own (`blockFolder`), run against the built CLI (`packages/mock-server/dist/cli.js`,
 * started with `--control` on a free port, reset before each block), so an example the text promises to
 * work is one that works: `http://127.0.0.1:4010` becomes the CLI's URL, `npx flight-search-mock` the built
 * CLI, and each `curl` fails the block on an HTTP error unless the block is marked `errors:`. A json block
 * marked `stub` is posted to `/__mock/stubs` and must be taken (201). See `shellBlocks` for the marks.
 */
async function runShellBlocks() {
  const SHELL_READMES = ['README.md', 'packages/sdk/README.md', 'packages/mock-server/README.md'];
  const cli = join(root, 'packages/mock-server/dist/cli.js');
  const server = await startCli(['--control']);
  const failures = [];
  let count = 0;
  try {
    for (const readme of SHELL_READMES)
      for (const block of shellBlocks(readFileSync(join(root, readme), 'utf8'))) {
        if (block.mark === 'no-run') continue;
        count++;
        await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
        const failure = block.lang === 'json' ? await jsonBlock(block, server.url) : await shBlock(block, server.url);
        if (failure) failures.push(`${readme}:${block.line}: ${failure}`);
      }
  } finally {
    server.child.kill('SIGTERM');
  }
  if (failures.length > 0) {
    console.error(failures.join('\n'));
    console.error(`check:readme: ${failures.length} of ${count} sh and json blocks failed`);
    process.exit(1);
  }
  console.log(`check:readme: ${count} sh and json blocks ran against the built CLI`);

  /** The built CLI with `args` on a free port: its URL once it prints it, and the process. */
  function startCli(args) {
    const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the CLI did not start: ${out}`)), 20_000);
      child.on('exit', (code) => reject(new Error(`the CLI exited ${code}: ${out}`)));
      for (const stream of [child.stdout, child.stderr])
        stream.on('data', (chunk) => {
          out += chunk;
          const url = /listening on (http:\/\/\S+)$/m.exec(out)?.[1];
          if (!url) return;
          clearTimeout(timer);
          resolve({ child, url });
        });
    });
  }

  async function jsonBlock(block, url) {
    let value;
    try {
      value = JSON.parse(block.code);
    } catch (error) {
      return `not JSON: ${error.message}`;
    }
    if (block.mark !== 'stub') return undefined;
    const answer = await fetch(`${url}/__mock/stubs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(value),
    });
    return answer.status === 201 ? undefined : `the stub is refused: ${answer.status} ${await answer.text()}`;
  }

  /**
   * A folder of its own for each block, as a user's project would be: the repository's node_modules (so `npx esbuild`
   * and `@flight-search/sdk` resolve as installed) and a page script, `src/main.ts`, that imports the SDK.
   */
  function blockFolder() {
    const folder = mkdtempSync(join(tmpdir(), 'readme-sh-'));
    symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
    mkdirSync(join(folder, 'src'));
    writeFileSync(
      join(folder, 'src/main.ts'),
      "import { createFlightSearchClient } from '@flight-search/sdk';\nconsole.log(typeof createFlightSearchClient);\n",
    );
    return folder;
  }

  /** Runs a sh block with bash (`set -euo pipefail`); a `server` block's `npx flight-search-mock` line starts a CLI of its own. */
  function shBlock(block, url) {
    const own = block.mark === 'server';
    // A `server` block's own CLI answers on the port its line names (4010 unless it says); 4010 is otherwise the shared CLI.
    const port = own ? (/^npx flight-search-mock .*--port (\d+)/m.exec(block.code)?.[1] ?? '4010') : '';
    const curl = block.mark === 'errors' ? '' : 'curl() { command curl -sS --fail-with-body "$@"; }\n';
    const code = block.code
      .replace(/^npx flight-search-mock (.*)$/gm, (_, args) =>
        own
          ? `"${process.execPath}" "${cli}" ${args.replace(`--port ${port}`, '--port 0')} > "$OUT" 2>&1 &\nPID=$!; trap 'kill $PID' EXIT\nuntil grep -q 'listening on' "$OUT"; do sleep 0.1; done\nURL=$(grep -o 'http://[^ ]*' "$OUT" | head -1)`
          : '',
      )
      .replaceAll(own ? `http://127.0.0.1:${port}` : 'own CLI', '$URL')
      .replaceAll('http://127.0.0.1:4010', url)
      .replace(/^# flight-search-mock listening.*$/gm, '');
    const script = `set -euxo pipefail\nOUT=$(mktemp)\n${curl}${code}\n`;
    return new Promise((resolve) => {
      const child = spawn('bash', ['-c', script], {
        cwd: blockFolder(),
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: RUN_TIMEOUT_MS,
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve(code === 0 ? undefined : `the block exited ${code}\n${stderr}`));
    });
  }
}
