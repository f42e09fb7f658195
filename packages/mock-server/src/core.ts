import { isPlainObject, type ProgramCode } from '@flight-search/contract';
import type { CoreResult, MockRequest } from './answer-types.js';
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
import {
  keyNameIssue,
  keySettingsIssues,
  MAX_KEYS,
  MockResetNeededError,
  MockSettingError,
  PRODUCTS,
  programProblem,
} from './settings.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { createState, type MockState } from './state.js';
import { faultIssues, FAULT_FIELDS, patternIssues, stubIssues } from './stubs/check.js';
import { requestDifferences, type Stub, type StubRequest } from './stubs/set.js';
import { FAULT_ROUTES, faultState, faultStub, programStub } from './stubs/shortcuts.js';
import type {
  FaultRoute,
  FaultState,
  KeyScopeOption,
  KeyState,
  Product,
  ProgramBehavior,
  RecordedRequest,
  RequestFilter,
  RequestPattern,
  ScenarioState,
  ServiceFault,
  StubDefinition,
  StubState,
} from './types.js';

/** What `setKey` starts from for a key the mock does not have yet. */
const NEW_KEY = { limit: 1000, consumed: 0, products: PRODUCTS } as const satisfies {
  limit: number;
  consumed: number;
  products: readonly Product[];
};

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
 * A mock's state and controls without msw: what `startMockServer` serves (`server.mock`) and what
 * {@link "@flight-search/mock-server"!FlightSearchMock | FlightSearchMock} adds its handlers to. It names nothing of msw,
 * so `./node` compiles without msw (and in CommonJS with `skipLibCheck: false`, where msw's types fail, TS1479).
 */
export interface MockCore {
  /**
   * The one entry into the mock's rules: a plain request in, a plain answer out (status, lower-case headers, body),
   * or `null` when the request is not the service's; the msw handlers, {@link handle} and the server all adapt it.
   * It gives `'aborted'` once `request.aborted()` is true, and `'drop-before-headers'` / `'drop-after-headers'` for a `drop` fault.
   * @example
   * const result = await mock.answer({
   *   method: 'GET',
   *   url: 'https://api.example.com/quota',
   *   headers: new Headers({ 'x-api-key': 'test-key' }),
   *   rawHeaders: () => ['x-api-key', 'test-key'],
   *   text: async () => '',
   *   signal: new AbortController().signal,
   *   aborted: () => false,
   * });
   */
  answer(request: MockRequest): Promise<CoreResult>;
  /** {@link answer} behind a Fetch adapter (what the msw handlers run); an abort during a provider wait gives `Response.error()`. */
  handle(request: Request): Promise<Response | null>;
  /** Restores the initial state: keys and quota, history, program behaviours, recorded requests, rate limits. */
  reset(): void;
  /**
   * Sets (`null`: clears) how a program's provider behaves; with `{ key }`, for that key's searches only.
   * @example
   * mock.setProgramBehavior('PROGRAM_2', { fail: { status: 503 } }, { key: 'worker-3-key' });
   */
  setProgramBehavior(program: ProgramCode, behavior: ProgramBehavior | null, scope?: KeyScopeOption): void;
  /**
   * Sets (`null`: clears) one key's own rate limit, in place of the `rateLimit` option (`windowMs` default 1 000).
   * @example
   * mock.setRateLimit({ requests: 2, windowMs: 60_000 }, { key: 'worker-3-key' });
   */
  setRateLimit(rateLimit: { requests: number; windowMs?: number } | null, scope: KeyScopeOption): void;
  /**
   * Resets one key: its quota as the options gave it (removed if `setKey` added it), its faults, behaviours, rate limit and requests.
   * @example
   * afterEach(() => mock.resetKey(workerKey));
   */
  resetKey(key: string): void;
  /** Creates a key or changes its limit, consumption or products. */
  setKey(key: string, settings: { limit?: number; consumed?: number; products?: Product[] }): void;
  /** The requests received (by default the last 10 000 within 16 MiB), oldest first, keys redacted; `filter` narrows them. */
  requests(filter?: RequestFilter): RecordedRequest[];
  /**
   * The recorded requests a pattern matches (fields as a stub's `request`; `key` literal), oldest first.
   * @example
   * mock.findRequests({ method: 'POST', path: '/flights/search', body: { origin: { matches: '^G' } } });
   */
  findRequests(pattern: RequestPattern): RecordedRequest[];
  /** How many recorded requests a pattern matches (see {@link findRequests}). */
  countRequests(pattern: RequestPattern): number;
  /** Empties the request log, and nothing else. */
  clearRequests(): void;
  /**
   * Changes options (checked as at creation), then resets to a fresh state (D58) unless every option changed is one
   * the state is not built from. `null` turns an option off. With `{ reset: false }` it never resets, and refuses a
   * change that needs a fresh state with a `TypeError`, nothing applied.
   * @example
   * mock.configure({ rateLimit: { requests: 2, windowMs: 1000 } });
   * mock.configure({ latency: 'realistic' }, { reset: false });
   */
  configure(changes: MockConfigChanges, how?: { reset?: boolean }): void;
  /** A key's settings and ledger (the key masked), or `undefined`. */
  getKey(key: string): KeyState | undefined;
  /** The behaviour set on a program (with `{ key }`: for that key), or `null`. */
  getProgramBehavior(program: ProgramCode, scope?: KeyScopeOption): ProgramBehavior | null;
  /**
   * Makes the service fail for a route (`search`, `history`, `quota`) or `all`; checked before the key, it consumes no quota.
   * @example
   * mock.setFault('quota', { status: 503, times: 2 });
   * mock.setFault('search', { status: 503 }, { key: 'worker-3-key' });
   */
  setFault(route: FaultRoute, fault: ServiceFault, scope?: KeyScopeOption): void;
  /** Clears the fault of `route`, or every fault (with `{ key }`: that key's). */
  clearFaults(route?: FaultRoute, scope?: KeyScopeOption): void;
  /** The faults in force (with `{ key }`: that key's). */
  faults(scope?: KeyScopeOption): FaultState[];
  /** Everything the mock is set to: options, keys (masked), program behaviours, faults, the request log's size. */
  state(): MockStateSnapshot;
  /**
   * Resolves once every request received is answered and recorded (aborted ones included): read `requests()` after it.
   * @example
   * await mock.settled();
   * expect(mock.requests({ path: '/flights/search' })).toHaveLength(4);
   */
  settled(): Promise<void>;
  /**
   * Adds a stub (checked whole; a refused one throws a TypeError naming each field) and returns it read back, with its `id`.
   * With `{ key }` it matches only that key's requests and `resetKey` removes it. `reset()` keeps only the `stubs` option's.
   * @example
   * const { id } = mock.stub({ request: { method: 'GET', path: '/quota' }, fault: { status: 503 }, times: 1 });
   * mock.deleteStub(id);
   */
  stub(stub: StubDefinition, scope?: KeyScopeOption): StubState;
  /** Replaces stub `id`'s definition (id and place stay, counts restart); `undefined` when there is none. */
  replaceStub(id: string, stub: StubDefinition): StubState | undefined;
  /** Every stub, in the order tried (`key`: that key's only; `after` an id and `limit`: a page). */
  stubs(filter?: StubsFilter): StubState[];
  /** One stub, or `undefined`. */
  getStub(id: string): StubState | undefined;
  /** Removes a stub; `false` when there was none. */
  deleteStub(id: string): boolean;
  /** Removes every stub (with `{ key }`: that key's). */
  clearStubs(scope?: KeyScopeOption): void;
  /** The scenarios the global (with `{ key }`: that key's) stubs name, and their states. */
  scenarios(scope?: KeyScopeOption): ScenarioState[];
  /**
   * Moves a scenario of the scope to `state` (`null`: `Started`); `false` when no stub of the scope names it.
   * @example
   * mock.setScenario('limits', 'limited', { key: 'worker-3-key' });
   */
  setScenario(name: string, state: string | null, scope?: KeyScopeOption): boolean;
  /** Every scenario of the scope back to `Started`. */
  resetScenarios(scope?: KeyScopeOption): void;
}

/** A mock's state and controls without msw: `createFlightSearchMock` adds the handlers; the standalone server uses it directly. */
export function createMockCore(options?: MockOptions): MockCore {
  return coreOf(resolveOptions(options), options ?? {});
}

/** The options `configure` accepts: the JSON ones and the clock function. */
const CONFIGURABLE = [...JSON_OPTION_NAMES, 'now'] as const;

/** Which stubs `stubs()` lists: one key's (`key`), those after stub `after`, at most `limit`. */
export interface StubsFilter {
  key?: string;
  after?: string;
  limit?: number;
}

/** What every control reads and `reset` / `configure` replace. */
interface Held {
  state: MockState;
  resolved: ResolvedOptions;
  options: MockOptions;
}

/** A mock core over options already checked; `given` as given, which `configure` changes. */
export function coreOf(initial: ResolvedOptions, given: MockOptions): MockCore {
  const held: Held = { state: createState(initial), resolved: initial, options: { ...given } };
  const answering = answers(held);
  const behaviours = behaviourControls(held);
  return {
    ...answering,
    ...optionControls(held, behaviours.faults),
    ...keyControls(held),
    ...behaviours,
    ...journalControls(held, answering.settled),
    ...stubControls(held),
  };
}

/** `answer`, `handle` over it, and `settled()`, which waits for the answers in flight. */
function answers(held: Held) {
  const inFlight = new Set<Promise<unknown>>();
  const answer = (request: MockRequest) => {
    const answering = answerRequest(held.state, request);
    inFlight.add(answering);
    const done = () => void inFlight.delete(answering);
    answering.then(done, done);
    return answering;
  };
  return {
    answer,
    handle: (request: Request) => answerFetch(answer, request),
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** `reset`, `configure` and `state()`. */
function optionControls(held: Held, faults: () => FaultState[]) {
  return {
    reset() {
      // Emptied too: a request in flight holds the old state and must not keep its bodies alive.
      held.state.log.clear();
      held.state = createState(held.resolved);
    },
    configure(changes: MockConfigChanges, how?: { reset?: boolean }) {
      const issues = optionIssues(changes, CONFIGURABLE, true);
      if (issues.length > 0) throw new MockSettingError('configure', '', issues, 'option ');
      const needed = resetNeeded(changes);
      if (how?.reset === false && needed.length > 0) {
        const message =
          'needs a fresh state to change: call configure(changes) without { reset: false } (PUT /__mock/config), which resets the mock (D58).';
        throw new MockResetNeededError(
          'configure',
          '',
          needed.map((field) => ({ field, type: 'cross_field', message })),
          'option ',
        );
      }
      const next = changed(held.options, changes);
      const checked = resolveOptions(next, 'configure');
      const fresh = needed.length > 0 ? createState(checked) : { ...held.state, options: checked };
      held.resolved = checked;
      held.options = next;
      if (needed.length > 0) held.state.log.clear();
      held.state = fresh;
    },
    state(): MockStateSnapshot {
      const { state, resolved } = held;
      return {
        options: readBack(resolved),
        now: resolved.now(),
        keys: [...state.ledgers.values()].map((ledger) => keyState(state, ledger)),
        programs: programsOf(state.stubs.list(null)),
        faults: faults(),
        requests: { count: state.log.size, bytes: state.log.bytes },
      };
    },
  };
}

/** The options with `changes` made: `null` removes one; `clock` and `now` replace each other. */
function changed(options: MockOptions, changes: MockConfigChanges): MockOptions {
  const next: MockOptions = { ...options };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) delete next[name as keyof MockOptions];
    else Object.assign(next, { [name]: value });
  }
  if (changes.clock != null) delete next.now;
  if (changes.now !== undefined) delete next.clock;
  return next;
}

/** The keys, and what is set for one key only. */
function keyControls(held: Held) {
  return {
    setRateLimit(rateLimit: MockConfigChanges['rateLimit'], scope: KeyScopeOption) {
      const issues = rateLimit === null ? [] : optionIssues({ rateLimit }, ['rateLimit']);
      // Fields relative to the limit, as the control API's body is.
      const relative = issues.map((issue) => ({ ...issue, field: issue.field.replace(/^rateLimit\.?/, '') }));
      if (issues.length > 0) throw new MockSettingError('setRateLimit', 'rateLimit', relative);
      // A JavaScript caller may leave the scope out: refused as a missing key.
      checkScope(held.state, 'setRateLimit', scope ?? ({} as KeyScopeOption));
      if (rateLimit === null || rateLimit === undefined) return void held.state.scopes.delete(scope.key);
      const limit = rowOf('rateLimit').resolve!(rateLimit) as { requests: number; windowMs: number };
      held.state.scopes.set(scope.key, {
        rateLimit: limit,
        rateLimiter: new RateLimiter(limit.requests, limit.windowMs),
      });
    },
    resetKey(key: string) {
      const { state } = held;
      checkScope(state, 'resetKey', { key });
      const initial = held.resolved.keys.find((settings) => settings.key === key);
      if (initial === undefined) state.ledgers.delete(key);
      else state.ledgers.set(key, new KeyLedger(initial));
      state.scopes.delete(key);
      state.stubs.delete((stub) => stub.scope === key);
      state.rateLimiter?.forget(key);
      state.log.forget(key);
    },
    setKey(key: string, changes: { limit?: number; consumed?: number; products?: Product[] }) {
      checkKeyName('setKey', key);
      const ledger = held.state.ledgers.get(key);
      const { issues, merged } = keySettingsIssues(changes, ledger ?? NEW_KEY);
      if (issues.length > 0) throw new MockSettingError('setKey', 'settings', issues);
      if (!ledger && held.state.ledgers.size >= MAX_KEYS) {
        const message = `is a new key, and the mock already holds ${MAX_KEYS} keys (the most it holds); change one it has, or reset.`;
        throw new MockSettingError('setKey', 'key', [{ field: '', type: 'out_of_range', message }]);
      }
      if (!ledger) {
        held.state.ledgers.set(key, new KeyLedger({ key, ...merged }));
        return;
      }
      ledger.limit = merged.limit;
      // Only a given `consumed` restates the spending; the per-program usage stays otherwise.
      if (changes.consumed !== undefined) ledger.setConsumed(merged.consumed);
      ledger.products = new Set(merged.products);
    },
    getKey(key: string) {
      checkKeyName('getKey', key);
      const ledger = held.state.ledgers.get(key);
      return ledger === undefined ? undefined : keyState(held.state, ledger);
    },
  };
}

/** Program behaviours and service faults: named stubs. */
function behaviourControls(held: Held) {
  const scoped = (where: string, scope: KeyScopeOption | undefined) =>
    scope === undefined || checkScope(held.state, where, scope);
  return {
    setProgramBehavior(program: ProgramCode, behavior: ProgramBehavior | null, scope?: KeyScopeOption) {
      checkBehavior(program, behavior);
      scoped('setProgramBehavior', scope);
      if (behavior === null) held.state.stubs.delete(namedIn(`program:${program}`, scope));
      else put(held.state, 'setProgramBehavior', programStub(program, behavior, scope?.key), { named: true });
    },
    getProgramBehavior(program: ProgramCode, scope?: KeyScopeOption) {
      const problem = programProblem(program);
      if (problem !== undefined)
        throw new MockSettingError('getProgramBehavior', 'program', [
          { field: '', type: 'invalid_enum', message: problem },
        ]);
      scoped('getProgramBehavior', scope);
      const behavior = held.state.stubs.list(scope?.key ?? null).find(namedIn(`program:${program}`, scope))
        ?.definition.provider;
      return behavior === undefined ? null : structuredClone(behavior);
    },
    setFault(route: FaultRoute, fault: ServiceFault, scope?: KeyScopeOption) {
      checkFaultRoute('setFault', route);
      const issues = faultIssues(fault, [...FAULT_FIELDS, 'times', 'fraction']);
      if (issues.length > 0) throw new MockSettingError('setFault', 'fault', issues);
      scoped('setFault', scope);
      put(held.state, 'setFault', faultStub(route, fault, scope?.key), { named: true });
    },
    clearFaults(route?: FaultRoute, scope?: KeyScopeOption) {
      if (route !== undefined) checkFaultRoute('clearFaults', route);
      scoped('clearFaults', scope);
      held.state.stubs.delete(namedIn(`fault:${route ?? ''}`, scope));
    },
    faults(scope?: KeyScopeOption) {
      scoped('faults', scope);
      return held.state.stubs.list(scope?.key ?? null).flatMap((stub) => faultState(stub) ?? []);
    },
  };
}

/** The request log. */
function journalControls(held: Held, settled: () => Promise<void>) {
  const findRequests = (pattern: RequestPattern) => {
    const issues = patternIssues(pattern);
    if (issues.length > 0) throw new MockSettingError('findRequests', 'pattern', issues);
    const { key, ...rest } = pattern;
    const masked = typeof key === 'string' ? maskKey(key) : undefined;
    return held.state.log
      .list()
      .filter(
        (entry) =>
          (masked === undefined || entry.key === masked) && requestDifferences(rest, journalView(entry)).length === 0,
      );
  };
  return {
    requests(filter?: RequestFilter) {
      const checked = checkRequestFilter(filter);
      if (checked.issues.length > 0) throw new MockSettingError('requests', 'filter', checked.issues);
      return held.state.log.list(filter === undefined ? undefined : checked.filter);
    },
    findRequests,
    countRequests: (pattern: RequestPattern) => findRequests(pattern).length,
    clearRequests: () => held.state.log.clear(),
    settled,
  };
}

/** The stubs and their scenarios. */
function stubControls(held: Held) {
  return {
    stub: (stub: StubDefinition, scope?: KeyScopeOption) =>
      put(
        held.state,
        'stub',
        scope === undefined || !isPlainObject(stub) ? stub : { ...stub, request: { ...stub.request, key: scope.key } },
      ).snapshot(),
    replaceStub(id: string, stub: StubDefinition) {
      return held.state.stubs.get(id) === undefined
        ? undefined
        : put(held.state, 'replaceStub', stub, { id }).snapshot();
    },
    stubs(filter?: StubsFilter) {
      const list = held.state.stubs.list(filter?.key);
      const from = filter?.after === undefined ? 0 : list.findIndex((stub) => stub.id === filter.after) + 1;
      if (from === 0 && filter?.after !== undefined)
        throw new MockSettingError('stubs', 'filter', [
          {
            field: 'after',
            type: 'invalid_enum',
            message: 'is no stub of this list (deleted meanwhile?): start again without it.',
          },
        ]);
      return list
        .slice(from, filter?.limit === undefined ? undefined : from + filter.limit)
        .map((stub) => stub.snapshot());
    },
    getStub: (id: string) => held.state.stubs.get(id)?.snapshot(),
    deleteStub: (id: string) => held.state.stubs.delete((stub) => stub.id === id) > 0,
    clearStubs: (scope?: KeyScopeOption) =>
      void held.state.stubs.delete(scope === undefined ? undefined : (stub) => stub.scope === scope.key),
    scenarios: (scope?: KeyScopeOption) => held.state.stubs.scenarios(scope?.key),
    setScenario(name: string, scenarioState: string | null, scope?: KeyScopeOption) {
      if (
        scenarioState !== null &&
        (typeof scenarioState !== 'string' || scenarioState === '' || scenarioState.length > 200)
      )
        throw new MockSettingError('setScenario', 'state', [
          { field: '', type: 'invalid_type', message: 'must be a string of 1 to 200 characters, or null for Started.' },
        ]);
      return held.state.stubs.setScenario(scope?.key, name, scenarioState ?? undefined);
    },
    resetScenarios: (scope?: KeyScopeOption) => held.state.stubs.resetScenarios(scope?.key),
  };
}

/** One key as `getKey` and `state()` list it, masked. */
function keyState(state: MockState, ledger: KeyLedger): KeyState {
  const quota = ledger.snapshot();
  const scoped = scopedState(state.stubs.list(ledger.key), state.scopes.get(ledger.key)?.rateLimit);
  return {
    key: maskKey(ledger.key),
    limit: quota.limit,
    consumed: quota.consumed,
    remaining: quota.remaining,
    products: [...ledger.products],
    usageByCompany: quota.usageByCompany,
    ...(scoped && { scoped }),
  };
}

/** Refuses a scope whose key the mock does not hold. */
function checkScope(state: MockState, where: string, scope: KeyScopeOption): void {
  checkKeyName(where, scope.key);
  if (state.ledgers.has(scope.key)) return;
  const message = `is not a key of the mock; create it first (setKey, PUT /__mock/keys/{key}): keyed state is kept for the keys the mock holds (at most ${MAX_KEYS}).`;
  throw new MockSettingError(where, 'key', [{ field: '', type: 'invalid_enum', message }]);
}

/** Stores a stub after every check, in place of `id` (or of the same name and scope when `named`): the one way in. */
function put(
  state: MockState,
  where: string,
  definition: StubDefinition,
  how: { id?: string; named?: boolean } = {},
): Stub {
  const issues = stubIssues(definition);
  if (issues.length > 0) throw new MockSettingError(where, '', issues);
  const key = typeof definition.request.key === 'string' ? definition.request.key : undefined;
  const id = how.named ? state.stubs.named(definition.name!, key)?.id : how.id;
  const over = state.stubs.limitIssues(definition, id);
  if (over.length > 0) throw new MockSettingError(where, '', over);
  return state.stubs.put(definition, id);
}

/** The stubs named `name` (or starting `prefix:` when it ends with `:`) in a scope. */
const namedIn = (name: string, scope?: KeyScopeOption) => (stub: Stub) =>
  stub.scope === scope?.key &&
  (name.endsWith(':') ? stub.definition.name?.startsWith(name) === true : stub.definition.name === name);

/** What is set for one key only, as `getKey` and `state()` list it. */
function scopedState(stubs: Stub[], rateLimit: { requests: number; windowMs: number } | undefined): KeyState['scoped'] {
  const faults = stubs.flatMap((stub) => faultState(stub) ?? []);
  const programs = programsOf(stubs);
  if (faults.length === 0 && Object.keys(programs).length === 0 && rateLimit === undefined) return undefined;
  return {
    ...(faults.length > 0 && { faults }),
    ...(Object.keys(programs).length > 0 && { programs }),
    ...(rateLimit && { rateLimit: { ...rateLimit } }),
  };
}

/** The program behaviours among `stubs`, by program. */
function programsOf(stubs: Stub[]): Partial<Record<ProgramCode, ProgramBehavior>> {
  const named = stubs.filter((stub) => stub.definition.name?.startsWith('program:') && stub.definition.provider);
  return Object.fromEntries(
    named.map((stub) => [stub.definition.name!.slice(8), structuredClone(stub.definition.provider)]),
  );
}

/** A recorded request as a stub's matcher reads it. */
function journalView(entry: RecordedRequest): StubRequest {
  const url = new URL('http://journal.invalid/');
  for (const [name, values] of Object.entries(entry.query))
    for (const value of values) url.searchParams.append(name, value);
  const headers = { get: (name: string) => (Object.hasOwn(entry.headers, name) ? entry.headers[name]! : null) };
  const text = typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body);
  return { method: entry.method, path: entry.path, url, headers, text, json: () => entry.body };
}

function checkFaultRoute(where: string, route: unknown): void {
  if (!FAULT_ROUTES.includes(route as FaultRoute))
    throw new MockSettingError(where, 'route', [
      { field: '', type: 'invalid_enum', message: `must be one of ${FAULT_ROUTES.join(', ')}.` },
    ]);
}

function checkKeyName(where: string, key: unknown): void {
  const issue = keyNameIssue(key);
  if (issue !== undefined) throw new MockSettingError(where, 'key', [issue]);
}
