// Jest 30 with msw 2 (issue 19) or msw 3 (issue 28): what a CommonJS consumer suite needs.
// - Jest's own module loader cannot require ESM (below Node 24.9, or without
//   --experimental-vm-modules), so babel-jest turns the ESM-only packages into
//   CommonJS; everything else under node_modules stays untransformed. msw 2's
//   CommonJS build requires rettime, until-async and @open-draft/deferred-promise;
//   msw 3 is ESM only: msw itself, @msw/url, @mswjs/interceptors (it reads
//   import.meta.url: babel.config.cjs), @open-draft/until, rettime, until-async, cookie.
//   One list serves both, so upgrading msw needs no change here.
// - jsdom: `jest-fixed-jsdom` (msw's recommendation) keeps Node's fetch, streams,
//   AbortController... in the jsdom globals, and resolves without the `browser`
//   export condition, so `msw/node` is found.
const transform = { '\\.[cm]?js$': 'babel-jest' };
const esmOnly = [
  'msw',
  '@msw/url',
  '@mswjs/interceptors',
  '@open-draft/until',
  '@open-draft/deferred-promise',
  'rettime',
  'until-async',
  'cookie',
];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
const common = { transform, transformIgnorePatterns, testMatch: ['**/test/*.jest.test.cjs'], testTimeout: 30_000 };

module.exports = {
  projects: [
    { ...common, displayName: 'node', testEnvironment: 'node' },
    { ...common, displayName: 'jsdom', testEnvironment: 'jest-fixed-jsdom' },
  ],
};
