import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = join(root, 'scripts/fix-lockfile.mjs');
const committed = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

/** Runs the lockfile check on a copy of the lock changed by `edit`. */
function check(edit) {
  const lock = structuredClone(committed);
  edit(lock);
  const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'package-lock.json');
  writeFileSync(file, JSON.stringify(lock, null, 2));
  const result = spawnSync(process.execPath, [script, '--check', file], { encoding: 'utf8' });
  return { ...result, after: readFileSync(file, 'utf8') === JSON.stringify(lock, null, 2) };
}

describe('the lockfile', () => {
  it('is never rewritten by an install: the root package has no install lifecycle script', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(Object.keys(scripts).filter((name) => /^(pre|post)?install$|^prepare$/.test(name))).toEqual([]);
  });

  it('passes the check as committed', () => {
    const result = check(() => {});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails the check, writing nothing, when a platform entry the registry here lacks is missing', () => {
    const result = check((lock) => delete lock.packages['node_modules/@rollup/rollup-darwin-arm64']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('1 platform entries are missing: run `npm run lockfile`');
    expect(result.after).toBe(true);
  });

  it('fails the check when a downloaded entry lost its integrity hash', () => {
    const result = check((lock) => delete lock.packages['node_modules/p-limit'].integrity);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('node_modules/p-limit is downloaded but has no integrity hash');
  });

  it('fails the check when a platform build the script adds has no integrity hash, since a macOS or Windows install would fetch it unpinned', () => {
    const result = check((lock) => delete lock.packages['node_modules/@rollup/rollup-darwin-arm64'].integrity);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('node_modules/@rollup/rollup-darwin-arm64 is downloaded but has no integrity hash');
  });
});
