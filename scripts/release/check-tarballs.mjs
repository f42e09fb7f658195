#!/usr/bin/env node
// Part of `npm run release:check`: `npm publish --dry-run` of each published package from its
// built state (run `npm run build` first), then a check that the tarball holds exactly what it
// should, and its size.
//
// Expected in each tarball, and nothing else:
// - package.json, README.md, LICENSE, CHANGELOG.md, plus the package's `extra` files below;
// - every file that package.json's main, module, types, typesVersions, exports and bin point to
//   (the built entries: .js/.cjs and their .d.ts/.d.cts), chunks tsup may split out
//   (dist/chunk-HASH.js, or dist/<module>-HASH.js for a module loaded on demand; dist/<module>-Hash.d.ts
//   for declarations two entries share), and a source map beside each .js/.cjs. The maps are intended (the tsup
//   configs ask for them: readable stack traces and debugging for users); each must carry the text
//   of every source it maps (`sourcesContent`), since src/ is not shipped.
// So no tests, no sources, no configs, no caches (.turbo, .tsbuildinfo, .vite), no tarballs.
//
// --ignore-scripts: `prepublishOnly` would build again and run publint/attw; CI builds in the step
// before, and `npm run test:pack` runs publint and attw on the same tarballs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedPackages } from './packages.mjs';

/** Files a package ships besides the common ones and dist/. */
const EXTRA = { '@flight-search/mock-server': ['openapi.yaml'] };
const COMMON = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
const DIST_FILE = /^dist\/[\w.-]+\.(?:js|cjs|mjs|d\.ts|d\.cts|d\.mts)(?:\.map)?$/;
// esbuild's chunk names: `chunk-HASH.js` for shared code, `<module>-HASH.js` for a module loaded with import();
// and the declaration build's shared chunks (`<module>-Hash.d.ts`, mixed case), for types two entries both export.
const CHUNK = /^dist\/[\w-]+-(?:[A-Z0-9]{8}\.(?:js|cjs|mjs)(?:\.map)?|[A-Za-z0-9_-]{8}\.d\.c?ts)$/;

// The child npm must not act as part of this workspace (`npm run` exports npm_package_*, npm_config_workspace...).
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^npm_(package_|lifecycle_|config_workspace|config_include_workspace_root)/i.test(key) && key !== 'INIT_CWD'),
);

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** Every relative file path a package.json field points to (exports conditions, bin, typesVersions...). */
function pointedTo(pkg) {
  const found = new Set();
  const walk = (value) => {
    if (typeof value === 'string') {
      if (value.startsWith('./') && !value.includes('*')) found.add(value.slice(2));
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(walk);
    }
  };
  for (const field of ['main', 'module', 'types', 'typings']) if (typeof pkg[field] === 'string') found.add(pkg[field].replace(/^\.\//, ''));
  walk(pkg.exports);
  walk(pkg.bin);
  walk(pkg.typesVersions);
  return found;
}

let failed = false;
for (const { dir, path, pkg } of publishedPackages()) {
  const problems = [];
  const run = spawnSync('npm', ['publish', '--dry-run', '--json', '--ignore-scripts'], { cwd: path, env, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`FAIL ${pkg.name}: npm publish --dry-run exited with ${run.status}\n${run.stderr}`);
    failed = true;
    continue;
  }
  // npm 11 prints { "<name>": {...} }; npm 10 printed the object itself.
  const output = JSON.parse(run.stdout);
  const tarball = output[pkg.name] ?? output;
  const files = tarball.files.map((file) => file.path);

  const expected = [...COMMON, ...(EXTRA[pkg.name] ?? [])];
  const entries = pointedTo(pkg);
  for (const file of expected) if (!files.includes(file)) problems.push(`${file} is missing`);
  for (const file of entries) if (!files.includes(file)) problems.push(`${file} (named in package.json) is missing: was it built?`);
  const built = (file) => entries.has(file) || (file.endsWith('.map') && entries.has(file.slice(0, -'.map'.length))) || CHUNK.test(file);
  for (const file of files) {
    if (!expected.includes(file) && !entries.has(file) && !built(file)) problems.push(`${file} should not be in the tarball`);
  }
  for (const file of files.filter((name) => DIST_FILE.test(name))) {
    if (file.endsWith('.map')) {
      if (!files.includes(file.slice(0, -'.map'.length))) problems.push(`${file} maps a file the tarball does not have`);
      let map;
      try {
        map = JSON.parse(readFileSync(join(path, file), 'utf8'));
      } catch {
        problems.push(`${file} is not a source map (not JSON)`);
        continue;
      }
      const sources = Array.isArray(map.sources) ? map.sources : [];
      const content = map.sourcesContent ?? [];
      if (sources.length === 0 || sources.some((_, i) => typeof content[i] !== 'string')) {
        problems.push(`${file} does not carry its sources' text (sourcesContent), and src/ is not shipped`);
      }
    } else if (/\.(?:c|m)?js$/.test(file) && !files.includes(`${file}.map`)) {
      problems.push(`${file} has no source map (the build makes one for every file)`);
    }
  }
  const licenseInTarball = files.includes('LICENSE') && readFileSync(join(path, 'LICENSE'), 'utf8');
  if (licenseInTarball && !/^MIT License\b/.test(licenseInTarball)) problems.push('LICENSE is not the MIT License');
  if (!existsSync(join(path, 'dist'))) problems.push('dist/ does not exist: run `npm run build` first');

  const bytes = (predicate) => tarball.files.filter((file) => predicate(file.path)).reduce((sum, file) => sum + file.size, 0);
  const maps = bytes((name) => name.endsWith('.map'));
  const types = bytes((name) => /\.d\.[cm]?ts$/.test(name));
  const code = bytes((name) => DIST_FILE.test(name) && !name.endsWith('.map') && !/\.d\.[cm]?ts$/.test(name));
  console.log(
    `${problems.length ? 'FAIL' : 'ok'} ${tarball.id} (${dir}): tarball ${kB(tarball.size)}, unpacked ${kB(tarball.unpackedSize)} in ${tarball.entryCount} files ` +
      `(code ${kB(code)}, types ${kB(types)}, source maps ${kB(maps)}, other ${kB(tarball.unpackedSize - code - types - maps)})`,
  );
  for (const problem of problems) console.log(`  - ${problem}`);
  if (problems.length) {
    console.log(`  files: ${files.join(', ')}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
