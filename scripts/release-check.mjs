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
//   5. publish dry-run: `npm publish --dry-run` of each package, its tarball's exact contents and size
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
];

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
console.log(`\nrelease:check passed: ${STEPS.length} steps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
