#!/usr/bin/env node
// `npm run lockfile` after a dependency change; `npm run check:lockfile` (CI)
// checks the committed lock. The registry mirror on the project's machines
// serves only Linux builds of platform-specific optional packages (for example
// @rollup/rollup-darwin-arm64 is a 404 there), so npm leaves them out of
// package-lock.json and `npm ci` then refuses the lock as out of sync. This
// adds the missing entries with the os/cpu/libc their names declare, so npm
// skips them on other platforms here and fetches them by name and version on
// a machine that needs one. It is not an install hook: an install never
// rewrites the lock behind the user's back.
//
// --check writes nothing and exits 1 when the lock lacks such entries, or when
// an installed package other than those has no `integrity`.
import { readFileSync, writeFileSync } from 'node:fs';

// A path argument names another lock (the tests check copies); default: the repository's.
const file = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? new URL('../package-lock.json', import.meta.url);
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
    lock.packages[`node_modules/${name}`] = { version: range, ...(node.dev && { dev: true }), optional: true, ...platform };
    added++;
  }
}
// Every installed package has its integrity hash, except the platform builds
// this script adds: the registry here has no tarball to hash for them.
const unverified = Object.entries(lock.packages)
  .filter(([path, node]) => path.includes('node_modules/') && !node.link && !node.integrity)
  .filter(([path, node]) => !(node.optional && platformOf(path.slice(path.lastIndexOf('node_modules/') + 13))))
  .map(([path]) => path);

if (process.argv.includes('--check')) {
  const problems = [
    ...(added ? [`${added} platform entries are missing: run \`npm run lockfile\` and commit package-lock.json`] : []),
    ...unverified.map((path) => `${path} is downloaded but has no integrity hash`),
  ];
  for (const problem of problems) console.error(`check:lockfile: ${problem}`);
  if (problems.length === 0) console.log('check:lockfile: package-lock.json is complete, every downloaded entry has its integrity');
  process.exit(problems.length ? 1 : 0);
}

if (added) {
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`fix-lockfile: added ${added} platform entries the registry here does not serve`);
}
