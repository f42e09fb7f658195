// Where the project's packages are, and loading them with a clear reason when
// a piece has not landed yet (the bench then reports the target as n/a).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const tmp = join(root, 'bench', '.tmp');
export const openapiPath = join(root, 'openapi.yaml');
export const sdkSourceEntry = join(root, 'packages', 'sdk', 'src', 'index.ts');
export const sdkDistEntry = join(root, 'packages', 'sdk', 'dist', 'index.js');
export const cliPath = join(root, 'packages', 'mock-server', 'dist', 'cli.js');

/** A measurement that cannot run because the code it measures is not there. */
export class NotReady extends Error {
  name = 'NotReady';
}

export function ensureTmp(...parts) {
  const dir = join(tmp, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Installs `spec` (a pinned npm package: a server the bench compares against) into bench/.tmp/`dir`,
 * for the bench only, never the root `npm ci`, unless `entry` (a file the package ships) is already
 * there. Returns `entry`; throws with npm's reason when the install fails.
 */
export function ensureBenchPackage(dir, spec, entry) {
  if (existsSync(entry)) return entry;
  const prefix = ensureTmp(dir);
  console.log(`  installing ${spec} into bench/.tmp/${dir} (bench only)...`);
  const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', spec], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status !== 0 || !existsSync(entry)) {
    throw new Error(
      `npm install ${spec} failed: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' ')}`,
    );
  }
  return entry;
}

/**
 * The mock's CLI as built from `commit`, the same-run baseline of a figure: a git worktree of that commit
 * under bench/.tmp (the root's node_modules linked in), its mock built once and kept for later runs.
 */
export function baselineCli(commit) {
  const dir = join(tmp, `mock-${commit}`);
  const cli = join(dir, 'packages', 'mock-server', 'dist', 'cli.js');
  if (existsSync(cli)) return cli;
  const run = (command, args) => {
    const r = spawnSync(command, args, { cwd: existsSync(dir) ? dir : root, encoding: 'utf8', timeout: 600_000 });
    if (r.status !== 0)
      throw new NotReady(
        `${command} ${args.join(' ')} failed: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' ')}`,
      );
  };
  if (!existsSync(dir)) run('git', ['worktree', 'add', '--detach', dir, commit]);
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  run('npm', ['run', 'build', '-w', '@flight-search/mock-server']);
  return cli;
}

/** Builds both packages the way CI does; returns whether it worked and the log tail. */
export function buildPackages() {
  const run = spawnSync('npm', ['run', 'build', '-w', '@flight-search/sdk', '-w', '@flight-search/mock-server'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
  });
  const log = `${run.stdout ?? ''}\n${run.stderr ?? ''}`;
  writeFileSync(join(ensureTmp(), 'build.log'), log);
  return { ok: run.status === 0, log: log.trim().split('\n').slice(-15).join('\n') };
}

async function load(specifier, what) {
  try {
    return await import(specifier);
  } catch (error) {
    throw new NotReady(`${what} (${specifier}) cannot be loaded: ${String(error?.message ?? error).split('\n')[0]}`, {
      cause: error,
    });
  }
}

/** Picks named exports, or throws NotReady naming the missing ones. */
export function pick(mod, names, what) {
  const missing = names.filter((n) => typeof mod[n] === 'undefined');
  if (missing.length) throw new NotReady(`${what} does not export ${missing.join(', ')} yet`);
  return Object.fromEntries(names.map((n) => [n, mod[n]]));
}

export const loadSdk = () => load('@flight-search/sdk', 'the built SDK');
export const loadSdkProxy = () => load('@flight-search/sdk/proxy', 'the built SDK proxy');
export const loadSdkProxyNode = () => load('@flight-search/sdk/proxy/node', "the built SDK proxy's Node adapter");
export const loadMock = () => load('@flight-search/mock-server', 'the built mock');
export const loadMockNode = () => load('@flight-search/mock-server/node', 'the built standalone server');

/** The CLI as one executable (`npm run build:executable`, D182) for each target: runs without Node. */
export const EXECUTABLE_TARGETS = ['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'win-x64'];
export const executableFile = (target) =>
  join(root, 'dist', 'executable', `flight-search-mock-${target}${target.startsWith('win') ? '.exe' : ''}`);
const hostTarget = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
export const executablePath = executableFile(hostTarget);

/**
 * The five executables, built with `npm run build:executable -- --target all` when `build` is set or one
 * is missing (about 30 s the first time, Bun's runtimes fetched from npm); NotReady when that fails.
 * Returns this machine's own.
 */
export function ensureExecutable(build) {
  if (!build && EXECUTABLE_TARGETS.every((target) => existsSync(executableFile(target)))) return executablePath;
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'build-executable.mjs'), '--target', 'all'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (run.status !== 0 || !existsSync(executablePath))
    throw new NotReady(
      `npm run build:executable failed: ${`${run.stderr ?? ''}${run.stdout ?? ''}`.trim().split('\n').slice(-3).join(' ')}`,
    );
  return executablePath;
}

/**
 * The other targets this machine runs under an emulator as scripts/executable-harness.sh set them up
 * (linux-arm64 under qemu-user, win-x64 under Wine with its stand-in DLL): { target, command, prefix, env, how }.
 */
export function emulatedExecutables() {
  const wine = join(root, 'node_modules', '.cache', 'flight-search-executable', 'wine');
  const found = [];
  if (hostTarget === 'linux-x64' && existsSync('/usr/bin/qemu-aarch64') && existsSync('/usr/aarch64-linux-gnu/lib'))
    found.push({
      target: 'linux-arm64',
      command: '/usr/bin/qemu-aarch64',
      prefix: ['-L', '/usr/aarch64-linux-gnu'],
      env: {},
      how: 'under qemu-user',
    });
  if (
    hostTarget === 'linux-x64' &&
    existsSync('/usr/lib/wine/wine64') &&
    existsSync(join(wine, 'drive_c', 'windows', 'system32', 'bcryptprimitives.dll'))
  )
    found.push({
      target: 'win-x64',
      command: '/usr/lib/wine/wine64',
      prefix: [],
      env: { WINEPREFIX: wine, WINEDEBUG: '-all' },
      how: 'under Wine',
    });
  return found.map((e) => ({ ...e, prefix: [...e.prefix, executableFile(e.target)] }));
}

export function requireCli() {
  if (!existsSync(cliPath)) throw new NotReady(`the CLI is not built (${cliPath} missing)`);
  return cliPath;
}

export function gitCommit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'packages'], { cwd: root, encoding: 'utf8' });
  return `${r.stdout.trim()}${dirty.stdout.trim() ? ' (+ uncommitted changes in packages/)' : ''}`;
}
