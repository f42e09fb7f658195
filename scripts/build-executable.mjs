#!/usr/bin/env node
// `npm run build:executable`: the mock's CLI as one file that runs without Node
// installed (issue 30 item 1, D131): a Node single executable application.
//
//   1. esbuild bundles packages/mock-server/src/cli/main.ts with every dependency
//      into one CommonJS script (an executable's script can require only Node's
//      built-ins), openapi.yaml and control-api.yaml embedded in it as text;
//   2. `node --experimental-sea-config` turns it into a blob (with V8's code cache);
//   3. postject injects the blob into a copy of the Node binary running this script.
//
// postject is installed on first use into node_modules/.cache/flight-search-executable
// (pinned below), so the workspace's `npm ci` neither installs nor warns about it.
// The result lands in dist/executable/flight-search-mock-<platform>-<arch> at the
// repository root: outside packages/*, so `npm pack` never ships it.
//
//   node scripts/build-executable.mjs [--out FILE]
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const POSTJECT = 'postject@1.0.0-alpha.6';
// The fuse every Node binary since 18.16 carries; postject flips it so Node runs the injected blob.
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const root = fileURLToPath(new URL('..', import.meta.url));
const mock = join(root, 'packages', 'mock-server');
const argv = process.argv.slice(2);
const outIndex = argv.indexOf('--out');
const out = outIndex === -1 ? join(root, 'dist', 'executable', `flight-search-mock-${process.platform}-${process.arch}`) : argv[outIndex + 1];
const work = join(root, 'node_modules', '.cache', 'flight-search-executable');

function fail(message) {
  process.stderr.write(`build:executable: ${message}\n`);
  process.exit(1);
}

if (process.platform !== 'linux')
  fail(`builds on Linux only (this is ${process.platform}): macOS and Windows executables also need code signing, not set up here.`);
if (out === undefined) fail('--out needs a file name.');
if (!readFileSync(process.execPath).includes(FUSE)) fail(`${process.execPath} has no single-executable fuse: build with an official Node binary (>= 20.12).`);

/** postject's CLI, installed into the cache on first use. */
function ensurePostject() {
  const prefix = join(work, 'tools');
  const cli = join(prefix, 'node_modules', 'postject', 'dist', 'cli.js');
  if (existsSync(cli)) return cli;
  mkdirSync(prefix, { recursive: true });
  console.log(`installing ${POSTJECT} into ${relative(root, prefix)} (build:executable only)...`);
  const installed = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', '--no-package-lock', POSTJECT], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (installed.status !== 0 || !existsSync(cli))
    fail(`npm install ${POSTJECT} failed: ${(installed.stderr || installed.stdout || String(installed.error)).trim()}`);
  return cli;
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed:\n${(result.stderr || result.stdout || String(result.error)).trim()}`);
}

const postject = ensurePostject();
mkdirSync(work, { recursive: true });
const script = join(work, 'cli.cjs');
const blob = join(work, 'cli.blob');
const version = JSON.parse(readFileSync(join(mock, 'package.json'), 'utf8')).version;

await build({
  entryPoints: [join(mock, 'src', 'cli', 'main.ts')],
  outfile: script,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'error',
  // No package directory beside an executable to read these from (src/node/openapi-file.ts).
  define: {
    __FLIGHT_SEARCH_EMBEDDED__: JSON.stringify({
      version,
      'openapi.yaml': readFileSync(join(root, 'openapi.yaml'), 'utf8'),
      'control-api.yaml': readFileSync(join(mock, 'control-api.yaml'), 'utf8'),
    }),
  },
});

const config = join(work, 'sea-config.json');
writeFileSync(config, JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }));
run(process.execPath, ['--experimental-sea-config', config]);

mkdirSync(dirname(out), { recursive: true });
rmSync(out, { force: true });
copyFileSync(process.execPath, out);
chmodSync(out, 0o755);
run(process.execPath, [postject, out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE]);

const check = spawnSync(out, ['--help'], { encoding: 'utf8', timeout: 30_000 });
if (check.status !== 0 || !check.stdout.includes('flight-search-mock')) fail(`the executable does not run: ${check.stderr || check.stdout || check.error}`);
const mb = (statSync(out).size / 1024 / 1024).toFixed(1);
console.log(`built ${relative(root, out)} (${mb} MiB, Node ${process.version} inside; runs without Node installed)`);
