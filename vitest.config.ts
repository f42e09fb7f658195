import { defineConfig } from 'vitest/config';

// One project per workspace package or example; each folder's own
// vitest.config.ts says how its tests run (environment, set-up files).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/mock-server/test/parallel/vitest.config.ts',
      'examples/*/vitest.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});
