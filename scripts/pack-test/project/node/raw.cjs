'use strict';
const { createRawClient } = require('@flight-search/sdk/raw');
const expect = require('./expect.cjs');

expect.expectResolved(
  '@flight-search/sdk/raw',
  require.resolve('@flight-search/sdk/raw'),
  '/@flight-search/sdk/dist/raw.cjs',
);
expect.expectRaw({ createRawClient }).catch((error) => {
  console.error(error);
  process.exit(1);
});
