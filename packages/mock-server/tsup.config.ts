import { defineConfig } from 'tsup';

// The private contract package (types, validator, envelopes) is never published: its code and its
// types are bundled into this package's files.
const contract = { noExternal: ['@flight-search/contract'], dts: true };

export default defineConfig([
  {
    // The main entry runs in browsers (msw's setupWorker) too: no Node built-ins.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    platform: 'neutral',
    ...contract,
    clean: true,
    sourcemap: true,
    target: 'es2022',
  },
  {
    // msw-free: the server runs the rules through createMockCore (src/core.ts), never msw's handlers.
    entry: { node: 'src/node/index.ts' },
    format: ['esm', 'cjs'],
    platform: 'node',
    // openapi-file.ts finds its own directory through import.meta.url (ESM) or __filename (CJS).
    shims: true,
    ...contract,
    sourcemap: true,
    target: 'node20',
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    noExternal: contract.noExternal,
    platform: 'node',
    sourcemap: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
