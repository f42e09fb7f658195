import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The main entry runs in browsers (msw's setupWorker) too: no Node built-ins.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    platform: 'neutral',
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2022',
  },
  {
    entry: { node: 'src/node/index.ts' },
    format: ['esm', 'cjs'],
    platform: 'node',
    dts: true,
    sourcemap: true,
    target: 'node20',
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    platform: 'node',
    sourcemap: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
