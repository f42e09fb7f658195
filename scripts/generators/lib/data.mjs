// The data set the generators read lives in scripts/generators/data/, a small
// project of its own with its own lock, not a workspace: it is some 11 MB that
// only generation reads, so the workspace's `npm ci` does not install it. It is
// installed from that lock (exact versions, integrity) on first use, with
// --engine-strict: a data set whose engines exclude the Node it runs on (Node 20
// here and in CI) fails the install instead of warning (issue 32).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Installs the data project's lock (`npm ci`), failing on a package whose engines exclude this Node. */
function npmCi(dir) {
  const args = ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--engine-strict'];
  return spawnSync('npm', args, { cwd: dir, stdio: 'inherit' }).status;
}

/**
 * `require` resolving from scripts/generators/data/, installing its lock first when a package is absent
 * or is not the version the lock pins (a checkout that still holds an older pin would regenerate from
 * the wrong data).
 */
export function dataRequire(root, install = npmCi) {
  const dir = resolve(root, 'scripts/generators/data');
  const locked = readJson(resolve(dir, 'package-lock.json')).packages;
  const stale = Object.keys(readJson(resolve(dir, 'package.json')).dependencies).filter((name) => {
    const installed = resolve(dir, 'node_modules', name, 'package.json');
    return !existsSync(installed) || readJson(installed).version !== locked[`node_modules/${name}`]?.version;
  });
  if (stale.length > 0) {
    console.error(
      `generate: installing the generators' data sets (${stale.join(', ')}) into scripts/generators/data/node_modules`,
    );
    const status = install(dir);
    if (status !== 0)
      throw new Error(
        `npm ci in scripts/generators/data exited ${status}: the generators' data sets are not installed`,
      );
  }
  return createRequire(resolve(dir, 'package.json'));
}
