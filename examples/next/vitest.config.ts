import { defineProject } from 'vitest/config';

// Browser tests: the test builds the app (`next build`, no key in its environment), serves it with
// `next start` in front of the standalone mock, and drives Debian's Chromium through playwright-core.
// The app imports the SDK as a user would, from its package (inside this repository: `npm run build` first).
export default defineProject({
  test: {
    name: 'next',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // `next build` on a shared two-core machine.
    hookTimeout: 300_000,
  },
});
