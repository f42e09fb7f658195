#!/usr/bin/env node
// `npm run release:check`: is each published package ready to release? Run after `npm run build`
// (CI runs it right after its build step). One step after the other, each with its time; stops at
// the first that fails, with exit code 1.
//
//   1. license and metadata: LICENSE copies, description/keywords/engines/files, internal
//      dependency versions, a CHANGELOG.md entry for each package's version
//   2. changesets: the pending changesets are sound and `changeset status` is clean
//      (pass --since=REF to compare with a branch, e.g. --since=main; default HEAD)
//   3. API reference: TypeDoc builds docs/api/ with every warning an error (an export without a
//      description, a function without an example, a broken link)
//   4. links: every link of each README as packed works in the tarball and in the repository, and
//      every link of the repository's docs works there (scripts/release/check-links.mjs, D105)
//   5. publish dry-run: `npm publish --dry-run` of each package, its tarball's exact contents and size,
//      the notices its copies of others' code and data must keep, the mock's size cap
//   6. the mock's executables: `npm run build:executable -- --target all` builds the five, checks each
//      one's format, architecture and (macOS) signature, and writes dist/executable/SHA256SUMS
// Then one line on `npm audit --omit=dev` (the runtime dependencies): that it ran and what it found,
// or that it could not run and why (a registry mirror may not serve the advisory service). It fails
// the check only on a high or critical advisory; not running is reported, not hidden (README: Releasing).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const since = process.argv.slice(2).filter((arg) => arg.startsWith('--since='));

const STEPS = [
  ['license, metadata and changelogs', 'node', ['scripts/release/check-metadata.mjs']],
  ['changesets', 'node', ['scripts/release/changesets.mjs', ...since]],
  ['API reference (TypeDoc, warnings are errors)', 'npx', ['--no', '--', 'typedoc']],
  ['links of the READMEs as packed and of the docs', 'node', ['scripts/release/check-links.mjs']],
  ['publish dry-run and tarball contents', 'node', ['scripts/release/check-tarballs.mjs']],
  [
    "the mock's executables for the five targets, with their SHA-256 sums",
    'node',
    ['scripts/build-executable.mjs', '--target', 'all'],
  ],
];

/** One line on the audit of the runtime dependencies; exits 1 on a high or critical advisory. */
function audit() {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (counts === undefined) {
    const why =
      report?.message ??
      run.error?.message ??
      (run.stderr.split('\n').find((line) => /npm (error|warn)/.test(line) && !/Unknown user config/.test(line)) ||
        `exit ${run.status}`);
    return `audit NOT RUN: ${why.trim()}; run \`npm audit --omit=dev\` against a registry that serves advisories before publishing`;
  }
  const found = Object.entries(counts).filter(([level, n]) => level !== 'total' && n > 0);
  const line = `audit ran: ${found.length ? found.map(([level, n]) => `${n} ${level}`).join(', ') : 'no'} advisories in the runtime dependencies`;
  if ((counts.high ?? 0) + (counts.critical ?? 0) > 0) {
    console.error(`\nrelease:check FAILED at "npm audit": ${line}`);
    process.exit(1);
  }
  return line;
}

const started = performance.now();
for (const [name, command, args] of STEPS) {
  console.log(`\n--> ${name}`);
  const stepStarted = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\nrelease:check FAILED at "${name}" (exit ${result.status ?? result.signal}, ${seconds} s)`);
    process.exit(1);
  }
  console.log(`    (${seconds} s)`);
}
console.log(`\n--> npm audit --omit=dev (runtime dependencies)\n    ${audit()}`);
console.log(`\nrelease:check passed: ${STEPS.length} steps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
