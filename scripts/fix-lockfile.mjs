#!/usr/bin/env node
// `npm run lockfile` after a dependency change; `npm run check:lockfile` (CI)
// checks the committed lock. The registry mirror on the project's machines
// serves only Linux builds of platform-specific optional packages (for example
// @rollup/rollup-darwin-arm64 is a 404 there), so npm leaves them out of
// package-lock.json and `npm ci` then refuses the lock as out of sync. This
// adds the missing entries with the os/cpu/libc their names declare, so npm
// skips them on other platforms here and fetches them by name and version on
// a machine that needs one. Each entry gets the `integrity` (and `resolved`)
// the registry's metadata gives for that version (`npm view NAME@VERSION dist`:
// the metadata is served even where the tarball is not), so a contributor on
// macOS or Windows installs the exact bytes the lock names. It is not an
// install hook: an install never rewrites the lock behind the user's back.
//
// --check writes nothing, asks no registry, and exits 1 when the lock lacks
// such entries or when any downloaded entry has no `integrity`.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

// A path argument names another lock (the tests check copies); default: the repository's.
const file =
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'netbsd', 'sunos', 'win32', 'aix', 'openharmony'];
const CPU = {
  'arm-eabi': 'arm',
  'arm-gnueabihf': 'arm',
  'arm-musleabihf': 'arm',
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

/** Platform fields read off a package name such as `@rollup/rollup-linux-arm64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  if (!os) return null;
  const rest = parts.slice(parts.indexOf(os) + 1).join('-');
  const cpuKey = Object.keys(CPU)
    .sort((a, b) => b.length - a.length)
    .find((key) => rest.startsWith(key));
  if (!cpuKey) return null;
  const libc = os === 'linux' ? (rest.includes('musl') ? ['musl'] : ['glibc']) : undefined;
  return { os: [os], cpu: [CPU[cpuKey]], ...(libc && { libc }) };
}

function resolves(fromPath, name) {
  for (let at = fromPath; ; ) {
    if (lock.packages[`${at ? `${at}/` : ''}node_modules/${name}`]) return true;
    if (!at) return false;
    const cut = at.lastIndexOf('/node_modules/');
    at = cut === -1 ? '' : at.slice(0, cut);
  }
}

let added = 0;
for (const [path, node] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(node.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
    lock.packages[`node_modules/${name}`] = {
      version: range,
      ...(node.dev && { dev: true }),
      optional: true,
      ...platform,
    };
    added++;
  }
}
// Every downloaded package has its integrity hash, the platform builds above included.
const unverified = Object.entries(lock.packages)
  .filter(([path, node]) => path.includes('node_modules/') && !node.link && !node.integrity)
  .map(([path]) => path);

if (process.argv.includes('--check')) {
  const problems = [
    ...(added ? [`${added} platform entries are missing: run \`npm run lockfile\` and commit package-lock.json`] : []),
    ...unverified.map((path) => `${path} is downloaded but has no integrity hash`),
  ];
  for (const problem of problems) console.error(`check:lockfile: ${problem}`);
  if (problems.length === 0)
    console.log('check:lockfile: package-lock.json is complete, every downloaded entry has its integrity');
  process.exit(problems.length ? 1 : 0);
}

/** The registry's `dist.integrity` and `dist.tarball` of a platform entry (`npm view`, so the user's registry config applies). */
async function pin(path) {
  const node = lock.packages[path];
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const { stdout } = await promisify(execFile)('npm', ['view', `${name}@${node.version}`, 'dist', '--json'], {
    encoding: 'utf8',
  });
  const dist = JSON.parse(stdout);
  if (typeof dist?.integrity !== 'string')
    throw new Error(`fix-lockfile: the registry gives no dist.integrity for ${name}@${node.version}`);
  // npm's own key order (version, resolved, integrity, then the rest), so a later `npm install` leaves the entry as it is.
  const { version, resolved, integrity, ...rest } = node;
  lock.packages[path] = { version, resolved: dist.tarball, integrity: dist.integrity, ...rest };
}
const platformPaths = unverified.filter(
  (path) => lock.packages[path].optional && platformOf(path.slice(path.lastIndexOf('node_modules/') + 13)),
);
// A few at a time: one `npm view` per entry, without opening dozens of registry connections at once.
for (let i = 0; i < platformPaths.length; i += 8) await Promise.all(platformPaths.slice(i, i + 8).map(pin));

if (added || platformPaths.length) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `fix-lockfile: added ${added} platform entries the registry here does not serve; pinned the integrity of ${platformPaths.length}`,
  );
}
const left = unverified.filter((path) => !platformPaths.includes(path));
if (left.length)
  console.warn(`fix-lockfile: no integrity for ${left.join(', ')} (not a platform build: reinstall it with npm)`);
