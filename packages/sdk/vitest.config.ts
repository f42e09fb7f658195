import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // tsc checks test/types.test.ts (@ts-expect-error lines); vitest runs its value assertions too.
  },
});
