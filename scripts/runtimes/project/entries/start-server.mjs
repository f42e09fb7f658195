// startMockServer from ESM, in a project without msw: the SDK scenario against it.
import * as sdk from '@flight-search/sdk';
import { startMockServer } from '@flight-search/mock-server/node';
import { checkCancelled, runScenario, SLOW_BEHAVIOR, SLOW_PROGRAM } from '../scenario.mjs';

const server = await startMockServer({ port: 0, log: false });
try {
  server.mock.setProgramBehavior(SLOW_PROGRAM, SLOW_BEHAVIOR);
  const summary = await runScenario(sdk, { baseUrl: server.url });
  console.log(`${summary}; ${checkCancelled(server.mock.requests())}`);
} finally {
  await server.close();
}
