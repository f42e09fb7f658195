import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataRequire } from '../generators/lib/data.mjs';

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository root whose scripts/generators/data locks `data-set` at 3.1.0, with `installed` in node_modules (or none). */
function rootWith(installed) {
  const root = mkdtempSync(join(tmpdir(), 'generator-data-'));
  roots.push(root);
  const dir = join(root, 'scripts/generators/data');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'data', dependencies: { 'data-set': '3.1.0' } }));
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ packages: { '': {}, 'node_modules/data-set': { version: '3.1.0' } } }),
  );
  if (installed) {
    mkdirSync(join(dir, 'node_modules/data-set'), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules/data-set/package.json'),
      JSON.stringify({ name: 'data-set', version: installed }),
    );
  }
  return root;
}

describe("the generators' data sets", () => {
  it('installs the lock when a data set is missing, or installed at another version than the lock pins', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const installed of [undefined, '4.0.0']) {
      const install = vi.fn(() => 0);
      dataRequire(rootWith(installed), install);
      expect(install, String(installed)).toHaveBeenCalledTimes(1);
    }
  });

  it('leaves a data set installed at the locked version alone, and fails when the install fails', () => {
    const install = vi.fn(() => 0);
    dataRequire(rootWith('3.1.0'), install);
    expect(install).not.toHaveBeenCalled();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => dataRequire(rootWith('4.0.0'), () => 1)).toThrow('exited 1');
  });
});
