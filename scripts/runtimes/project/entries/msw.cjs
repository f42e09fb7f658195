// The SDK scenario against the mock's msw handlers, in-process, from CommonJS:
// the packages and msw are require()d (their .cjs builds); the scenario itself is ESM.
const { setupServer } = require('msw/node');
const sdk = require('@flight-search/sdk');
const { createFlightSearchMock } = require('@flight-search/mock-server');

(async () => {
  const { checkCancelled, runScenario, SLOW_BEHAVIOR, SLOW_PROGRAM } = await import('../scenario.mjs');
  // Node's `require` condition under `node`: the server build's CommonJS file (D151).
  if (!require.resolve('@flight-search/sdk').endsWith('/dist/server.cjs'))
    throw new Error(`require resolved the SDK to ${require.resolve('@flight-search/sdk')}`);
  const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com' });
  mock.setProgramBehavior(SLOW_PROGRAM, SLOW_BEHAVIOR);
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const summary = await runScenario(sdk, { baseUrl: 'https://api.example.com' });
    console.log(`${summary}; ${checkCancelled(mock.requests())}`);
  } finally {
    server.close();
  }
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
