import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Test the SDK's source, as tsconfig.json's paths type-check it, not a possibly stale build.
  resolve: { alias: { '@flight-search/sdk': fileURLToPath(new URL('../../packages/sdk/src/index.ts', import.meta.url)) } },
  test: {
    name: 'example-node-compare',
    include: ['test/**/*.test.ts'],
  },
});
