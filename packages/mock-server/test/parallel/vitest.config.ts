import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Issue 37: eight files at once against one standalone mock (each with its own key), and the same through
// the msw handlers with a mock per worker. CI runs this project five times in a row.
export default defineProject({
  resolve: { alias: { '@flight-search/sdk': fileURLToPath(new URL('../../../sdk/src/index.ts', import.meta.url)) } },
  test: {
    name: 'mock-parallel',
    include: ['file-*.test.ts'],
    globalSetup: ['global-setup.ts'],
    fileParallelism: true,
  },
});
