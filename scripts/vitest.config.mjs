import { defineProject } from 'vitest/config';

// The repository's own tooling: how `npm test` gets a browser, the lockfile check.
export default defineProject({
  test: {
    name: 'scripts',
    include: ['test/**/*.test.mjs'],
  },
});
