import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // The SDK's source, not its build: a clean clone runs these tests before any build.
    alias: { '@flight-search/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'mock-server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test/parallel/ is a project of its own (one standalone mock for its eight files).
    exclude: ['test/parallel/**'],
    // Every answer of the mock in every test is checked against openapi.yaml (test/support/contract-hook.ts).
    // FC_SEED / FC_PATH replay a property failure (test/support/fast-check-replay.ts).
    setupFiles: ['test/support/contract-setup.ts', 'test/support/fast-check-replay.ts'],
  },
});
