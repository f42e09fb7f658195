// 1. Bundle size: what a browser user downloads when importing the SDK.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { NotReady, ensureTmp, root, sdkDistEntry, sdkSourceEntry } from '../lib/project.mjs';

export const id = '1';
export const title = 'Bundle size (minified ESM for browsers, gzip): the three imports of issue 15';
// The hard limits (issue 15 part 2), as CI's size-limit checks them on dist (.size-limit.json).
export const plan = [
  {
    id: '1a',
    load: 'none: the bundle is measured',
    label: 'createFlightSearchClient as the README imports it, gzip (size-limit on dist, as CI checks)',
    op: '<=',
    limit: 5.5,
    unit: 'kB',
  },
  {
    id: '1b',
    load: 'none: the bundle is measured',
    label: 'createFlightSearchClient + compareProgramsStreaming, gzip (size-limit)',
    op: '<=',
    limit: 6.5,
    unit: 'kB',
  },
  {
    id: '1c',
    load: 'none: the bundle is measured',
    label: 'every export of the main entry, gzip (size-limit)',
    op: '<=',
    limit: 7.0,
    unit: 'kB',
  },
];

/** The three imports the limits are about, in plan order, as `.size-limit.json` names them. */
const IMPORTS = [
  { id: '1a', what: 'createFlightSearchClient', names: ['createFlightSearchClient'] },
  {
    id: '1b',
    what: 'createFlightSearchClient + compareProgramsStreaming',
    names: ['createFlightSearchClient', 'compareProgramsStreaming'],
  },
  { id: '1c', what: 'every export of the main entry', names: undefined },
];

const require = createRequire(`${root}/package.json`);

/** Bundles `import * as all from spec` the way size-limit does, so every export is kept. */
async function bundleSize(
  spec,
  contents = `import * as all from ${JSON.stringify(spec)};\nconsole.log(all);\n`,
  define = {},
  external = [],
) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external,
    // The version the build writes in (tsup's define); the source reads it as 'dev' otherwise.
    define: { __SDK_VERSION__: '"0.0.0"', ...define },
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.entries(result.metafile.inputs).map(([path, i]) => ({ path, bytes: i.bytes }));
  // Minified bytes each input contributes: where a size budget goes.
  const output = Object.values(result.metafile.outputs)[0];
  const contributions = Object.entries(output.inputs)
    .map(([path, i]) => ({
      path: path.replace(/^.*node_modules\//, '').replace(/^.*packages\//, 'packages/'),
      bytes: i.bytesInOutput,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs, contributions };
}

function installed(name) {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

const kB = (bytes) => bytes / 1000;

const importOf = (spec, names) =>
  names
    ? `import { ${names.join(', ')} } from ${JSON.stringify(spec)};\nconsole.log(${names.join(', ')});\n`
    : `import * as all from ${JSON.stringify(spec)};\nconsole.log(all);\n`;

export async function run() {
  const figures = [];
  const measured = {};

  if (!existsSync(sdkSourceEntry)) throw new NotReady(`${sdkSourceEntry} does not exist`);
  // Each import on the source, and on a copy of the source whose local validation returns [] (what the
  // client costs without the validator, which issue 14's contract package replaces).
  const withoutValidation = join(ensureTmp(), 'size-no-validation');
  rmSync(withoutValidation, { recursive: true, force: true });
  cpSync(join(root, 'packages', 'sdk', 'src'), join(withoutValidation, 'src'), { recursive: true });
  writeFileSync(
    join(withoutValidation, 'src', 'validate.ts'),
    "import type { ValidationIssue } from './types.js';\nexport const validateSearchRequest = (_: unknown): ValidationIssue[] => [];\nexport const validateHistoryQuery = (_: unknown): ValidationIssue[] => [];\n",
  );
  const source = {};
  for (const { id, what, names } of IMPORTS) {
    const full = await bundleSize(sdkSourceEntry, importOf(sdkSourceEntry, names));
    const bare = await bundleSize(
      join(withoutValidation, 'src', 'index.ts'),
      importOf(join(withoutValidation, 'src', 'index.ts'), names),
    );
    source[id] = { full, bare };
    figures.push({
      label: `${what} (esbuild on src/): gzip / without local validation`,
      value: `${full.gzip} B / ${bare.gzip} B (validation ${full.gzip - bare.gzip} B)`,
    });
  }
  const client = source['1a'].full;
  figures.push({
    label: 'largest contributors to createFlightSearchClient (minified bytes)',
    value: client.contributions
      .slice(0, 8)
      .map((c) => `${c.path} ${c.bytes} B`)
      .join(', '),
  });
  const raw = await bundleSize(
    join(root, 'packages', 'sdk', 'src', 'raw.ts'),
    importOf(join(root, 'packages', 'sdk', 'src', 'raw.ts'), ['createRawClient']),
  );
  figures.push({
    label: 'createRawClient (@flight-search/sdk/raw, an entry of its own): gzip',
    value: `${raw.gzip} B`,
  });
  const queryEntry = join(root, 'packages', 'sdk', 'src', 'query-tanstack.ts');
  const factories = [
    'compareProgramsQueryOptions',
    'flightSearchKeys',
    'priceHistoryQueryOptions',
    'quotaQueryOptions',
    'searchFlightsMutationOptions',
  ];
  // Without @tanstack/query-core: a peer the app already carries for its own queries.
  const query = await bundleSize(queryEntry, importOf(queryEntry, factories), {}, ['@tanstack/query-core']);
  figures.push({
    label:
      'every factory of @flight-search/sdk/query (TanStack Query, an entry of its own), without @tanstack/query-core: gzip',
    value: `${query.gzip} B`,
  });
  const createClientOnly = await bundleSize(
    'openapi-fetch',
    "import createClient from 'openapi-fetch';\nconsole.log(createClient);\n",
  );
  figures.push({
    label: "openapi-fetch's createClient alone: minified / gzip",
    value: `${createClientOnly.minified} B / ${createClientOnly.gzip} B`,
  });
  const pLimit = await bundleSize('p-limit', "import pLimit from 'p-limit';\nconsole.log(pLimit);\n");
  figures.push({
    label: 'p-limit alone (with yocto-queue), which compareProgramsStreaming uses: minified / gzip',
    value: `${pLimit.minified} B / ${pLimit.gzip} B`,
  });
  for (const alt of ['ky', 'axios']) {
    if (installed(alt)) {
      const s = await bundleSize(alt);
      figures.push({ label: `${alt}: minified / gzip`, value: `${s.minified} B / ${s.gzip} B` });
    } else {
      figures.push({
        label: `${alt} (not installed; the issue's reference figure)`,
        value: alt === 'ky' ? '5.1 kB gzip' : '22 kB gzip',
      });
    }
  }

  const why = (id) => {
    const { full, bare } = source[id];
    return `${full.gzip} B gzip on the source, ${bare.gzip} B of it without local validation (validation ${full.gzip - bare.gzip} B); the client's own code is its send path (time-out, size limit, redirects, retries, hooks, log, withResponse), the error classes and the option checks with their messages`;
  };
  const fix =
    'what is left is behaviour (option messages, typed errors from the envelope, the size limit, hooks and log), not openapi-fetch; p-limit alone is about 0.85 kB of what the comparison adds';
  // The same check CI runs, on the built file.
  if (!existsSync(sdkDistEntry)) {
    for (const { id } of IMPORTS) measured[id] = { reason: `${sdkDistEntry} is not built` };
  } else {
    const sl = spawnSync('npx', ['size-limit', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    try {
      const checks = JSON.parse(sl.stdout);
      for (const { id, names } of IMPORTS) {
        const want = names ? `{ ${names.join(', ')} }` : '*';
        const config = JSON.parse(readFileSync(join(root, '.size-limit.json'), 'utf8'));
        const index = config.findIndex((c) => c.import === want);
        const c = checks[index];
        if (!c) {
          measured[id] = { reason: `.size-limit.json has no check importing ${want}` };
          continue;
        }
        figures.push({
          label: `size-limit: ${c.name}`,
          value: `${c.size} B gzip (${c.passed ? 'passed' : 'failed'} its limit)`,
        });
        measured[id] = { measured: kB(c.size), why: why(id), fix, owner: 'SDK (packages/sdk)' };
      }
    } catch {
      for (const { id } of IMPORTS)
        measured[id] = {
          reason: `size-limit did not report JSON: ${(sl.stderr || sl.stdout).trim().split('\n').slice(0, 3).join(' ')}`,
        };
    }
  }
  const method =
    'Each import bundled as size-limit does (`import { names }` or `import * as all`, then used), minified and gzipped, kB = 1000 bytes (size-limit on dist/, esbuild on src/ within about 50 B).';
  return { method, figures, notes: [], measured };
}
