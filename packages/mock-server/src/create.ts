import type { ProgramCode } from '@flight-search/sdk';
import { handle } from './handle.js';
import { createHandlers } from './msw.js';
import { checkBehavior, checkKeyNumbers, checkProducts, resolveOptions } from './options.js';
import { KeyLedger } from './quota/ledger.js';
import { createState, type MockState } from './state.js';
import type { FlightSearchMock, MockOptions, Product, ProgramBehavior } from './types.js';

/**
 * Creates a stateful mock of the Flight Search, Price History and Quota
 * service. Each instance owns its state (keys, quota, history, behaviours).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createFlightSearchMock } from '@flight-search/mock-server';
 *
 * const mock = createFlightSearchMock({ seed: 7 });
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * mock.setProgramBehavior('PROGRAM_4', { fail: { status: 503 } });
 * const quota = await fetch('https://api.example.com/quota', { headers: { 'x-api-key': 'test-key' } });
 */
export function createFlightSearchMock(options?: MockOptions): FlightSearchMock {
  const resolved = resolveOptions(options);
  let state: MockState = createState(resolved);
  const handleRequest = (request: Request) => handle(state, request);

  return {
    handlers: createHandlers(handleRequest, resolved.baseUrl),
    handle: handleRequest,
    reset() {
      state = createState(resolved);
    },
    setProgramBehavior(program: ProgramCode, behavior: ProgramBehavior | null) {
      checkBehavior(program, behavior);
      if (behavior === null) state.behaviors.delete(program);
      else state.behaviors.set(program, structuredClone(behavior));
    },
    setKey(key: string, settings: { limit?: number; consumed?: number; products?: Product[] }) {
      if (typeof key !== 'string' || key.trim() === '') throw new TypeError('setKey: `key` must be a non-empty string.');
      if (typeof settings !== 'object' || settings === null) throw new TypeError('setKey: `settings` must be an object.');
      checkKeyNumbers(settings, 'setKey settings');
      const products = settings.products && checkProducts(settings.products, 'setKey settings.products');
      const ledger = state.ledgers.get(key);
      if (!ledger) {
        state.ledgers.set(
          key,
          new KeyLedger({ key, limit: settings.limit ?? 1000, consumed: settings.consumed ?? 0, products: products ?? ['search', 'history'] }),
        );
        return;
      }
      if (settings.limit !== undefined) ledger.limit = settings.limit;
      if (settings.consumed !== undefined) ledger.consumed = settings.consumed;
      if (products) ledger.products = new Set(products);
    },
    requests: () => state.log.list(),
  };
}
