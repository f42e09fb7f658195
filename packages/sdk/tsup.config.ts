import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const common: Options = {
  // The proxy is its own entry (`@flight-search/sdk/proxy`): a page importing the client never
  // loads it, and the proxy's Node adapter (`/proxy/node`) is apart, so the Fetch-standard entry
  // imports nothing from node:*.
  // `raw` (openapi-fetch's own client, `createRawClient`) is an entry of its own too: its `createClient` is
  // about 1.7 kB gzip that an import of the typed client would otherwise carry.
  // `query` (TanStack Query option factories) is apart as well: only it imports `@tanstack/query-core`, an optional peer.
  // `server` is the main entry on Node, Bun and Deno (package.json's export conditions): the browser entry plus
  // the environment (FLIGHT_SEARCH_*), which a bundle for browsers or workers never resolves (D151).
  entry: {
    index: 'src/index.ts',
    server: 'src/server.ts',
    raw: 'src/raw.ts',
    proxy: 'src/proxy/index.ts',
    'proxy-node': 'src/proxy/node.ts',
    query: 'src/query-tanstack.ts',
  },
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

/** The dependencies the CJS build inlines (below); their MIT licences ask that copies keep the notice. */
const INLINED = ['p-limit', 'yocto-queue', 'openapi-fetch'];

/**
 * Prepends each inlined package's licence, as a legal comment (`/*!`), to its modules: esbuild keeps
 * legal comments, so every CJS file that carries a copy of the package carries its notice too.
 */
const inlinedLicences: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'inlined-licences',
  setup(build) {
    build.onLoad(
      { filter: new RegExp(`[\\\\/]node_modules[\\\\/](?:${INLINED.join('|')})[\\\\/].*\\.[cm]?js$`) },
      (args) => {
        let dir = dirname(args.path);
        while (!INLINED.some((name) => dir.endsWith(`node_modules/${name}`) || dir.endsWith(`node_modules\\${name}`)))
          dir = dirname(dir);
        const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<
          string,
          string
        >;
        const file = readdirSync(dir).find((entry) => /^licen[cs]e(\.md|\.txt)?$/i.test(entry));
        if (file === undefined) throw new Error(`${name} ships no licence file to keep in the CJS build`);
        const text = readFileSync(join(dir, file), 'utf8').trim().replaceAll('*/', '* /');
        return {
          contents: `/*! ${name}@${version} (${license}), inlined in this CommonJS build:\n${text}\n*/\n${readFileSync(args.path, 'utf8')}`,
          loader: 'js',
        };
      },
    );
  },
};

export default defineConfig([
  { ...common, format: ['esm'], clean: true },
  // p-limit 7 is ESM-only: the CJS build carries its own copy, so `require('@flight-search/sdk')`
  // works on every Node 20 without relying on require(esm). openapi-fetch is bundled too: from an
  // ESM package esbuild imports a CJS default as `module.exports` (Node's rule), and openapi-fetch's
  // CJS build puts createClient on `exports.default`, so the external import was not callable.
  // Their licences ride along as legal comments (inlinedLicences); scripts/release/check-tarballs.mjs checks each copy has its notice.
  {
    ...common,
    format: ['cjs'],
    noExternal: ['@flight-search/contract', ...INLINED],
    esbuildPlugins: [inlinedLicences],
  },
]);
