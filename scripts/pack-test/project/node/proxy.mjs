import { createFlightSearchProxy, PROXY_ERROR_CODES } from '@flight-search/sdk/proxy';
import { toNodeHandler } from '@flight-search/sdk/proxy/node';
import { fileURLToPath } from 'node:url';
import expect from './expect.cjs';

expect.expectResolved(
  '@flight-search/sdk/proxy',
  fileURLToPath(import.meta.resolve('@flight-search/sdk/proxy')),
  '/@flight-search/sdk/dist/proxy.js',
);
expect.expectResolved(
  '@flight-search/sdk/proxy/node',
  fileURLToPath(import.meta.resolve('@flight-search/sdk/proxy/node')),
  '/@flight-search/sdk/dist/proxy-node.js',
);
await expect.expectProxy({ createFlightSearchProxy, PROXY_ERROR_CODES, toNodeHandler });
