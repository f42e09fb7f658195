'use strict';
const { createFlightSearchClient, validateSearchRequest, QuotaExceededError } = require('@flight-search/sdk');
const expect = require('./expect.cjs');

expect.expectResolved(
  '@flight-search/sdk',
  require.resolve('@flight-search/sdk'),
  '/@flight-search/sdk/dist/server.cjs',
);
expect.expectSdk({ createFlightSearchClient, validateSearchRequest, QuotaExceededError });
