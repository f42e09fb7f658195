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
  // works on every Node 20 without relying on require(esm). openapi-fetch ships CJS and stays external.
  { ...common, format: ['cjs'], noExternal: ['p-limit', 'yocto-queue'] },
]);
