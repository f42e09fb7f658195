import { createFlightSearchClient, validateSearchRequest, QuotaExceededError } from '@flight-search/sdk';
import { fileURLToPath } from 'node:url';
import expect from './expect.cjs';

expect.expectResolved(
  '@flight-search/sdk',
  fileURLToPath(import.meta.resolve('@flight-search/sdk')),
  '/@flight-search/sdk/dist/server.js',
);
expect.expectSdk({ createFlightSearchClient, validateSearchRequest, QuotaExceededError });
