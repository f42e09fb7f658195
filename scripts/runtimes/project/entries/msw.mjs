// The SDK scenario against the mock's msw handlers, in-process (ESM): Node, Bun, Deno.
// Deno: msw opens a BroadcastChannel when imported (its WebSocket API, msw/core/ws),
// which Node and Bun let the process exit with and Deno keeps open forever, so
// under Deno this ends with Deno.exit (README, known limits).
import { setupServer } from 'msw/node';
import * as sdk from '@flight-search/sdk';
import { createFlightSearchMock } from '@flight-search/mock-server';
import { checkCancelled, runScenario, SLOW_BEHAVIOR, SLOW_PROGRAM } from '../scenario.mjs';

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
globalThis.Deno?.exit(0);
