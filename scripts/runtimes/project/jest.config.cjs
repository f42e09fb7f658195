// Jest 30 with msw 2 (issue 19): what a CommonJS consumer suite needs.
// - msw's CommonJS build require()s ESM-only packages (rettime, until-async,
//   @open-draft/deferred-promise; all three are needed with msw 2.15 on Node 20):
//   Jest's own module loader cannot require ESM, so babel-jest turns them into
//   CommonJS; everything else under node_modules stays untransformed.
// - jsdom: `jest-fixed-jsdom` (msw's recommendation) keeps Node's fetch, streams,
//   AbortController... in the jsdom globals, and resolves without the `browser`
//   export condition, so `msw/node` is found.
const transform = { '\\.[cm]?js$': 'babel-jest' };
const transformIgnorePatterns = ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'];
const common = { transform, transformIgnorePatterns, testMatch: ['**/test/*.jest.test.cjs'], testTimeout: 30_000 };

module.exports = {
  projects: [
    { ...common, displayName: 'node', testEnvironment: 'node' },
    { ...common, displayName: 'jsdom', testEnvironment: 'jest-fixed-jsdom' },
  ],
};
