import { startMockServer } from '@flight-search/mock-server/node';
import { createFlightSearchMock } from '@flight-search/mock-server';
import { fileURLToPath } from 'node:url';
import expect from './expect.cjs';

expect.expectResolved(
  '@flight-search/mock-server/node',
  fileURLToPath(import.meta.resolve('@flight-search/mock-server/node')),
  '/@flight-search/mock-server/dist/node.js',
);
await expect.expectServer(
  { startMockServer, createFlightSearchMock },
  fileURLToPath(import.meta.resolve('@flight-search/mock-server/openapi.yaml')),
);
