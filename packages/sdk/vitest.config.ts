import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The tests against the mock server: every answer the mock gives is checked against openapi.yaml.
    // FC_SEED / FC_PATH replay a property failure (../mock-server/test/support/fast-check-replay.ts).
    setupFiles: ['../mock-server/test/support/contract-setup.ts', '../mock-server/test/support/fast-check-replay.ts'],
    // tsc checks test/types.test.ts (@ts-expect-error lines); vitest runs its value assertions too.
  },
});
