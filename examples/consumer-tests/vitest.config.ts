import { defineProject } from 'vitest/config';

// The tests import the installed @flight-search packages, as your project's would.
export default defineProject({
  test: {
    name: 'example-consumer-tests',
    include: ['test/**/*.test.ts'],
  },
});
