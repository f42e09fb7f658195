import type { ProgramCode } from '@flight-search/contract';
import type { CoreResult, MockRequest } from './answer-types.js';
import { ActiveFault, faultIssues, faultRouteProblem } from './faults.js';
import { answerFetch } from './fetch.js';
import { answerRequest } from './answer.js';
import {
  checkBehavior,
  JSON_OPTION_NAMES,
  optionIssues,
  readBack,
  resetNeeded,
  resolveOptions,
  rowOf,
  type MockConfigChanges,
  type MockOptions,
  type MockOptionsInForce,
  type ResolvedOptions,
} from './options.js';
import { KeyLedger } from './quota/ledger.js';
import { checkRequestFilter } from './recording/filter.js';
import { maskKey } from './recording/mask.js';
import { keyNameIssue, keySettingsIssues, MAX_KEYS, MockResetNeededError, MockSettingError, PRODUCTS, programProblem } from './settings.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { createState, type KeyScope, type MockState } from './state.js';
import { MAX_STUBS, stubIssues } from './stubs.js';
import type {
  FaultRoute,
  FaultState,
  KeyScopeOption,
  KeyState,
  Product,
  ProgramBehavior,
  RecordedRequest,
  RequestFilter,
  ScenarioState,
  ServiceFault,
  StubDefinition,
  StubState,
} from './types.js';

/** What `setKey` starts from for a key the mock does not have yet. */
const NEW_KEY = { limit: 1000, consumed: 0, products: PRODUCTS } as const satisfies { limit: number; consumed: number; products: readonly Product[] };

/** Everything the mock is set to, keys masked (`state()`, `GET /__mock/state`). */
export interface MockStateSnapshot {
  /** The options in force, as {@link MockOptions} names them (`null`: off or not set). */
  options: MockOptionsInForce;
  /** The mock's current time, epoch milliseconds. */
  now: number;
  /** Every key, masked. */
  keys: KeyState[];
  /** The behaviour set on each program that has one. */
  programs: Partial<Record<ProgramCode, ProgramBehavior>>;
  /** The faults in force. */
  faults: FaultState[];
  /** The request log's size. */
  requests: {
    /** Entries recorded. */
    count: number;
    /** Bytes they take, as the log counts them. */
    bytes: number;
  };
}

/**
 * A mock's state and controls, without msw: what `startMockServer` serves
 * (`server.mock`) and what {@link "@flight-search/mock-server"!FlightSearchMock | FlightSearchMock} adds its msw handlers to.
 * Its types name nothing of msw, so `@flight-search/mock-server/node` compiles
 * in a project without msw (and in CommonJS with `skipLibCheck: false`, where
 * msw's own types fail, TS1479).
 */
export interface MockCore {
  /**
   * The one entry into the mock's rules: a plain request in, a plain answer out
   * (status, lower-case headers, the JSON body as text or bytes), or `null` when
   * the request is not the service's. The msw handlers and {@link handle} are a
   * Fetch adapter over it, and the standalone server a `node:http` one, so all
   * three answer alike. Call it to serve the mock from another server (a
   * framework's route, a test harness) without building a Fetch `Request`.
   * It gives `'aborted'` when `request.aborted()` turned true (nobody reads an
   * answer), and `'drop-before-headers'` or `'drop-after-headers'` for a
   * `drop` fault (close the connection, before or after sending the headers of a 200).
   * @example
   * const mock = createFlightSearchMock();
   * const headers = new Headers({ 'x-api-key': 'test-key' });
   * const result = await mock.answer({
   *   method: 'GET',
   *   url: 'https://api.example.com/quota',
   *   headers,
   *   rawHeaders: () => ['x-api-key', 'test-key'],
   *   text: async () => '',
   *   signal: new AbortController().signal,
   *   aborted: () => false,
   * });
   * if (result !== null && typeof result === 'object') console.log(result.status, result.body); // 200 {"limit":1000,...}
   */
  answer(request: MockRequest): Promise<CoreResult>;
  /**
   * Answers a Fetch API `Request` with a `Response`, or `null` when the request is not the service's:
   * {@link answer} behind a Fetch adapter (what the msw handlers run).
   * Aborting `request.signal` during a provider wait resolves to `Response.error()` (a network error).
   */
  handle(request: Request): Promise<Response | null>;
  /** Restores the initial state: keys and quota, history, program behaviours, recorded requests, rate limits. */
  reset(): void;
  /**
   * Sets (or with `null` clears) how a program's provider behaves; with `{ key }`, for that key's
   * searches only, before the global behaviour (D154).
   * @example
   * mock.setProgramBehavior('PROGRAM_2', { fail: { status: 503 } }, { key: 'worker-3-key' });
   */
  setProgramBehavior(program: ProgramCode, behavior: ProgramBehavior | null, scope?: KeyScopeOption): void;
  /**
   * Sets (or with `null` clears) one key's own rate limit (D154): `requests` per `windowMs` (default
   * 1 000 ms) for that key, in place of the `rateLimit` option, which the other keys keep.
   * @example
   * mock.setRateLimit({ requests: 2, windowMs: 60_000 }, { key: 'worker-3-key' }); // its third request is a 429
   */
  setRateLimit(rateLimit: { requests: number; windowMs?: number } | null, scope: KeyScopeOption): void;
  /**
   * Resets one key (D154): its quota as the options gave it (a key `setKey` added is removed, as
   * `reset()` removes it), and its own faults, behaviours, rate limit and recorded requests; every other key keeps its state.
   * @example
   * afterEach(() => mock.resetKey(workerKey));
   */
  resetKey(key: string): void;
  /** Creates a key or changes its limit, consumption or products. */
  setKey(key: string, settings: { limit?: number; consumed?: number; products?: Product[] }): void;
  /** The requests received so far (the most recent 10 000 within 16 MiB by default), oldest first, keys redacted; `filter` narrows them. */
  requests(filter?: RequestFilter): RecordedRequest[];
  /** Empties the request log, and nothing else. */
  clearRequests(): void;
  /**
   * Changes options of a running mock (checked like `createFlightSearchMock`'s), then resets it
   * to a fresh state under them (D58), unless every option changed is one the state is not built
   * from (`latency`, `providerTimeoutMs`, `unknownFields`, `unmatched`). `rateLimit: null` or `clock: null` turns them off.
   * With `{ reset: false }` (what `PATCH /__mock/config` runs) it never resets: quota, history and
   * the request log stay, and an option whose change needs a fresh state is refused with a
   * `TypeError` naming it, nothing applied (D155).
   * @example
   * mock.configure({ rateLimit: { requests: 2, windowMs: 1000 }, clock: { at: '2026-11-01T00:00:00Z' } });
   * mock.configure({ latency: 'realistic' }, { reset: false }); // other tests' quota and requests stay
   */
  configure(changes: MockConfigChanges, how?: { reset?: boolean }): void;
  /** A key's settings and ledger (the key itself masked), or `undefined` when the mock has no such key. */
  getKey(key: string): KeyState | undefined;
  /** The behaviour set on a program (with `{ key }`: for that key only), or `null` when none is. */
  getProgramBehavior(program: ProgramCode, scope?: KeyScopeOption): ProgramBehavior | null;
  /**
   * Makes the service itself fail for a route (`search`, `history`, `quota`) or `all` of them;
   * a fault is checked before the key and never consumes quota or a rate-limit slot.
   * @example
   * mock.setFault('quota', { status: 503, times: 2 }); // the next two GET /quota answer 503
   * mock.setFault('all', { status: 429, retryAfterSeconds: 3, fraction: 0.5 });
   * mock.setFault('search', { status: 503 }, { key: 'worker-3-key' }); // only that key's searches (D154)
   */
  setFault(route: FaultRoute, fault: ServiceFault, scope?: KeyScopeOption): void;
  /** Clears the fault of `route`, or every fault without one (with `{ key }`: that key's own). */
  clearFaults(route?: FaultRoute, scope?: KeyScopeOption): void;
  /** The faults in force (with `{ key }`: that key's own). */
  faults(scope?: KeyScopeOption): FaultState[];
  /** Everything the mock is set to: options, keys (masked), program behaviours, faults, the request log's size. */
  state(): MockStateSnapshot;
  /**
   * Resolves once every request the mock has received is answered and recorded, aborted ones
   * included (a request the client abandoned is recorded `aborted: true` as soon as the mock sees
   * the abort): read `requests()` after it instead of sleeping.
   * @example
   * for await (const outcome of compareProgramsStreaming(client, request)) break; // aborts the other searches
   * await mock.settled();
   * expect(mock.requests({ path: '/flights/search' }).filter((entry) => entry.aborted)).toHaveLength(3);
   */
  settled(): Promise<void>;
  /**
   * Adds a stub (checked like `POST /__mock/stubs`; a refused one throws a TypeError naming each field) and
   * returns it as read back, with its `id`. A `reset()` keeps only the stubs of the `stubs` option.
   * @example
   * const { id } = mock.stub({ request: { method: 'GET', path: '/quota' }, fault: { status: 503 }, times: 1 });
   * mock.deleteStub(id);
   */
  stub(stub: StubDefinition): StubState;
  /** Every stub, in the order they are tried. */
  stubs(): StubState[];
  /** One stub, or `undefined`. */
  getStub(id: string): StubState | undefined;
  /** Removes a stub; `false` when there was none with this id. */
  deleteStub(id: string): boolean;
  /** Removes every stub. */
  clearStubs(): void;
  /** Every scenario the stubs name and the state it is in. */
  scenarios(): ScenarioState[];
  /** Every scenario back to `Started`. */
  resetScenarios(): void;
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
    requests(filter?: RequestFilter) {
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
