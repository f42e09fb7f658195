import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineProject({
  // As the build does (tsup.config.ts): the tests check the header carries the package's version.
  define: { __SDK_VERSION__: JSON.stringify(version) },
  resolve: {
    // The package's own entries from source, not dist/: the proxy's tests and examples import them
    // by name, and so does the mock server's node:http code they run.
    alias: [
      { find: /^@flight-search\/sdk$/, replacement: src('index.ts') },
      { find: /^@flight-search\/sdk\/raw$/, replacement: src('raw.ts') },
      { find: /^@flight-search\/sdk\/proxy$/, replacement: src('proxy/index.ts') },
      { find: /^@flight-search\/sdk\/proxy\/node$/, replacement: src('proxy/node.ts') },
      { find: /^@flight-search\/sdk\/query$/, replacement: src('query-tanstack.ts') },
    ],
  },
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The tests against the mock server: every answer the mock gives is checked against openapi.yaml.
    // FC_SEED / FC_PATH replay a property failure (../mock-server/test/support/fast-check-replay.ts).
    setupFiles: ['../mock-server/test/support/contract-setup.ts', '../mock-server/test/support/fast-check-replay.ts'],
    // tsc checks test/types.test.ts (@ts-expect-error lines); vitest runs its value assertions too.
  },
});
