'use strict';
const { startMockServer } = require('@flight-search/mock-server/node');
const { createFlightSearchMock } = require('@flight-search/mock-server');
const expect = require('./expect.cjs');

expect.expectResolved(
  '@flight-search/mock-server/node',
  require.resolve('@flight-search/mock-server/node'),
  '/@flight-search/mock-server/dist/node.cjs',
);
expect
  .expectServer({ startMockServer, createFlightSearchMock }, require.resolve('@flight-search/mock-server/openapi.yaml'))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
