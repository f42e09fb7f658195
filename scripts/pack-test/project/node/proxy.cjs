'use strict';
const { createFlightSearchProxy, PROXY_ERROR_CODES } = require('@flight-search/sdk/proxy');
const { toNodeHandler } = require('@flight-search/sdk/proxy/node');
const expect = require('./expect.cjs');

expect.expectResolved(
  '@flight-search/sdk/proxy',
  require.resolve('@flight-search/sdk/proxy'),
  '/@flight-search/sdk/dist/proxy.cjs',
);
expect.expectResolved(
  '@flight-search/sdk/proxy/node',
  require.resolve('@flight-search/sdk/proxy/node'),
  '/@flight-search/sdk/dist/proxy-node.cjs',
);
expect.expectProxy({ createFlightSearchProxy, PROXY_ERROR_CODES, toNodeHandler }).catch((error) => {
  console.error(error);
  process.exit(1);
});
