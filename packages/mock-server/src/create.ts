import type { RequestHandler } from 'msw';
import { coreOf, type MockCore } from './core.js';
import { createHandlers, missingBaseUrl } from './msw.js';
import { resolveOptions, type MockOptions } from './options.js';

/**
 * Creates a stateful mock of the Flight Search, Price History and Quota
 * service. Each instance owns its state (keys, quota, history, behaviours, faults).
 * Its msw `handlers` answer only under `baseUrl` (one URL or several; `'*'` for
 * any origin); a mock made without it has none (reading them throws, D127).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createFlightSearchMock } from '@flight-search/mock-server';
 *
 * const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com', seed: 7 });
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * mock.setProgramBehavior('PROGRAM_4', { fail: { status: 503 } });
 * mock.setFault('quota', { status: 503, times: 1 }); // the service itself fails once
 * const quota = await fetch('https://api.example.com/quota', { headers: { 'x-api-key': 'test-key' } });
 */
export function createFlightSearchMock(options?: MockOptions): FlightSearchMock {
  const resolved = resolveOptions(options);
  const core = coreOf(resolved, options ?? {});
  if (resolved.baseUrl === undefined) {
    // D127: msw's convention is handlers per origin; answering every origin is the explicit '*'.
    return Object.defineProperty({ ...core }, 'handlers', {
      enumerable: false,
      get: () => {
        throw missingBaseUrl('createFlightSearchMock');
      },
    }) as FlightSearchMock;
  }
  return { handlers: createHandlers(core.answer, resolved.baseUrls), ...core };
}

/** A stateful mock of the service; see {@link createFlightSearchMock}. */
export interface FlightSearchMock extends MockCore {
  /** msw request handlers: `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  handlers: RequestHandler[];
}
