import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Browser tests: each file starts the Vite dev server and drives Debian's
// Chromium through playwright-core, so they run in Node and take seconds.
export default defineProject({
  resolve: {
    // Exact matches, so a subpath such as `@flight-search/mock-server/node` is not rewritten as a prefix.
    alias: [
      { find: /^@flight-search\/sdk$/, replacement: source('../../packages/sdk/src/index.ts') },
      { find: /^@flight-search\/mock-server$/, replacement: source('../../packages/mock-server/src/index.ts') },
      // The tests start the standalone mock server to try the page's base-URL mode.
      { find: /^@flight-search\/mock-server\/node$/, replacement: source('../../packages/mock-server/src/node/index.ts') },
    ],
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
