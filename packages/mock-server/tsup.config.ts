import { readdir, readFile, writeFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

/**
 * The source maps keep every hand-written source, but not the text of the generated data tables
 * (src/data/generated/): that text is the airport table again, twice the size of the code that maps
 * to it, and `npm run generate` rebuilds it from the pinned data sets.
 */
async function dropGeneratedSources(): Promise<void> {
  // Only this build's own maps: the other builds write into dist/ at the same time.
  for (const file of await readdir('dist')) {
    if (!file.endsWith('.js.map')) continue;
    const map = JSON.parse(await readFile(`dist/${file}`, 'utf8'));
    const generated = (map.sources as string[]).map((source) => /\/src\/data\/generated\//.test(source));
    if (!generated.includes(true)) continue;
    map.sourcesContent = map.sourcesContent.map((text: string | null, i: number) => (generated[i] ? null : text));
    await writeFile(`dist/${file}`, JSON.stringify(map));
  }
}

// One build per format, every entry in it, so code two entries share (the rules, the contract and the
// generated airport table) sits in one shared chunk instead of a copy per entry. The private contract
// package (types, validator, envelopes) is never published: its code and types are bundled in.
const common: Options = {
  entry: { index: 'src/index.ts', node: 'src/node/index.ts' },
  noExternal: ['@flight-search/contract'],
  // Node built-ins stay imports; the main entry (msw's setupWorker runs it in browsers) imports none,
  // and esbuild puts a module only in the chunks of the entries that reach it.
  platform: 'node',
  sourcemap: true,
  splitting: true,
  // Browsers (the main entry) and Node 20; `node:` imports keep their prefix.
  target: ['es2022', 'node20'],
};

export default defineConfig([
  // ESM without indentation and line breaks (names kept; its source maps lead back to the source): the
  // issue 37 model's code fits the tarball's cap. CommonJS stays as written, readable without a map.
  {
    ...common,
    entry: { ...common.entry, cli: 'src/cli/main.ts' },
    format: ['esm'],
    clean: true,
    minifyWhitespace: true,
    onSuccess: dropGeneratedSources,
  },
  // esbuild splits only ESM; with treeshake tsup hands the split output to Rollup, which writes the CJS
  // chunks and rewrites the import.meta.url of openapi-file.ts for CommonJS (which takes __filename's
  // branch there anyway). No source maps for CommonJS: the code is not minified, and maps for both
  // formats carried every source twice, a quarter of the tarball.
  { ...common, format: ['cjs'], treeshake: true, sourcemap: false },
  // Declarations one entry at a time: a shared declaration chunk would carry the main entry's
  // `import 'msw'` into node.d.ts, whose types must load without msw installed (D77).
  ...(['index', 'node'] as const).map(
    (name): Options => ({
      entry: { [name]: common.entry![name as keyof typeof common.entry] },
      noExternal: common.noExternal,
      format: ['esm', 'cjs'],
      dts: { only: true },
    }),
  ),
]);
