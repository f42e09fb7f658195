import { defineConfig, type Options } from 'tsup';

// One build per format, every entry in it, so code two entries share (the rules, the contract and the
// generated airport table) sits in one shared chunk instead of a copy per entry. The private contract
// package (types, validator, envelopes) is never published: its code and types are bundled in.
const common: Options = {
  entry: { index: 'src/index.ts', node: 'src/node/index.ts' },
  noExternal: ['@flight-search/contract'],
  dts: { entry: { index: 'src/index.ts', node: 'src/node/index.ts' } },
  // Node built-ins stay imports; the main entry (msw's setupWorker runs it in browsers) imports none,
  // and esbuild puts a module only in the chunks of the entries that reach it.
  platform: 'node',
  sourcemap: true,
  splitting: true,
  // Browsers (the main entry) and Node 20; `node:` imports keep their prefix.
  target: ['es2022', 'node20'],
};

export default defineConfig([
  { ...common, entry: { ...common.entry, cli: 'src/cli/main.ts' }, format: ['esm'], clean: true },
  // esbuild splits only ESM; with treeshake tsup hands the split output to Rollup, which writes the CJS
  // chunks and their source maps (tsup's own ESM-to-CJS pass loses sourcesContent) and rewrites the
  // import.meta.url of openapi-file.ts for CommonJS (which takes __filename's branch there anyway).
  { ...common, format: ['cjs'], treeshake: true },
]);
