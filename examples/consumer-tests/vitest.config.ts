import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineProject({
  // Inside this repository the tests run the packages' sources, as tsconfig.json's paths type-check
  // them, not a possibly stale build. A project of your own needs none of this: it imports the
  // installed packages.
  resolve: {
    alias: [
      { find: /^@flight-search\/sdk$/, replacement: source('../../packages/sdk/src/index.ts') },
      { find: /^@flight-search\/mock-server$/, replacement: source('../../packages/mock-server/src/index.ts') },
    ],
  },
  test: {
    name: 'example-consumer-tests',
    include: ['test/**/*.test.ts'],
  },
});
