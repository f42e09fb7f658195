import type { ProgramCode } from '@flight-search/contract';
import type { CoreResult, MockRequest } from './answer.js';
import { ActiveFault, faultIssues, faultRouteProblem } from './faults.js';
import { answerRequest, handle } from './handle.js';
import { checkBehavior, resolveOptions, type ResolvedOptions } from './options.js';
import { KeyLedger } from './quota/ledger.js';
import { checkRequestFilter } from './recording/filter.js';
import { maskKey } from './recording/mask.js';
import { JSON_OPTION_NAMES, keySettingsIssues, MockSettingError, optionIssues, programProblem } from './settings.js';
import { createState, type MockState } from './state.js';
import type { FaultRoute, FlightSearchMock, KeyState, MockConfigChanges, MockCore, MockOptions, MockStateSnapshot, Product, ProgramBehavior, ServiceFault } from './types.js';

/** What `setKey` starts from for a key the mock does not have yet. */
const NEW_KEY = { limit: 1000, consumed: 0, products: ['search', 'history'] } as const satisfies { limit: number; consumed: number; products: readonly Product[] };

/** A mock without its msw handlers: what the standalone server serves (declared in types.ts, free of msw's types). */
export type { MockCore };

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
  return coreOf(resolveOptions(options), options ?? {});
}

/** The options `configure` accepts: the JSON ones and the clock function. */
const CONFIGURABLE = [...JSON_OPTION_NAMES, 'now'] as const;

/** A mock core over options already checked; `given` are the options as given, which `configure` changes. */
export function coreOf(initial: ResolvedOptions, given: MockOptions): MockCore {
  let resolved = initial;
  let options: MockOptions = { ...given };
  let state: MockState = createState(resolved);
  const settings: CoreSettings = { baseUrl: resolved.baseUrl, providerTimeoutMs: resolved.providerTimeoutMs };

  const keyState = (ledger: KeyLedger): KeyState => {
    const quota = ledger.snapshot();
    return { key: maskKey(ledger.key), limit: quota.limit, consumed: quota.consumed, remaining: quota.remaining, products: [...ledger.products], usageByCompany: quota.usageByCompany };
  };

  const core: MockCore = {
    handle: (request: Request) => handle(state, request),
    reset() {
      // Emptied, not only replaced: a request still in flight holds the old state, and must not keep the old log's bodies alive.
      state.log.clear();
      state = createState(resolved);
    },
    configure(changes: MockConfigChanges) {
      const issues = optionIssues(changes, CONFIGURABLE, true);
      if (issues.length > 0) throw new MockSettingError('configure', '', issues, 'option ');
      const next: MockOptions = { ...options };
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        if (value === null) delete next[name as keyof MockOptions];
        else Object.assign(next, { [name]: value });
      }
      // A clock given here replaces a `now` given before, and the other way round.
      if (changes.clock != null) delete next.now;
      if (changes.now !== undefined) delete next.clock;
      // Everything is checked before anything changes.
      resolved = resolveOptions(next, 'configure');
      options = next;
      settings.providerTimeoutMs = resolved.providerTimeoutMs;
      core.reset();
    },
    setProgramBehavior(program: ProgramCode, behavior: ProgramBehavior | null) {
      checkBehavior(program, behavior);
      if (behavior === null) state.behaviors.delete(program);
      else state.behaviors.set(program, structuredClone(behavior));
    },
    getProgramBehavior(program: ProgramCode) {
      const problem = programProblem(program);
      if (problem !== undefined) throw new MockSettingError('getProgramBehavior', 'program', [{ field: '', type: 'invalid_enum', message: problem }]);
      const behavior = state.behaviors.get(program);
      return behavior === undefined ? null : structuredClone(behavior);
    },
    setKey(key: string, changes: { limit?: number; consumed?: number; products?: Product[] }) {
      checkKeyName('setKey', key);
      const ledger = state.ledgers.get(key);
      // Everything is checked before anything changes: a refused call leaves the key as it was.
      const { issues, merged } = keySettingsIssues(changes, ledger ?? NEW_KEY);
      if (issues.length > 0) throw new MockSettingError('setKey', 'settings', issues);
      if (!ledger) {
        state.ledgers.set(key, new KeyLedger({ key, ...merged }));
        return;
      }
      ledger.limit = merged.limit;
      ledger.consumed = merged.consumed;
      ledger.products = new Set(merged.products);
    },
    getKey(key: string) {
      checkKeyName('getKey', key);
      const ledger = state.ledgers.get(key);
      return ledger === undefined ? undefined : keyState(ledger);
    },
    setFault(route: FaultRoute, fault: ServiceFault) {
      const problem = faultRouteProblem(route);
      if (problem !== undefined) throw new MockSettingError('setFault', 'route', [{ field: '', type: 'invalid_enum', message: problem }]);
      const issues = faultIssues(fault);
      if (issues.length > 0) throw new MockSettingError('setFault', 'fault', issues);
      state.faults.set(route, new ActiveFault(route, structuredClone(fault), resolved.seed));
    },
    clearFaults(route?: FaultRoute) {
      if (route === undefined) return void state.faults.clear();
      const problem = faultRouteProblem(route);
      if (problem !== undefined) throw new MockSettingError('clearFaults', 'route', [{ field: '', type: 'invalid_enum', message: problem }]);
      state.faults.delete(route);
    },
    faults: () => [...state.faults.values()].map((fault) => fault.snapshot()),
    requests(filter?: Parameters<FlightSearchMock['requests']>[0]) {
      const checked = checkRequestFilter(filter);
      if (checked.issues.length > 0) throw new MockSettingError('requests', 'filter', checked.issues);
      return state.log.list(filter === undefined ? undefined : checked.filter);
    },
    clearRequests: () => state.log.clear(),
    state(): MockStateSnapshot {
      return {
        options: {
          seed: resolved.seed,
          latency: resolved.latency,
          providerTimeoutMs: resolved.providerTimeoutMs,
          rateLimit: resolved.rateLimit ?? null,
          clock: resolved.clock ?? null,
          historyCap: resolved.historyCap,
          requestLogCap: resolved.requestLogCap,
          requestLogMaxBytes: resolved.requestLogMaxBytes,
          baseUrl: resolved.baseUrl ?? null,
        },
        now: resolved.now(),
        keys: [...state.ledgers.values()].map(keyState),
        programs: Object.fromEntries([...state.behaviors].map(([program, behavior]) => [program, structuredClone(behavior)])),
        faults: core.faults(),
        requests: { count: state.log.size, bytes: state.log.bytes },
      };
    },
  };
  attachCore(core, (request) => answerRequest(state, request), settings);
  return core;
}

function checkKeyName(where: string, key: unknown): void {
  if (typeof key !== 'string' || key.trim() === '') throw new MockSettingError(where, 'key', [{ field: '', type: 'missing', message: 'must be a non-empty string.' }]);
}

/** Puts the plain entry and the settings on a mock object, not enumerable (they are not part of the public shape). */
export function attachCore(mock: object, answer: CoreAnswer, settings: CoreSettings): void {
  Object.defineProperty(mock, CORE_ANSWER, { value: answer, enumerable: false });
  // Read through, not copied: `configure` may change the provider time-out.
  Object.defineProperty(mock, CORE_SETTINGS, { value: settings, enumerable: false });
}
