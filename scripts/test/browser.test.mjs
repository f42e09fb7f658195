import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureChromium, findChromium, installPlan, missingBrowserLine } from '../lib/browser.mjs';

const testScript = fileURLToPath(new URL('../test.mjs', import.meta.url));

/** A folder holding executables with the given names (each a script that exits 0). */
function binDir(...names) {
  const dir = mkdtempSync(join(tmpdir(), 'bin-'));
  for (const name of names) {
    writeFileSync(join(dir, name), '#!/bin/sh\nexit 0\n');
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

describe('finding the browser for the browser tests', () => {
  it('uses CHROMIUM_PATH when it names an executable', () => {
    const dir = binDir('my-chrome');
    expect(findChromium({ CHROMIUM_PATH: join(dir, 'my-chrome'), PATH: '' })).toBe(join(dir, 'my-chrome'));
  });

  it('refuses a CHROMIUM_PATH that is not an executable instead of falling back', () => {
    expect(() => findChromium({ CHROMIUM_PATH: '/nonexistent/chrome', PATH: binDir('chromium') })).toThrow(
      'CHROMIUM_PATH is /nonexistent/chrome, which is not an executable file.',
    );
  });

  it('finds chromium, chromium-browser or google-chrome on PATH', () => {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
      const dir = binDir(name);
      expect(findChromium({ PATH: dir })).toBe(join(dir, name));
    }
  });

  it('finds nothing on a PATH without a browser', () => {
    expect(findChromium({ PATH: binDir('firefox') })).toBeUndefined();
  });
});

describe("installing Debian's chromium when there is none", () => {
  it('plans apt-get as root, without sudo', () => {
    const plan = installPlan({ PATH: binDir('apt-get') }, true);
    expect(plan.steps).toEqual([
      ['apt-get', 'update', '-qq'],
      ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium'],
    ]);
  });

  it('says why it cannot install: no apt-get, or told never to', () => {
    expect(installPlan({ PATH: binDir() }, true)).toEqual({ reason: 'no apt-get on this machine' });
    expect(installPlan({ PATH: binDir('apt-get'), FLIGHT_SEARCH_BROWSER_INSTALL: 'never' }, true)).toEqual({
      reason: 'FLIGHT_SEARCH_BROWSER_INSTALL=never',
    });
  });

  it('runs the plan and returns the browser the package installed', () => {
    const dir = binDir('apt-get');
    const ran = [];
    const run = (command, args) => {
      ran.push([command, ...args].join(' '));
      if (args.includes('install')) writeFileSync(join(dir, 'chromium'), '#!/bin/sh\n', { mode: 0o755 });
      return { status: 0 };
    };
    const path = ensureChromium({ env: { PATH: dir }, isRoot: true, run, log: () => {} });
    expect(path).toBe(join(dir, 'chromium'));
    expect(ran).toHaveLength(2);
    expect(ran[1]).toContain('apt-get install -y -qq chromium');
  });

  it('fails with the one line naming the step that failed', () => {
    const run = () => ({ status: 100 });
    expect(() => ensureChromium({ env: { PATH: binDir('apt-get') }, isRoot: true, run, log: () => {} })).toThrow(
      missingBrowserLine('`apt-get update -qq` exited 100'),
    );
  });
});

describe('installing the browser while another apt-get holds its lock', () => {
  const locked = {
    status: 100,
    stderr: 'E: Could not get lock /var/lib/apt/lists/lock. It is held by process 7 (apt-get)\n',
  };

  it('waits for the lock to be released, then installs', () => {
    const dir = binDir('apt-get');
    let refusals = 2;
    const waits = [];
    const run = (_command, args) => {
      if (refusals > 0) {
        refusals--;
        return locked;
      }
      if (args.includes('install')) writeFileSync(join(dir, 'chromium'), '#!/bin/sh\n', { mode: 0o755 });
      return { status: 0 };
    };
    const path = ensureChromium({ env: { PATH: dir }, isRoot: true, run, log: () => {}, wait: (ms) => waits.push(ms) });
    expect(path).toBe(join(dir, 'chromium'));
    expect(waits).toEqual([5000, 5000]);
  });

  it('runs the steps again once the lock is free, never taking a browser the other install may still be configuring', () => {
    const dir = binDir('apt-get');
    const ran = [];
    let locks = 1;
    const run = (command, args, options) => {
      ran.push(`${options.env.LC_ALL} ${[command, ...args].join(' ')}`);
      return locks-- > 0 ? locked : { status: 0 };
    };
    // The other apt-get unpacks chromium while this one waits.
    const wait = () => writeFileSync(join(dir, 'chromium'), '#!/bin/sh\n', { mode: 0o755 });
    expect(ensureChromium({ env: { PATH: dir }, isRoot: true, run, log: () => {}, wait })).toBe(join(dir, 'chromium'));
    expect(ran).toEqual([
      'C apt-get update -qq',
      'C apt-get update -qq',
      'C env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ]);
  });

  it('gives up after five minutes of a held lock, naming it', () => {
    const waits = [];
    const run = () => locked;
    expect(() =>
      ensureChromium({
        env: { PATH: binDir('apt-get') },
        isRoot: true,
        run,
        log: () => {},
        wait: (ms) => waits.push(ms),
      }),
    ).toThrow(missingBrowserLine('`apt-get update -qq` exited 100: another apt-get held its lock for 300 s'));
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBe(300_000);
  });

  it('does not wait on a failure that is not the lock', () => {
    const waits = [];
    const run = () => ({ status: 100, stderr: 'E: Unable to locate package chromium\n' });
    expect(() =>
      ensureChromium({
        env: { PATH: binDir('apt-get') },
        isRoot: true,
        run,
        log: () => {},
        wait: (ms) => waits.push(ms),
      }),
    ).toThrow(missingBrowserLine('`apt-get update -qq` exited 100'));
    expect(waits).toEqual([]);
  });
});

describe('npm test on a machine with no browser it can get', () => {
  it('prints one line saying what to install and exits non-zero, running no test', () => {
    const result = spawnSync(process.execPath, [testScript], {
      env: { PATH: binDir(), FLIGHT_SEARCH_BROWSER_INSTALL: 'never' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([missingBrowserLine('FLIGHT_SEARCH_BROWSER_INSTALL=never')]);
    expect(result.stderr).toContain('sudo apt-get install chromium');
  });
});
