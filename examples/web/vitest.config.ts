import { defineProject } from 'vitest/config';

// Browser tests: each file starts the Vite dev server and drives Debian's
// Chromium through playwright-core, so they run in Node and take seconds.
export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
