// Prism, the usual OpenAPI mock, installed for the bench only (never by the
// root `npm ci`): into bench/.tmp/prism, on first use.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBenchPackage, root } from './project.mjs';

/** Pinned so runs compare like with like; 5.x supports Node >= 18.20. */
export const PRISM_PACKAGE = '@stoplight/prism-cli@5.14.2';
const prefix = join(root, 'bench', '.tmp', 'prism');
export const prismBin = join(prefix, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

/** Returns Prism's CLI entry, installing it when missing; throws with npm's reason if that fails. */
export const ensurePrism = () => ensureBenchPackage('prism', PRISM_PACKAGE, prismBin);

export function prismVersion() {
  const r = spawnSync(process.execPath, [prismBin, '--version'], { encoding: 'utf8' });
  return r.stdout.trim();
}
