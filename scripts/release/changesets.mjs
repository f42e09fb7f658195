#!/usr/bin/env node
// Part of `npm run release:check`: the pending changesets are sound, and `changeset status` is clean.
//
//   node scripts/release/changesets.mjs [--since=REF]
//
// `changeset status` without --since compares with the config's baseBranch (`main`), which a fresh
// clone of another branch, or CI's clone, may not have ("Failed to find where HEAD diverged from
// main"). With --since=REF it needs only REF, but it then reads only the changesets changed since
// REF. So this script:
// 1. checks every changeset file in .changeset/ itself: front matter that names only workspace
//    packages, with a bump of patch, minor or major, and a summary;
// 2. runs `changeset status --since=REF --verbose`, REF being HEAD unless given: from HEAD it
//    fails only for uncommitted package changes without a changeset; on a branch,
//    `--since=main` fails when the branch changed a package without adding a changeset.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedPackages, readJson, root } from './packages.mjs';

const since =
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith('--since='))
    ?.slice('--since='.length) || 'HEAD';
const dir = join(root, '.changeset');
const names = new Set(publishedPackages().map(({ pkg }) => pkg.name));
const config = readJson(join(dir, 'config.json'));
const problems = [];

for (const list of [...(config.fixed ?? []), ...(config.linked ?? []), config.ignore ?? []]) {
  for (const name of list)
    if (!names.has(name))
      problems.push(`.changeset/config.json names "${name}", which is not a published workspace package.`);
}

const files = readdirSync(dir).filter((file) => file.endsWith('.md') && file !== 'README.md');
for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)^---\n([\s\S]*)$/m.exec(text);
  if (match?.index !== 0) {
    problems.push(`.changeset/${file}: no front matter (--- lines naming packages and bumps).`);
    continue;
  }
  const [, front, summary] = match;
  const lines = front.split('\n').filter((line) => line.trim() !== '');
  for (const line of lines) {
    const release = /^\s*(["']?)(@?[^"':\s]+)\1\s*:\s*(patch|minor|major)\s*$/.exec(line);
    if (!release) problems.push(`.changeset/${file}: "${line}" is not '"<package>": patch|minor|major'.`);
    else if (!names.has(release[2]))
      problems.push(`.changeset/${file}: "${release[2]}" is not a published workspace package.`);
  }
  // An empty changeset (`changeset add --empty`) names no package and needs no summary.
  if (lines.length > 0 && summary.trim() === '') problems.push(`.changeset/${file}: no summary for the changelog.`);
}
if (problems.length > 0) {
  console.error(problems.map((problem) => `FAIL ${problem}`).join('\n'));
  process.exit(1);
}
console.log(
  `ok ${files.length} pending changeset(s) in .changeset/ name only published packages, each with a bump and a summary`,
);

console.log(`changeset status --since=${since}:`);
const status = spawnSync('npx', ['--no', '--', 'changeset', 'status', `--since=${since}`, '--verbose'], {
  cwd: root,
  stdio: 'inherit',
});
if (status.status !== 0) {
  // changeset diffs the work tree, so uncommitted edits count as changes since REF.
  const dirty = spawnSync(
    'git',
    ['status', '--porcelain', '--untracked-files=no', '--', ...publishedPackages().map(({ dir }) => dir)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (dirty.stdout.trim() !== '') {
    console.error(
      `Uncommitted changes in the packages count as changes since ${since}:\n${dirty.stdout.trimEnd()}\nCommit them (with a changeset if users should hear of them) and run again.`,
    );
  }
}
process.exit(status.status ?? 1);
