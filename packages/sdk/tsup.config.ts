import { defineConfig, type Options } from 'tsup';

const common: Options = {
  entry: ['src/index.ts'],
  dts: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
};

export default defineConfig([
  { ...common, format: ['esm'], clean: true },
  // p-limit 7 is ESM-only: the CJS build carries its own copy, so `require('@flight-search/sdk')`
  // works on every Node 20 without relying on require(esm). openapi-fetch is bundled too: from an
  // ESM package esbuild imports a CJS default as `module.exports` (Node's rule), and openapi-fetch's
  // CJS build puts createClient on `exports.default`, so the external import was not callable.
  { ...common, format: ['cjs'], noExternal: ['p-limit', 'yocto-queue', 'openapi-fetch'] },
]);
