import { coreOf } from './core.js';
import { createHandlers } from './msw.js';
import { resolveOptions } from './options.js';
import type { FlightSearchMock, MockOptions } from './types.js';

/**
 * Creates a stateful mock of the Flight Search, Price History and Quota
 * service. Each instance owns its state (keys, quota, history, behaviours, faults).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createFlightSearchMock } from '@flight-search/mock-server';
 *
 * const mock = createFlightSearchMock({ seed: 7 });
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * mock.setProgramBehavior('PROGRAM_4', { fail: { status: 503 } });
 * mock.setFault('quota', { status: 503, times: 1 }); // the service itself fails once
 * const quota = await fetch('https://api.example.com/quota', { headers: { 'x-api-key': 'test-key' } });
 */
export function createFlightSearchMock(options?: MockOptions): FlightSearchMock {
  const resolved = resolveOptions(options);
  const core = coreOf(resolved, options ?? {});
  return { handlers: createHandlers(core.answer, resolved.baseUrl), ...core };
}
