// The data set the generators read lives in scripts/generators/data/, a small
// project of its own with its own lock, not a workspace: it is some 11 MB that
// only generation reads, so the workspace's `npm ci` does not install it. It is
// installed from that lock (exact versions, integrity) on first use, with
// --engine-strict: a data set whose engines exclude the Node it runs on (Node 20
// here and in CI) fails the install instead of warning (issue 32).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

/** `require` resolving from scripts/generators/data/, installing its packages first when they are absent. */
export function dataRequire(root) {
  const dir = resolve(root, 'scripts/generators/data');
  const manifest = createRequire(resolve(dir, 'package.json'))(resolve(dir, 'package.json'));
  const missing = Object.keys(manifest.dependencies).filter((name) => !existsSync(resolve(dir, 'node_modules', name, 'package.json')));
  if (missing.length > 0) {
    console.error(`generate: installing the generators' data sets (${missing.join(', ')}) into scripts/generators/data/node_modules`);
    const args = ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--engine-strict'];
    const installed = spawnSync('npm', args, { cwd: dir, stdio: 'inherit' });
    if (installed.status !== 0) throw new Error(`npm ci in scripts/generators/data exited ${installed.status}: the generators' data sets are not installed`);
  }
  return createRequire(resolve(dir, 'package.json'));
}
