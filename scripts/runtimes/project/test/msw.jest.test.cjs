// A consumer suite under Jest 30 (CommonJS, as most Jest suites are): the mock's
// msw handlers under setupServer, the SDK scenario through them. jest.config.cjs
// has the two environments (node, jest-fixed-jsdom) and the transform msw needs.
const { setupServer } = require('msw/node');
const sdk = require('@flight-search/sdk');
const { createFlightSearchMock } = require('@flight-search/mock-server');
// scenario.cjs: the runner's CommonJS build of scenario.mjs (Jest's require cannot load .mjs).
const { checkCancelled, runScenario, SLOW_BEHAVIOR, SLOW_PROGRAM } = require('../scenario.cjs');

const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('runs in the environment the project names', () => {
  expect(typeof document === 'object' ? 'dom' : 'node').toBe(process.env.EXPECTED_ENVIRONMENT);
});

it('runs the SDK scenario through the mock handlers, the slow program cancelled', async () => {
  mock.setProgramBehavior(SLOW_PROGRAM, SLOW_BEHAVIOR);
  const summary = await runScenario(sdk, { baseUrl: 'https://api.example.com' });
  expect(summary).toMatch(/402 QuotaExceededError$/);
  expect(checkCancelled(mock.requests())).toBe('cancelled search recorded as aborted');
});
