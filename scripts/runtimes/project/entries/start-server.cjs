// startMockServer from CommonJS, in a project without msw: the SDK scenario against it.
const sdk = require('@flight-search/sdk');
const { startMockServer } = require('@flight-search/mock-server/node');

(async () => {
  const { checkCancelled, runScenario, SLOW_BEHAVIOR, SLOW_PROGRAM } = await import('../scenario.mjs');
  if (!require.resolve('@flight-search/mock-server/node').endsWith('node.cjs'))
    throw new Error(`require resolved the node entry to ${require.resolve('@flight-search/mock-server/node')}`);
  const server = await startMockServer({ port: 0, log: false });
  try {
    server.mock.setProgramBehavior(SLOW_PROGRAM, SLOW_BEHAVIOR);
    const summary = await runScenario(sdk, { baseUrl: server.url });
    console.log(`${summary}; ${checkCancelled(server.mock.requests())}`);
  } finally {
    await server.close();
  }
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
