import { createRawClient } from '@flight-search/sdk/raw';
import { fileURLToPath } from 'node:url';
import expect from './expect.cjs';

expect.expectResolved(
  '@flight-search/sdk/raw',
  fileURLToPath(import.meta.resolve('@flight-search/sdk/raw')),
  '/@flight-search/sdk/dist/raw.js',
);
await expect.expectRaw({ createRawClient });
