import type { ProgramCode } from '@flight-search/contract';
import type { MockRequest } from './answer-types.js';
import { ActiveFault, faultIssues, faultRouteProblem } from './faults.js';
import { answerFetch } from './fetch.js';
import { answerRequest } from './answer.js';
import { checkBehavior, JSON_OPTION_NAMES, optionIssues, readBack, resetNeeded, resolveOptions, rowOf, type ResolvedOptions } from './options.js';
import { KeyLedger } from './quota/ledger.js';
import { checkRequestFilter } from './recording/filter.js';
import { maskKey } from './recording/mask.js';
import { keyNameIssue, keySettingsIssues, MAX_KEYS, MockResetNeededError, MockSettingError, PRODUCTS, programProblem } from './settings.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { createState, type KeyScope, type MockState } from './state.js';
import { MAX_STUBS, stubIssues } from './stubs.js';
import type {
  FaultRoute,
  FlightSearchMock,
  KeyScopeOption,
  KeyState,
  MockConfigChanges,
  MockCore,
  MockOptions,
  MockStateSnapshot,
  Product,
  ProgramBehavior,
  ServiceFault,
  StubDefinition,
} from './types.js';

/** What `setKey` starts from for a key the mock does not have yet. */
const NEW_KEY = { limit: 1000, consumed: 0, products: PRODUCTS } as const satisfies { limit: number; consumed: number; products: readonly Product[] };

/** A mock without its msw handlers: what the standalone server serves (declared in types.ts, free of msw's types). */
export type { MockCore };

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
  // The answers being worked out, for `settled()`; each leaves the set once its request is recorded.
  const inFlight = new Set<Promise<unknown>>();
  // Reads `state` when called: `reset` and `configure` replace it.
  const answer = (request: MockRequest) => {
    const answering = answerRequest(state, request);
    inFlight.add(answering);
    const done = () => void inFlight.delete(answering);
    answering.then(done, done);
    return answering;
  };

  const keyState = (ledger: KeyLedger): KeyState => {
    const quota = ledger.snapshot();
    const scope = state.scopes.get(ledger.key);
    return {
      key: maskKey(ledger.key),
      limit: quota.limit,
      consumed: quota.consumed,
      remaining: quota.remaining,
      products: [...ledger.products],
      usageByCompany: quota.usageByCompany,
      ...(scope && { scoped: scopedState(scope) }),
    };
  };

  /**
   * The state of `scope.key` (D154): `undefined` when nothing is set for it and `create` is false.
   * Only a key the mock holds has one, so keyed state is bounded by the keys (`MAX_KEYS`).
   */
  function scopeFor(where: string, scope: KeyScopeOption, create: boolean): KeyScope | undefined {
    checkKeyName(where, scope.key);
    const { key } = scope;
    if (!state.ledgers.has(key)) {
      const message = `is not a key of the mock; create it first (setKey, PUT /__mock/keys/{key}): keyed state is kept for the keys the mock holds (at most ${MAX_KEYS}).`;
      throw new MockSettingError(where, 'key', [{ field: '', type: 'invalid_enum', message }]);
    }
    let found = state.scopes.get(key);
    if (found === undefined && create) {
      found = { faults: new Map(), behaviors: new Map() };
      state.scopes.set(key, found);
    }
    return found;
  }

  /** A scope with nothing left in it goes: `getKey` then shows no `scoped`. */
  function prune(key: string): void {
    const scope = state.scopes.get(key);
    if (scope && scope.faults.size === 0 && scope.behaviors.size === 0 && scope.rateLimit === undefined) state.scopes.delete(key);
  }

  const core: MockCore = {
    answer,
    handle: (request: Request) => answerFetch(answer, request),
    reset() {
      // Emptied, not only replaced: a request still in flight holds the old state, and must not keep the old log's bodies alive.
      state.log.clear();
      state = createState(resolved);
    },
    configure(changes: MockConfigChanges, how?: { reset?: boolean }) {
      const issues = optionIssues(changes, CONFIGURABLE, true);
      if (issues.length > 0) throw new MockSettingError('configure', '', issues, 'option ');
      const needed = resetNeeded(changes);
      // `{ reset: false }` never wipes what tests built: a change that needs a fresh state is refused, whole (D155).
      if (how?.reset === false && needed.length > 0) {
        const message = 'needs a fresh state to change: call configure(changes) without { reset: false } (PUT /__mock/config), which resets the mock (D58).';
        throw new MockResetNeededError(
          'configure',
          '',
          needed.map((field) => ({ field, type: 'cross_field', message })),
          'option ',
        );
      }
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
      // The table says which options the state is built from; the others apply from the next request on.
      if (needed.length > 0) core.reset();
      else state = { ...state, options: resolved };
    },
    setProgramBehavior(program: ProgramCode, behavior: ProgramBehavior | null, scope?: KeyScopeOption) {
      checkBehavior(program, behavior);
      const behaviors = scope === undefined ? state.behaviors : scopeFor('setProgramBehavior', scope, behavior !== null)?.behaviors;
      if (behavior === null) behaviors?.delete(program);
      else behaviors!.set(program, structuredClone(behavior));
      if (scope !== undefined) prune(scope.key);
    },
    getProgramBehavior(program: ProgramCode, scope?: KeyScopeOption) {
      const problem = programProblem(program);
      if (problem !== undefined) throw new MockSettingError('getProgramBehavior', 'program', [{ field: '', type: 'invalid_enum', message: problem }]);
      const behaviors = scope === undefined ? state.behaviors : scopeFor('getProgramBehavior', scope, false)?.behaviors;
      const behavior = behaviors?.get(program);
      return behavior === undefined ? null : structuredClone(behavior);
    },
    setRateLimit(rateLimit: MockConfigChanges['rateLimit'], scope: KeyScopeOption) {
      // The `rateLimit` option's own row checks it, so it is refused as `configure` refuses it.
      const issues = rateLimit === null ? [] : optionIssues({ rateLimit }, ['rateLimit']);
      // Fields relative to the limit, as the control API's body is: `requests`, named `rateLimit.requests` in the message.
      const relative = issues.map((issue) => ({ ...issue, field: issue.field.replace(/^rateLimit\.?/, '') }));
      if (issues.length > 0) throw new MockSettingError('setRateLimit', 'rateLimit', relative);
      // A JavaScript caller may leave the scope out: refused by the key's check, as a missing key.
      const keyScope = scopeFor('setRateLimit', scope ?? ({} as KeyScopeOption), rateLimit !== null);
      if (keyScope === undefined) return;
      if (rateLimit === null || rateLimit === undefined) {
        delete keyScope.rateLimit;
        delete keyScope.rateLimiter;
        prune(scope.key);
        return;
      }
      const limit = rowOf('rateLimit').resolve!(rateLimit) as { requests: number; windowMs: number };
      keyScope.rateLimit = limit;
      keyScope.rateLimiter = new RateLimiter(limit.requests, limit.windowMs);
    },
    resetKey(key: string) {
      scopeFor('resetKey', { key }, false);
      const initial = resolved.keys.find((settings) => settings.key === key);
      // As `reset()` would leave it: the key as the options gave it, or gone when `setKey` added it.
      if (initial === undefined) state.ledgers.delete(key);
      else state.ledgers.set(key, new KeyLedger(initial));
      state.scopes.delete(key);
      state.rateLimiter?.forget(key);
      state.log.forget(key);
    },
    setKey(key: string, changes: { limit?: number; consumed?: number; products?: Product[] }) {
      checkKeyName('setKey', key);
      const ledger = state.ledgers.get(key);
      // Everything is checked before anything changes: a refused call leaves the key as it was.
      const { issues, merged } = keySettingsIssues(changes, ledger ?? NEW_KEY);
      if (issues.length > 0) throw new MockSettingError('setKey', 'settings', issues);
      if (!ledger && state.ledgers.size >= MAX_KEYS) {
        const message = `is a new key, and the mock already holds ${MAX_KEYS} keys (the most it holds); change one it has, or reset.`;
        throw new MockSettingError('setKey', 'key', [{ field: '', type: 'out_of_range', message }]);
      }
      if (!ledger) {
        state.ledgers.set(key, new KeyLedger({ key, ...merged }));
        return;
      }
      ledger.limit = merged.limit;
      // Only a consumed that is given restates the spending: a new limit or products keep the per-program usage (D109).
      if (changes.consumed !== undefined) ledger.setConsumed(merged.consumed);
      ledger.products = new Set(merged.products);
    },
    getKey(key: string) {
      checkKeyName('getKey', key);
      const ledger = state.ledgers.get(key);
      return ledger === undefined ? undefined : keyState(ledger);
    },
    setFault(route: FaultRoute, fault: ServiceFault, scope?: KeyScopeOption) {
      const problem = faultRouteProblem(route);
      if (problem !== undefined) throw new MockSettingError('setFault', 'route', [{ field: '', type: 'invalid_enum', message: problem }]);
      const issues = faultIssues(fault);
      if (issues.length > 0) throw new MockSettingError('setFault', 'fault', issues);
      const faults = scope === undefined ? state.faults : scopeFor('setFault', scope, true)!.faults;
      faults.set(route, new ActiveFault(route, structuredClone(fault), resolved.seed));
    },
    clearFaults(route?: FaultRoute, scope?: KeyScopeOption) {
      const problem = route === undefined ? undefined : faultRouteProblem(route);
      if (problem !== undefined) throw new MockSettingError('clearFaults', 'route', [{ field: '', type: 'invalid_enum', message: problem }]);
      const faults = scope === undefined ? state.faults : scopeFor('clearFaults', scope, false)?.faults;
      if (route === undefined) faults?.clear();
      else faults?.delete(route);
      if (scope !== undefined) prune(scope.key);
    },
    faults(scope?: KeyScopeOption) {
      const faults = scope === undefined ? state.faults : scopeFor('faults', scope, false)?.faults;
      return [...(faults?.values() ?? [])].map((fault) => fault.snapshot());
    },
    requests(filter?: Parameters<FlightSearchMock['requests']>[0]) {
      const checked = checkRequestFilter(filter);
      if (checked.issues.length > 0) throw new MockSettingError('requests', 'filter', checked.issues);
      return state.log.list(filter === undefined ? undefined : checked.filter);
    },
    clearRequests: () => state.log.clear(),
    async settled() {
      // A request that arrives while waiting is waited for too.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    stub(stub: StubDefinition) {
      const issues = stubIssues(stub);
      if (issues.length > 0) throw new MockSettingError('stub', '', issues);
      const added = state.stubs.add(stub);
      if (added === undefined)
        throw new MockSettingError('stub', '', [
          { field: '', type: 'out_of_range', message: `is one too many: the mock holds at most ${MAX_STUBS} stubs; delete some, or reset.` },
        ]);
      return added;
    },
    stubs: () => state.stubs.list(),
    getStub: (id: string) => state.stubs.get(id),
    deleteStub: (id: string) => state.stubs.delete(id),
    clearStubs: () => state.stubs.clear(),
    scenarios: () => state.stubs.scenarios(),
    resetScenarios: () => state.stubs.resetScenarios(),
    state(): MockStateSnapshot {
      return {
        options: readBack(resolved),
        now: resolved.now(),
        keys: [...state.ledgers.values()].map(keyState),
        programs: Object.fromEntries([...state.behaviors].map(([program, behavior]) => [program, structuredClone(behavior)])),
        faults: core.faults(),
        requests: { count: state.log.size, bytes: state.log.bytes },
      };
    },
  };
  return core;
}

/** What is set for one key, as `getKey` and `state()` list it: only what is set. */
function scopedState(scope: KeyScope): NonNullable<KeyState['scoped']> {
  return {
    ...(scope.faults.size > 0 && { faults: [...scope.faults.values()].map((fault) => fault.snapshot()) }),
    ...(scope.behaviors.size > 0 && { programs: Object.fromEntries([...scope.behaviors].map(([program, behavior]) => [program, structuredClone(behavior)])) }),
    ...(scope.rateLimit && { rateLimit: { ...scope.rateLimit } }),
  };
}

function checkKeyName(where: string, key: unknown): void {
  const issue = keyNameIssue(key);
  if (issue !== undefined) throw new MockSettingError(where, 'key', [issue]);
}
