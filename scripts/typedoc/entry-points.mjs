// The API reference documents every code entry of each published package's `exports`. This table
// says which source file each entry is built from (the tsup configs say the same); the plugin fails
// the build when a package's `exports` has a code entry that is missing here.
export const ENTRY_POINTS = [
  { module: '@flight-search/sdk', dir: 'packages/sdk', subpath: '.', source: 'packages/sdk/src/index.ts' },
  { module: '@flight-search/sdk/raw', dir: 'packages/sdk', subpath: './raw', source: 'packages/sdk/src/raw.ts' },
  {
    module: '@flight-search/sdk/query',
    dir: 'packages/sdk',
    subpath: './query',
    source: 'packages/sdk/src/query-tanstack.ts',
  },
  {
    module: '@flight-search/sdk/proxy',
    dir: 'packages/sdk',
    subpath: './proxy',
    source: 'packages/sdk/src/proxy/index.ts',
  },
  {
    module: '@flight-search/sdk/proxy/node',
    dir: 'packages/sdk',
    subpath: './proxy/node',
    source: 'packages/sdk/src/proxy/node.ts',
  },
  {
    module: '@flight-search/mock-server',
    dir: 'packages/mock-server',
    subpath: '.',
    source: 'packages/mock-server/src/index.ts',
  },
  {
    module: '@flight-search/mock-server/node',
    dir: 'packages/mock-server',
    subpath: './node',
    source: 'packages/mock-server/src/node/index.ts',
  },
];

/** `exports` subpaths that are data, not code: no API to document. */
export const DATA_SUBPATHS = ['./package.json', './openapi.yaml'];
