// Prism, the usual OpenAPI mock, installed for the bench only (never by the
// root `npm ci`): into bench/.tmp/prism, on first use.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTmp, root } from './project.mjs';

/** Pinned so runs compare like with like; 5.x supports Node >= 18.20. */
export const PRISM_PACKAGE = '@stoplight/prism-cli@5.14.2';
const prefix = join(root, 'bench', '.tmp', 'prism');
export const prismBin = join(prefix, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

/** Returns Prism's CLI entry, installing it when missing; throws with npm's reason if that fails. */
export function ensurePrism() {
  if (existsSync(prismBin)) return prismBin;
  ensureTmp('prism');
  console.log(`  installing ${PRISM_PACKAGE} into bench/.tmp/prism (bench only)...`);
  const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', PRISM_PACKAGE], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status !== 0 || !existsSync(prismBin)) {
    throw new Error(`npm install ${PRISM_PACKAGE} failed: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' ')}`);
  }
  return prismBin;
}

export function prismVersion() {
  const r = spawnSync(process.execPath, [prismBin, '--version'], { encoding: 'utf8' });
  return r.stdout.trim();
}
