'use strict';
const { createFlightSearchMock, DEFAULT_KEYS } = require('@flight-search/mock-server');
const expect = require('./expect.cjs');

expect.expectResolved(
  '@flight-search/mock-server',
  require.resolve('@flight-search/mock-server'),
  '/@flight-search/mock-server/dist/index.cjs',
);
expect.expectMock({ createFlightSearchMock, DEFAULT_KEYS });
