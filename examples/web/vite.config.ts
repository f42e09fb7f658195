import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { flightSearchProxy } from './proxy-plugin.js';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The page imports the SDK and the mock from their TypeScript sources, so
// `npm run dev` works on a fresh clone without building the packages first.
export default defineConfig({
  // `/api/flight-search` on the dev server: the page's proxy mode (no key in the page).
  plugins: [flightSearchProxy()],
  resolve: {
    // Exact matches, so a subpath such as `@flight-search/mock-server/node` is not rewritten as a prefix.
    alias: [
      { find: /^@flight-search\/sdk$/, replacement: source('../../packages/sdk/src/index.ts') },
      { find: /^@flight-search\/mock-server$/, replacement: source('../../packages/mock-server/src/index.ts') },
    ],
  },
  build: {
    target: 'es2022',
    // chart.js and the in-page mock are large by nature; the budget that
    // matters is the SDK's, checked by size-limit at the root.
    chunkSizeWarningLimit: 1500,
  },
});
