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
//   for declarations two entries share), and a source map beside each .js (and each .cjs of a package in
//   CJS_MAPS). The maps are intended (the tsup configs ask for them: readable stack traces and debugging
//   for users); each must carry the text of every source it maps (`sourcesContent`), since src/ is not
//   shipped, but a generated data table's (src/data/generated/: the mock's tsup config leaves its text
//   out). The mock's CommonJS files have no maps.
// So no tests, no sources, no configs, no caches (.turbo, .tsbuildinfo, .vite), no tarballs.
//
// And the notices copies must keep (D93), read off each code file's source map:
// - a file holding the mock's airport table (its map lists src/data/generated/airports.ts, or, for a file
//   without a map, its text holds the table's first entries) carries the table's attribution as a legal comment;
// - a file that inlines a third-party package (its map lists node_modules/<name>/) carries that
//   package's licence: its name@version and the copyright line of the licence file it ships.
// And the mock's unpacked size stays under issue 28's cap of 1.96 MB (half of the 3.92 MB before its data
// sat in one shared chunk per format, D94).
//
// --ignore-scripts: `prepublishOnly` would build again and run publint/attw; CI builds in the step
// before, and `npm run test:pack` runs publint and attw on the same tarballs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { publishedPackages, readJson } from './packages.mjs';

/** Files a package ships besides the common ones and dist/. */
const EXTRA = { '@flight-search/mock-server': ['openapi.yaml', 'control-api.yaml', 'NOTICE'] };
/** Data a file may carry only with its attribution (a legal comment the generator writes): source path -> text. */
/** Whether built code holds a marker, whatever the build did to the white space between its tokens (the mock's ESM has none). */
const holds = (text, marker) => text.includes(marker) || text.includes(marker.replace(/,\s+/g, ','));

const DATA_ATTRIBUTION = {
  'src/data/generated/airports.ts': {
    text: '/*! Airport data: OurAirports (https://ourairports.com) via airport-data-js, CC BY 4.0',
    // How a file without a map shows it holds the table: the time zone list it opens with, as the bundler prints it.
    marker: '"Africa/Abidjan", "Africa/Accra", "Africa/Addis_Ababa"',
  },
};
/** Packages whose CommonJS files ship source maps (the mock's do not). */
const CJS_MAPS = new Set(['@flight-search/sdk']);
/** Unpacked size caps, bytes. */
const MAX_UNPACKED = { '@flight-search/mock-server': 1.96e6 };
const COMMON = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
const DIST_FILE = /^dist\/[\w.-]+\.(?:js|cjs|mjs|d\.ts|d\.cts|d\.mts)(?:\.map)?$/;
// esbuild's chunk names: `chunk-HASH.js` for shared code, `<module>-HASH.js` for a module loaded with import();
// and the declaration build's shared chunks (`<module>-Hash.d.ts`, mixed case), for types two entries both export.
const CHUNK = /^dist\/[\w-]+-(?:[A-Z0-9]{8}\.(?:js|cjs|mjs)(?:\.map)?|[A-Za-z0-9_-]{8}\.d\.c?ts)$/;

// The child npm must not act as part of this workspace (`npm run` exports npm_package_*, npm_config_workspace...).
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^npm_(package_|lifecycle_|config_workspace|config_include_workspace_root)/i.test(key) && key !== 'INIT_CWD',
  ),
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
  for (const field of ['main', 'module', 'types', 'typings'])
    if (typeof pkg[field] === 'string') found.add(pkg[field].replace(/^\.\//, ''));
  walk(pkg.exports);
  walk(pkg.bin);
  walk(pkg.typesVersions);
  return found;
}

/** What an inlined package's notice must show: `name@version` and its licence file's copyright line. */
function licenceNotice(packageDir) {
  const { name, version } = readJson(join(packageDir, 'package.json'));
  const file = readdirSync(packageDir).find((entry) => /^licen[cs]e(\.md|\.txt)?$/i.test(entry));
  const copyright =
    file &&
    readFileSync(join(packageDir, file), 'utf8')
      .split('\n')
      .find((line) => /copyright/i.test(line));
  return {
    label: `${name}@${version}`,
    texts: [`${name}@${version}`, copyright?.trim() ?? 'a licence file with a copyright line'],
  };
}

/** Notices each code file must carry, from the sources its map lists. */
function requiredNotices(path, file, map) {
  const notices = [];
  for (const source of map.sources ?? []) {
    const resolved = join(dirname(join(path, file)), source).replaceAll('\\', '/');
    for (const [data, { text }] of Object.entries(DATA_ATTRIBUTION))
      if (resolved.endsWith(`/${data}`)) notices.push({ label: data, texts: [text] });
    const inlined = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(resolved);
    if (inlined && !notices.some((notice) => notice.dir === inlined[1]))
      notices.push({ dir: inlined[1], ...licenceNotice(inlined[1]) });
  }
  return notices;
}

let failed = false;
for (const { dir, path, pkg } of publishedPackages()) {
  const problems = [];
  const notices = new Set();
  const run = spawnSync('npm', ['publish', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: path,
    env,
    encoding: 'utf8',
  });
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
  for (const file of entries)
    if (!files.includes(file)) problems.push(`${file} (named in package.json) is missing: was it built?`);
  const built = (file) =>
    entries.has(file) || (file.endsWith('.map') && entries.has(file.slice(0, -'.map'.length))) || CHUNK.test(file);
  for (const file of files) {
    if (!expected.includes(file) && !entries.has(file) && !built(file))
      problems.push(`${file} should not be in the tarball`);
  }
  const checkNotices = (code, text, required) => {
    for (const notice of required) {
      const lacking = notice.texts.filter((needed) => !text.includes(needed));
      if (lacking.length)
        problems.push(
          `${code} holds ${notice.label} without its notice (${lacking.map((t) => JSON.stringify(t)).join(', ')})`,
        );
      else notices.add(`${code}: ${notice.label}`);
    }
  };
  for (const file of files.filter((name) => DIST_FILE.test(name))) {
    if (file.endsWith('.map')) {
      if (!files.includes(file.slice(0, -'.map'.length)))
        problems.push(`${file} maps a file the tarball does not have`);
      let map;
      try {
        map = JSON.parse(readFileSync(join(path, file), 'utf8'));
      } catch {
        problems.push(`${file} is not a source map (not JSON)`);
        continue;
      }
      const sources = Array.isArray(map.sources) ? map.sources : [];
      const content = map.sourcesContent ?? [];
      // An entry that only re-exports its chunks (dist/node.js) maps nothing: no sources, no mappings.
      const empty = sources.length === 0 && map.mappings === '';
      if (
        (sources.length === 0 && !empty) ||
        sources.some((source, i) => typeof content[i] !== 'string' && !/\/src\/data\/generated\//.test(source))
      ) {
        problems.push(`${file} does not carry its sources' text (sourcesContent), and src/ is not shipped`);
      }
      const code = file.slice(0, -'.map'.length);
      const text = existsSync(join(path, code)) ? readFileSync(join(path, code), 'utf8') : '';
      const required = requiredNotices(path, file, map);
      for (const [data, { marker }] of Object.entries(DATA_ATTRIBUTION)) {
        // Keeps the marker that files without maps are checked by honest: every mapped file holding the table shows it.
        if (required.some((notice) => notice.label === data) && !holds(text, marker))
          problems.push(`${code} holds ${data} but not its marker ${marker}: update DATA_ATTRIBUTION`);
      }
      checkNotices(code, text, required);
    } else if (/\.(?:c|m)?js$/.test(file) && !files.includes(`${file}.map`)) {
      if (file.endsWith('.js') || CJS_MAPS.has(pkg.name))
        problems.push(`${file} has no source map (the build makes one for every file)`);
      else {
        const text = readFileSync(join(path, file), 'utf8');
        const required = Object.entries(DATA_ATTRIBUTION).filter(([, { marker }]) => holds(text, marker));
        checkNotices(
          file,
          text,
          required.map(([data, { text: notice }]) => ({ label: data, texts: [notice] })),
        );
      }
    }
  }
  const licenseInTarball = files.includes('LICENSE') && readFileSync(join(path, 'LICENSE'), 'utf8');
  if (licenseInTarball && !/^MIT License\b/.test(licenseInTarball)) problems.push('LICENSE is not the MIT License');
  if (!existsSync(join(path, 'dist'))) problems.push('dist/ does not exist: run `npm run build` first');
  // A doc comment shown in a user's editor cites no decision id (D22...): nothing in the tarball says what
  // it means. Words, or an absolute link to the decision, instead (issue 27 item 5; the SDK's types).
  if (pkg.name === '@flight-search/sdk') {
    for (const file of files.filter((name) => /\.d\.[cm]?ts$/.test(name))) {
      const ids = [...new Set(readFileSync(join(path, file), 'utf8').match(/\bD\d+\b/g))];
      if (ids.length) problems.push(`${file} cites decision ids a user cannot look up: ${ids.join(', ')}`);
    }
  }
  const cap = MAX_UNPACKED[pkg.name];
  if (cap !== undefined && tarball.unpackedSize > cap)
    problems.push(`unpacked ${kB(tarball.unpackedSize)} is over the cap of ${kB(cap)}`);

  const bytes = (predicate) =>
    tarball.files.filter((file) => predicate(file.path)).reduce((sum, file) => sum + file.size, 0);
  const maps = bytes((name) => name.endsWith('.map'));
  const types = bytes((name) => /\.d\.[cm]?ts$/.test(name));
  const code = bytes((name) => DIST_FILE.test(name) && !name.endsWith('.map') && !/\.d\.[cm]?ts$/.test(name));
  console.log(
    `${problems.length ? 'FAIL' : 'ok'} ${tarball.id} (${dir}): tarball ${kB(tarball.size)}, unpacked ${kB(tarball.unpackedSize)} in ${tarball.entryCount} files ` +
      `(code ${kB(code)}, types ${kB(types)}, source maps ${kB(maps)}, other ${kB(tarball.unpackedSize - code - types - maps)})`,
  );
  if (notices.size) console.log(`  notices kept: ${[...notices].join('; ')}`);
  for (const problem of problems) console.log(`  - ${problem}`);
  if (problems.length) {
    console.log(`  files: ${files.join(', ')}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
