import type { ProgramCode } from '@flight-search/sdk';
import type { CoreResult, MockRequest } from './answer.js';
import { answerRequest, handle } from './handle.js';
import { checkBehavior, mergeKeySettings, resolveOptions, type ResolvedOptions } from './options.js';
import { KeyLedger } from './quota/ledger.js';
import { createState, type MockState } from './state.js';
import type { FlightSearchMock, MockOptions, Product, ProgramBehavior } from './types.js';

/** What `setKey` starts from for a key the mock does not have yet. */
const NEW_KEY = { limit: 1000, consumed: 0, products: ['search', 'history'] } as const satisfies { limit: number; consumed: number; products: readonly Product[] };

/** A mock without its msw handlers: what the standalone server serves. */
export type MockCore = Omit<FlightSearchMock, 'handlers'>;

/**
 * The plain entry of a mock's rules (`MockRequest` in, plain answer out), kept
 * under a registered symbol so the standalone server finds it on any mock,
 * whichever build (ESM, CJS, main or node entry) created it.
 */
export const CORE_ANSWER: unique symbol = Symbol.for('@flight-search/mock-server.answer') as never;
export type CoreAnswer = (request: MockRequest) => Promise<CoreResult>;

/**
 * The options a server needs to know of a mock it serves, under a registered
 * symbol for the same reason as {@link CORE_ANSWER}.
 */
export const CORE_SETTINGS: unique symbol = Symbol.for('@flight-search/mock-server.settings') as never;
export interface CoreSettings {
  /** The mock's `baseUrl` option: it answers only under that URL. */
  baseUrl: string | undefined;
  /** The longest a provider wait lasts (a slower latency is cut to it, `PROVIDER-2`). */
  providerTimeoutMs: number;
}

/** The settings of `mock`, when it is one of ours. */
export function coreSettingsOf(mock: object): CoreSettings | undefined {
  const settings = (mock as { [CORE_SETTINGS]?: unknown })[CORE_SETTINGS];
  return typeof settings === 'object' && settings !== null ? (settings as CoreSettings) : undefined;
}

/** The plain entry of `mock`, when it is one of ours. */
export function coreAnswerOf(mock: object): CoreAnswer | undefined {
  const answer = (mock as { [CORE_ANSWER]?: unknown })[CORE_ANSWER];
  return typeof answer === 'function' ? (answer as CoreAnswer) : undefined;
}

/**
 * A mock's state and controls, without msw: `createFlightSearchMock` adds the
 * msw handlers on top, and the standalone server (`./node`, the CLI) uses this
 * directly so it never loads msw.
 */
export function createMockCore(options?: MockOptions): MockCore {
  return coreOf(resolveOptions(options));
}

/** A mock core over options already checked. */
export function coreOf(resolved: ResolvedOptions): MockCore {
  let state: MockState = createState(resolved);

  const core: MockCore = {
    handle: (request: Request) => handle(state, request),
    reset() {
      // Emptied, not only replaced: a request still in flight holds the old state, and must not keep the old log's bodies alive.
      state.log.clear();
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
      const ledger = state.ledgers.get(key);
      // Everything is checked before anything changes: a refused call leaves the key as it was.
      const merged = mergeKeySettings(settings, ledger ?? NEW_KEY);
      if (!ledger) {
        state.ledgers.set(key, new KeyLedger({ key, ...merged }));
        return;
      }
      ledger.limit = merged.limit;
      ledger.consumed = merged.consumed;
      ledger.products = new Set(merged.products);
    },
    requests: () => state.log.list(),
  };
  attachCore(core, (request) => answerRequest(state, request), { baseUrl: resolved.baseUrl, providerTimeoutMs: resolved.providerTimeoutMs });
  return core;
}

/** Puts the plain entry and the settings on a mock object, not enumerable (they are not part of the public shape). */
export function attachCore(mock: object, answer: CoreAnswer, settings: CoreSettings): void {
  Object.defineProperty(mock, CORE_ANSWER, { value: answer, enumerable: false });
  Object.defineProperty(mock, CORE_SETTINGS, { value: Object.freeze({ ...settings }), enumerable: false });
}
