// Finds the Chromium the browser tests drive, and installs Debian's `chromium`
// when none is there and this machine may install packages. No test tool
// downloads a browser of its own here (only the npm registry and Debian's
// packages are reachable), so the system's package manager is the one source.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Names a Chromium-family browser goes by on PATH, most likely first. */
const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first executable `name` on `PATH`, or undefined. */
export function which(name, env = process.env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/**
 * The browser to use: `CHROMIUM_PATH` when set (it must exist: a wrong
 * explicit path is an error, never a silent fallback), else the first of
 * `NAMES` on PATH. Undefined when there is none.
 */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    if (isExecutable(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable file.`);
  }
  for (const name of NAMES) {
    const path = which(name, env);
    if (path) return path;
  }
  return undefined;
}

/** What to run to install Debian's chromium, or why this machine can't. */
export function installPlan(env = process.env, isRoot = process.getuid?.() === 0) {
  if (env.FLIGHT_SEARCH_BROWSER_INSTALL === 'never') return { reason: 'FLIGHT_SEARCH_BROWSER_INSTALL=never' };
  if (!which('apt-get', env)) return { reason: 'no apt-get on this machine' };
  // `sudo -n true` succeeds only without a password prompt, which a test run must never wait on.
  const sudo = isRoot
    ? []
    : which('sudo', env) && spawnSync('sudo', ['-n', 'true'], { env }).status === 0
      ? ['sudo', '-n']
      : null;
  if (!sudo) return { reason: 'not root and no password-less sudo' };
  return {
    steps: [
      [...sudo, 'apt-get', 'update', '-qq'],
      [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium'],
    ],
  };
}

/** The one line `npm test` prints, before exiting non-zero, when it has no browser and can't get one. */
export const missingBrowserLine = (reason) =>
  `npm test: the browser tests need Chromium and none was found (${reason}): install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable, then run npm test again.`;

/** How long another apt-get may hold its lock (apt-get update does not wait for it) before we give up. */
const LOCK_WAIT_MS = 300_000;
const LOCK_POLL_MS = 5_000;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The path of a usable Chromium, installing Debian's package when needed and allowed.
 * Another apt-get holding the package lock (a second test process installing the same browser,
 * a machine's own updates) is waited for, then the steps run again.
 * Throws an Error whose message is {@link missingBrowserLine} when there is none.
 */
export function ensureChromium({
  env = process.env,
  isRoot,
  log = (line) => console.log(line),
  run = spawnSync,
  wait = sleep,
} = {}) {
  const found = findChromium(env);
  if (found) return found;
  const plan = installPlan(env, isRoot);
  if (plan.reason) throw new Error(missingBrowserLine(plan.reason));
  log("npm test: no Chromium found; installing Debian's chromium package for the browser tests (once per machine).");
  for (let waited = 0; ; waited += LOCK_POLL_MS) {
    const failure = runSteps(plan.steps, env, run);
    if (!failure) break;
    const step = `\`${failure.step.join(' ')}\` exited ${failure.status}`;
    if (!failure.locked) throw new Error(missingBrowserLine(step));
    if (waited === LOCK_WAIT_MS)
      throw new Error(missingBrowserLine(`${step}: another apt-get held its lock for ${LOCK_WAIT_MS / 1000} s`));
    // Then the steps again, not a look at PATH: a browser the other apt-get has unpacked may not be configured yet,
    // and apt-get install returns at once when it is.
    wait(LOCK_POLL_MS);
  }
  const installed = findChromium(env);
  if (!installed) throw new Error(missingBrowserLine('the chromium package installed no chromium on PATH'));
  return installed;
}

/** Runs the steps in order; the first that fails, with whether apt-get said its lock was held. */
function runSteps(steps, env, run) {
  for (const step of steps) {
    const [command, ...args] = step;
    // LC_ALL=C: apt-get's lock message is matched in English.
    const result = run(command, args, {
      env: { ...env, LC_ALL: 'C' },
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
    });
    if (result.stderr) process.stderr.write(result.stderr);
    if (result.status !== 0)
      return { step, status: result.status ?? result.signal, locked: /Could not get lock/.test(result.stderr ?? '') };
  }
  return undefined;
}
