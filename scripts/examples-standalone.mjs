#!/usr/bin/env node
// `npm run test:examples`: each folder of examples/ stands alone (issue 42). Builds and packs the two
// packages as `npm run test:pack` does (scripts/lib/pack.mjs), then, per example: copies its folder
// alone (without node_modules, dist, .next, test-results) into the OS temp directory, points its
// @flight-search/* dependencies at the packed tarballs (the one rewrite: a user installs the published
// version), runs `npm install`, then its own `typecheck`, `build` and `test` scripts, those it has.
// Nothing of this repository is reachable from the copy, so a config that reaches `../..` fails here.
// Prints one line per step; stops with exit code 1 at the first failure with what it printed.
//
//   node scripts/examples-standalone.mjs [--no-build] [--keep] [--only=NAME,...]
//     --no-build  pack the dist/ already built (CI builds in a step before)
//     --keep      keep the temp folders (they are kept anyway when a step fails)
//     --only=     only these examples (folder names under examples/)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ensureChromium } from './lib/browser.mjs';
import { buildPackages, packPackages, printed, root, run } from './lib/pack.mjs';

/** Each example: its folder, whether its tests drive Chromium, and how long its slowest step may take. */
const EXAMPLES = [
  { dir: 'examples/node-compare', browser: false, timeoutMs: 300_000 },
  { dir: 'examples/consumer-tests', browser: false, timeoutMs: 300_000 },
  { dir: 'examples/web', browser: true, timeoutMs: 600_000 },
  // `next build` on a shared two-core machine, and the test builds the app once more itself.
  { dir: 'examples/next', browser: true, timeoutMs: 900_000 },
];
/** The example's own scripts, run in this order when it has them. */
const SCRIPTS = ['typecheck', 'build', 'test'];
/** Never copied: what an install or a run makes. */
const GENERATED = new Set(['node_modules', 'dist', '.next', 'test-results', 'next-env.d.ts']);

const args = process.argv.slice(2);
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const examples = EXAMPLES.filter(({ dir }) => !only || only.includes(basename(dir)));
if (examples.length === 0) {
  console.log(
    `FAIL no example is named ${only.join(', ')}; the examples: ${EXAMPLES.map(({ dir }) => basename(dir)).join(', ')}`,
  );
  process.exit(1);
}
const started = performance.now();
const seconds = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const say = (text) => console.log(`examples: ${text}`);
const fail = (text, kept) => {
  console.log(`FAIL ${text}`);
  if (kept) console.log(`\nThe copy is kept at ${kept} to investigate.`);
  process.exit(1);
};

let chromium;
if (examples.some((example) => example.browser)) {
  try {
    chromium = ensureChromium();
  } catch (error) {
    fail(error.message);
  }
}

if (!args.includes('--no-build')) {
  say('building the SDK and the mock server');
  const failed = await buildPackages();
  if (failed) fail(failed);
}
const work = mkdtempSync(join(tmpdir(), 'flight-search-examples-'));
say(`packing into ${work}`);
const packages = await packPackages(work).catch((error) => fail(error.message));
const tarballs = Object.fromEntries(packages.map((pkg) => [pkg.name, `file:${pkg.tarball}`]));

/** The example's package.json with each of our packages it names at its tarball; the names rewritten. */
function pointAtTarballs(file) {
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const rewritten = [];
  for (const field of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(manifest[field] ?? {})) {
      if (!name.startsWith('@flight-search/')) continue;
      if (!tarballs[name])
        fail(
          `${file} depends on ${name}, which is not one of the packed packages (${Object.keys(tarballs).join(', ')})`,
        );
      manifest[field][name] = tarballs[name];
      rewritten.push(name);
    }
  }
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return { scripts: SCRIPTS.filter((name) => manifest.scripts?.[name]), rewritten };
}

for (const example of examples) {
  const name = basename(example.dir);
  const project = join(work, name);
  const t0 = performance.now();
  cpSync(join(root, example.dir), project, { recursive: true, filter: (source) => !GENERATED.has(basename(source)) });
  const { scripts, rewritten } = pointAtTarballs(join(project, 'package.json'));
  if (!scripts.includes('test') && !scripts.includes('build'))
    fail(`${example.dir}/package.json has neither a build nor a test script`, project);
  const options = { cwd: project, timeoutMs: example.timeoutMs, extraEnv: chromium ? { CHROMIUM_PATH: chromium } : {} };
  const installed = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    options,
  );
  if (installed.code !== 0) fail(`${name}: npm install exited ${installed.code}\n${printed(installed)}`, project);
  say(`${name}: copied to ${project}, ${rewritten.join(' and ')} from the tarballs, installed (${seconds(t0)})`);
  for (const script of scripts) {
    const t1 = performance.now();
    const result = await run('npm', ['run', script], options);
    if (result.code !== 0) fail(`${name}: npm run ${script} exited ${result.code}\n${printed(result)}`, project);
    const summary = /^\s*Tests\s+.*$/m.exec(result.stdout)?.[0].trim();
    say(`${name}: npm run ${script} passed (${seconds(t1)})${summary ? `: ${summary}` : ''}`);
  }
  console.log(`ok   ${name} stands alone (${seconds(t0)})`);
}

if (!args.includes('--keep')) rmSync(work, { recursive: true, force: true });
else say(`kept ${work}`);
say(`${examples.length} of ${EXAMPLES.length} examples stand alone, in ${seconds(started)}`);
