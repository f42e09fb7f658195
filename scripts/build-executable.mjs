#!/usr/bin/env node
// `npm run build:executable`: the mock's CLI as one file that runs without Node installed, for
// Linux (x64, arm64), macOS (arm64, x64) and Windows (x64), all built on this one machine (issue 30
// item 1, issue 42 item 3, D182):
//
//   1. esbuild bundles packages/mock-server/src/cli/main.ts with every dependency into one CommonJS
//      script, openapi.yaml and control-api.yaml embedded in it as text;
//   2. `bun build --compile --target=bun-<os>-<arch>` puts it into Bun's runtime for that target. Bun
//      (the version the runtime matrix pins, scripts/runtimes/versions.json) is installed on first use
//      into node_modules/.cache/flight-search-executable, and fetches each target's runtime from npm
//      (@oven/bun-<os>-<arch>) into the same cache; .env and bunfig.toml are never read at run time;
//   3. each file is checked by its structure: format (ELF, Mach-O, PE) and architecture, and for macOS
//      a valid ad-hoc signature (every page's SHA-256), which macOS on arm64 requires. Bun signs its
//      arm64 output; where a file's signature does not match its pages (Bun's darwin-x64 keeps the
//      runtime's own), this script writes an ad-hoc one in its place. A target this machine runs
//      natively also runs `--help`.
//
// Each lands in dist/executable/flight-search-mock-<os>-<arch> (`.exe` for win) at the repository root:
// outside packages/*, so `npm pack` never ships it. `--target all` builds the five and writes their
// SHA-256 sums to dist/executable/SHA256SUMS (`sha256sum -c SHA256SUMS` checks them).
//
//   node scripts/build-executable.mjs [--target <os>-<arch> | --target all] [--out FILE]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const mock = join(root, 'packages', 'mock-server');
const work = join(root, 'node_modules', '.cache', 'flight-search-executable');
const BUN = `bun@${JSON.parse(readFileSync(join(root, 'scripts', 'runtimes', 'versions.json'), 'utf8')).runtimes.bun}`;

/** Each target: Bun's name for it, and what its file must be (format, machine). */
const TARGETS = {
  'linux-x64': { bun: 'bun-linux-x64', format: 'elf', machine: 0x3e },
  'linux-arm64': { bun: 'bun-linux-arm64', format: 'elf', machine: 0xb7 },
  'darwin-arm64': { bun: 'bun-darwin-arm64', format: 'macho', machine: 0x0100000c },
  'darwin-x64': { bun: 'bun-darwin-x64', format: 'macho', machine: 0x01000007 },
  'win-x64': { bun: 'bun-windows-x64', format: 'pe', machine: 0x8664 },
};
const host = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

function fail(message) {
  process.stderr.write(`build:executable: ${message}\n`);
  process.exit(1);
}

const argv = process.argv.slice(2);
const option = (name) =>
  argv.includes(name) ? (argv[argv.indexOf(name) + 1] ?? fail(`${name} needs a value.`)) : undefined;
const target = option('--target') ?? host;
const targets = target === 'all' ? Object.keys(TARGETS) : [target];
if (!(target === 'all' || target in TARGETS))
  fail(`--target ${target}: one of ${Object.keys(TARGETS).join(', ')} or all.`);
const outDir = join(root, 'dist', 'executable');
const out = option('--out');
if (out !== undefined && targets.length > 1) fail('--out names one file: give one --target with it.');
const fileOf = (name) => out ?? join(outDir, `flight-search-mock-${name}${name.startsWith('win') ? '.exe' : ''}`);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000, env: { ...process.env, ...env } });
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed:\n${(result.stderr || result.stdout || String(result.error)).trim()}`);
  return result;
}

/** Bun's CLI, installed into the cache on first use. */
function ensureBun() {
  const prefix = join(work, 'tools');
  const cli = join(prefix, 'node_modules', '.bin', 'bun');
  if (existsSync(cli) && run(cli, ['--version']).stdout.trim() === BUN.slice(4)) return cli;
  mkdirSync(prefix, { recursive: true });
  console.log(`installing ${BUN} into ${relative(root, prefix)} (build:executable only)...`);
  run('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', '--no-package-lock', BUN]);
  return cli;
}

// The Mach-O signature: LC_CODE_SIGNATURE (0x1d) points at a SuperBlob (big-endian) whose CodeDirectory
// holds one SHA-256 per 4 KiB page of the file up to the signature. An ad-hoc one has no certificate.
const le = (b, at) => b.readUInt32LE(at);
const be = (b, at) => b.readUInt32BE(at);
function loadCommands(b) {
  const commands = [];
  for (let i = 0, at = 32; i < le(b, 16); i++, at += le(b, at + 4)) commands.push({ cmd: le(b, at), at });
  return commands;
}
const pageHashes = (b, limit) =>
  Array.from({ length: Math.ceil(limit / 4096) }, (_, i) =>
    createHash('sha256')
      .update(b.subarray(i * 4096, Math.min((i + 1) * 4096, limit)))
      .digest(),
  );

/** What is wrong with the file's code signature, or undefined when every page matches its hash. */
function signatureProblem(b) {
  const lc = loadCommands(b).find((c) => c.cmd === 0x1d);
  if (!lc) return 'no code signature';
  const blob = le(b, lc.at + 8);
  if (be(b, blob) !== 0xfade0cc0) return 'no signature SuperBlob';
  const index = Array.from({ length: be(b, blob + 8) }, (_, i) => blob + 12 + i * 8).find((at) => be(b, at) === 0);
  const cd = index === undefined ? -1 : blob + be(b, index + 4);
  if (cd < 0 || be(b, cd) !== 0xfade0c02) return 'no CodeDirectory';
  const [hashAt, slots, limit, size, type, page] = [
    be(b, cd + 16),
    be(b, cd + 28),
    be(b, cd + 32),
    b[cd + 36],
    b[cd + 37],
    b[cd + 39],
  ];
  if (type !== 2 || size !== 32 || page !== 12)
    return `hashes of type ${type}, ${size} bytes, over pages of 2^${page} bytes: not SHA-256 over 4 KiB`;
  if (limit !== blob || slots !== Math.ceil(limit / 4096)) return 'a signature that does not cover the whole file';
  const bad = pageHashes(b, limit).filter(
    (h, i) => !h.equals(b.subarray(cd + hashAt + i * 32, cd + hashAt + (i + 1) * 32)),
  ).length;
  return bad ? `${bad} of ${slots} pages not matching their hash` : undefined;
}

/** Writes an ad-hoc, linker-style signature over the old one's space (as `codesign --sign -` would, without a Mac). */
function signAdHoc(b) {
  const commands = loadCommands(b);
  const lc = commands.find((c) => c.cmd === 0x1d);
  const text = commands.find((c) => c.cmd === 0x19 && b.toString('latin1', c.at + 8, c.at + 24).startsWith('__TEXT\0'));
  const [blob, room] = [le(b, lc.at + 8), le(b, lc.at + 12)];
  const ident = Buffer.from('flight-search-mock\0');
  const hashes = pageHashes(b, blob);
  const cd = Buffer.alloc(88 + ident.length + hashes.length * 32);
  // magic, length, version 0x20400, flags adhoc|linker-signed, hashOffset, identOffset, no special slots, code slots, codeLimit
  for (const [at, value] of [
    0xfade0c02,
    cd.length,
    0x20400,
    0x20002,
    88 + ident.length,
    88,
    0,
    hashes.length,
    blob,
  ].entries())
    cd.writeUInt32BE(value, at * 4);
  cd.set([32, 2, 0, 12], 36); // SHA-256 hashes of 32 bytes, 4 KiB pages
  cd.writeBigUInt64BE(b.readBigUInt64LE(text.at + 48), 72); // execSegLimit: __TEXT's file size (its base is 0)
  cd.writeBigUInt64BE(1n, 80); // the main binary
  ident.copy(cd, 88);
  for (const [i, h] of hashes.entries()) h.copy(cd, 88 + ident.length + i * 32);
  const superBlob = Buffer.alloc(20);
  for (const [at, value] of [0xfade0cc0, 20 + cd.length, 1, 0, 20].entries()) superBlob.writeUInt32BE(value, at * 4);
  if (20 + cd.length > room) fail(`no room for an ad-hoc signature (${20 + cd.length} bytes, ${room} free)`);
  b.fill(0, blob, blob + room);
  Buffer.concat([superBlob, cd]).copy(b, blob);
}

/** Checks the file is what its target runs; signs a macOS file ad-hoc where it must. Returns how it was checked. */
function checkStructure(file, name) {
  const { format, machine } = TARGETS[name];
  const b = readFileSync(file);
  const found = {
    elf: () => b.toString('latin1', 0, 4) === '\x7fELF' && b.readUInt16LE(18),
    macho: () => le(b, 0) === 0xfeedfacf && le(b, 4),
    pe: () =>
      b.toString('latin1', 0, 2) === 'MZ' &&
      b.toString('latin1', le(b, 0x3c), le(b, 0x3c) + 4) === 'PE\0\0' &&
      b.readUInt16LE(le(b, 0x3c) + 4),
  }[format]();
  if (found !== machine) fail(`${file} is not a ${format} file for ${name} (machine ${found})`);
  if (format !== 'macho') return `${format}, machine 0x${machine.toString(16)}`;
  const problem = signatureProblem(b);
  if (problem !== undefined) {
    signAdHoc(b);
    if (signatureProblem(b) !== undefined)
      fail(`${file}: the ad-hoc signature written does not verify: ${signatureProblem(b)}`);
    writeFileSync(file, b);
  }
  return `mach-o, cpu 0x${machine.toString(16)}, ad-hoc signature verified${problem ? ` (signed here: Bun's file had ${problem})` : ' (signed by Bun)'}`;
}

const bun = ensureBun();
mkdirSync(work, { recursive: true });
const script = join(work, 'cli.cjs');
const version = JSON.parse(readFileSync(join(mock, 'package.json'), 'utf8')).version;
await build({
  entryPoints: [join(mock, 'src', 'cli', 'main.ts')],
  outfile: script,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'error',
  // No package directory beside an executable to read these from (src/node/openapi-file.ts).
  define: {
    __FLIGHT_SEARCH_EMBEDDED__: JSON.stringify({
      version,
      'openapi.yaml': readFileSync(join(root, 'openapi.yaml'), 'utf8'),
      'control-api.yaml': readFileSync(join(mock, 'control-api.yaml'), 'utf8'),
    }),
  },
});

const sums = [];
for (const name of targets) {
  const file = fileOf(name);
  mkdirSync(dirname(file), { recursive: true });
  rmSync(file, { force: true });
  const started = performance.now();
  run(
    bun,
    [
      'build',
      '--compile',
      `--target=${TARGETS[name].bun}`,
      '--no-compile-autoload-dotenv',
      '--no-compile-autoload-bunfig',
      script,
      '--outfile',
      file,
    ],
    {
      BUN_INSTALL_CACHE_DIR: join(work, 'bun'),
    },
  );
  const checked = checkStructure(file, name);
  if (name === host) {
    const help = spawnSync(file, ['--help'], { encoding: 'utf8', timeout: 30_000 });
    if (help.status !== 0 || !help.stdout.includes('flight-search-mock'))
      fail(`${file} does not run: ${help.stderr || help.stdout || help.error}`);
  }
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  sums.push(`${sha256}  ${basename(file)}\n`);
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `built ${relative(root, file)}: ${mb} MiB, ${BUN} inside, ${((performance.now() - started) / 1000).toFixed(1)} s; ${checked}${name === host ? '; --help ran' : ''}; sha256 ${sha256}`,
  );
}
if (target === 'all') {
  writeFileSync(join(outDir, 'SHA256SUMS'), sums.join(''));
  console.log(`wrote ${relative(root, join(outDir, 'SHA256SUMS'))}`);
}
