import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const common: Options = {
  // The proxy is its own entry (`@flight-search/sdk/proxy`): a page importing the client never
  // loads it, and the proxy's Node adapter (`/proxy/node`) is apart, so the Fetch-standard entry
  // imports nothing from node:*.
  // `raw` (openapi-fetch's own client, `createRawClient`) is an entry of its own too: its `createClient` is
  // about 1.7 kB gzip that an import of the typed client would otherwise carry (D19).
  // `query` (TanStack Query option factories) is apart as well: only it imports `@tanstack/query-core`, an optional peer.
  entry: { index: 'src/index.ts', raw: 'src/raw.ts', proxy: 'src/proxy/index.ts', 'proxy-node': 'src/proxy/node.ts', query: 'src/query-tanstack.ts' },
  // The private contract package (types, validator, envelopes) is never published: its code and its
  // types are bundled into this package's files.
  noExternal: ['@flight-search/contract'],
  dts: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  // The version the client sends in x-flight-search-sdk, read here once rather than from package.json at run time.
  define: { __SDK_VERSION__: JSON.stringify(version) },
};

export default defineConfig([
  { ...common, format: ['esm'], clean: true },
  // p-limit 7 is ESM-only: the CJS build carries its own copy, so `require('@flight-search/sdk')`
  // works on every Node 20 without relying on require(esm). openapi-fetch is bundled too: from an
  // ESM package esbuild imports a CJS default as `module.exports` (Node's rule), and openapi-fetch's
  // CJS build puts createClient on `exports.default`, so the external import was not callable.
  { ...common, format: ['cjs'], noExternal: ['@flight-search/contract', 'p-limit', 'yocto-queue', 'openapi-fetch'] },
]);
