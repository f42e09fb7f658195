// The two published packages as `npm pack` makes them, and how a script runs a command outside this
// workspace: shared by `npm run test:pack` (scripts/pack-test.mjs) and `npm run test:examples`
// (scripts/examples-standalone.mjs).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The packages a user installs: name, folder, and attw's options for its tarball. */
export const PACKAGES = [
  { name: '@flight-search/sdk', dir: 'packages/sdk', attw: [] },
  // openapi.yaml is a data file (read with require.resolve / import.meta.resolve), not a module with types.
  {
    name: '@flight-search/mock-server',
    dir: 'packages/mock-server',
    attw: ['--exclude-entrypoints', './openapi.yaml'],
  },
];

// The child npm must not act as part of this workspace (`npm run` exports npm_package_*, npm_config_workspace...).
export const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^npm_(package_|lifecycle_|config_workspace|config_include_workspace_root)/i.test(key) && key !== 'INIT_CWD',
  ),
);
env.FORCE_COLOR = '0';
env.NO_COLOR = '1';

// Each command runs in its own process group, so a time-out (or Ctrl-C here) also stops what it
// started: `npx flight-search-mock` that wrongly starts a server is a grandchild of the script.
const running = new Set();
const killGroup = (pid) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
};
process.on('exit', () => running.forEach(killGroup));
process.on('SIGINT', () => process.exit(130));

/** Runs a command; resolves to { code, stdout, stderr }, never rejects on a non-zero exit. */
export function run(command, commandArgs, { cwd, timeoutMs = 120_000, extraEnv = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => killGroup(child.pid), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child.pid);
      resolve({ code: signal ? `killed by ${signal} (time-out ${timeoutMs} ms?)` : code, stdout, stderr });
    });
  });
}

export const tail = (text, lines = 40) => text.trim().split('\n').slice(-lines).join('\n');
export const printed = ({ stdout, stderr }) =>
  [stdout.trim() && `--- stdout\n${tail(stdout)}`, stderr.trim() && `--- stderr\n${tail(stderr)}`]
    .filter(Boolean)
    .join('\n');

/** `npm run build` of the packages; the failing run's output as a string, or undefined when it passed. */
export async function buildPackages() {
  const built = await run('npm', ['run', 'build', ...PACKAGES.flatMap((p) => ['-w', p.dir])], {
    cwd: root,
    timeoutMs: 300_000,
  });
  return built.code === 0 ? undefined : `build exited ${built.code}\n${printed(built)}`;
}

/**
 * `npm pack` of the packages into `work`: each of PACKAGES with its `tarball` path and its `files`.
 * Throws an Error with npm's output when it fails.
 */
export async function packPackages(work) {
  const packed = await run(
    'npm',
    ['pack', '--json', '--pack-destination', work, ...PACKAGES.flatMap((p) => ['-w', p.dir])],
    { cwd: root },
  );
  if (packed.code !== 0) throw new Error(`npm pack exited ${packed.code}\n${printed(packed)}`);
  const manifests = JSON.parse(packed.stdout);
  return PACKAGES.map((pkg) => {
    const manifest = manifests.find((m) => m.name === pkg.name);
    return { ...pkg, tarball: join(work, manifest.filename), files: manifest.files.map((f) => f.path) };
  });
}
