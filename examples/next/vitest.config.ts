import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Browser tests: the test builds the app (`next build`, no key in its environment), serves it with
// `next start` in front of the standalone mock, and drives Debian's Chromium through playwright-core.
// The app itself imports the SDK as a user would, from its package (packages/sdk/dist: `npm run build` first).
export default defineProject({
  resolve: {
    alias: [{ find: /^@flight-search\/mock-server\/node$/, replacement: source('../../packages/mock-server/src/node/index.ts') }],
  },
  test: {
    name: 'next',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // `next build` on a shared two-core machine.
    hookTimeout: 300_000,
  },
});
