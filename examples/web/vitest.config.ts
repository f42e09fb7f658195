import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Browser tests: each file starts the Vite dev server and drives Debian's
// Chromium through playwright-core, so they run in Node and take seconds.
export default defineProject({
  resolve: {
    alias: {
      '@flight-search/sdk': source('../../packages/sdk/src/index.ts'),
      '@flight-search/mock-server': source('../../packages/mock-server/src/index.ts'),
    },
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
