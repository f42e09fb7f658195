import { createFlightSearchMock, DEFAULT_KEYS } from '@flight-search/mock-server';
import { fileURLToPath } from 'node:url';
import expect from './expect.cjs';

expect.expectResolved(
  '@flight-search/mock-server',
  fileURLToPath(import.meta.resolve('@flight-search/mock-server')),
  '/@flight-search/mock-server/dist/index.js',
);
expect.expectMock({ createFlightSearchMock, DEFAULT_KEYS });
