import type { ProgramCode } from '@flight-search/contract';
import type { RequestHandler } from 'msw';
import type { CoreResult, MockRequest } from './answer-types.js';
import type { MockConfigValues, MockOptionsInForce, MockOptionValues } from './options.js';

/** A product an API key can include. Search is part of every key; history must be contracted (`AUTH-3`). */
export type Product = 'search' | 'history';

/** One API key of the mock and its quota. */
export interface KeySettings {
  /** The key, as clients send it in `x-api-key`. */
  key: string;
  /** Total quota units of the key. */
  limit: number;
  /** Units already spent when the mock starts (default 0). */
  consumed?: number;
  /** Without `'history'`, the price-history endpoint answers 403 (`AUTH-3`). */
  products: Product[];
}

/** How one program's provider behaves in the simulation. */
export interface ProgramBehavior {
  /** Provider answer time in ms (0 to 2 147 483 647, the longest timer), replacing the `latency` option for this program. */
  latencyMs?: number;
  /** The provider fails with this HTTP status: a `200` answer with `success: false` (`PROVIDER-1`). */
  fail?: {
    /** The provider's HTTP status, reported as the failure's `providerStatusCode`. */
    status: number;
    /** The failure's `message`; by default one that names the status. */
    message?: string;
  };
  /** The provider never answers: after `providerTimeoutMs` the result is a 504 failure (`PROVIDER-2`). */
  hang?: boolean;
}

/**
 * Options of {@link createFlightSearchMock}: every one is optional. A bad value throws a `TypeError` naming it.
 * Declared, with their defaults and checks, by the mock's option table (`src/options.ts`).
 */
export type MockOptions = MockOptionValues;

/** A fixed (`at`: ISO 8601 or epoch ms) or shifted (`offsetMs`) clock; exactly one of the two. */
export interface MockClock {
  /** The mock's "now", fixed: an ISO 8601 date-time or epoch milliseconds. */
  at?: string | number;
  /** The mock's "now" runs with the real clock, shifted by this many milliseconds (negative: the past). */
  offsetMs?: number;
}

/** The options `configure` changes (the JSON ones and `now`); `null` turns `rateLimit` or `clock` off. */
export type MockConfigChanges = MockConfigValues;

/** The routes a fault can be set on: one of the service's operations, or `all` of them. */
export type FaultRoute = 'search' | 'history' | 'quota' | 'all';

/**
 * A service fault: what the next requests of a route get instead of (or before) their answer.
 * Exactly one of `status`, `drop` or a bare `delayMs`; `delayMs` may come with `status`.
 */
export interface ServiceFault {
  /** Answer with this status and the service's error envelope: 429 (with `Retry-After`), 500, 502, 503 or 504. */
  status?: 429 | 500 | 502 | 503 | 504;
  /** `Retry-After` of a 429, in seconds (default 1). */
  retryAfterSeconds?: number;
  /** Close the connection without an answer (`before-headers`), or after sending the status line and headers only (`after-headers`). Through msw both are a network error. */
  drop?: 'before-headers' | 'after-headers';
  /** Wait this long first (then the fault's status, or the normal answer). */
  delayMs?: number;
  /** Only the next N requests of the route (default: every request until cleared). */
  times?: number;
  /** Only this share of the requests (0 to 1), picked by a generator seeded with the mock's seed. */
  fraction?: number;
}

/**
 * A stub (issue 30, WireMock's mapping): an answer of the test's own for the requests that match,
 * tried before the mock's rules and faults. `response` or `fault`, not both. Unless `contract: false`,
 * the answer must be one openapi.yaml allows for the operation (a declared status, a body its schema accepts).
 * @example
 * mock.stub({ request: { method: 'GET', path: '/quota' }, response: { status: 200, body: { limit: 5, consumed: 5, remaining: 0, usageByCompany: [] } } });
 */
export interface StubDefinition {
  /** What a request must be: all that is given must match; `body` partly (the fields given, extra ones ignored). */
  request: {
    /** The HTTP method, such as `POST`. */
    method: string;
    /** The path under the base URL, such as `/flights/search`: exactly. */
    path: string;
    /** Query parameters that must be there with these values (an array: every value, in order). */
    query?: Record<string, string | string[]>;
    /** Request headers that must have these values (names in any case). */
    headers?: Record<string, string>;
    /** A JSON value the body must contain: each field given equal, nested objects compared field by field. */
    body?: unknown;
    /** The `x-api-key` the request must carry; never read back (its masked form is, D59). */
    key?: string;
  };
  /** The answer: a status, headers and a JSON body. */
  response?: {
    /** The HTTP status, one the operation declares unless `contract: false`. */
    status: number;
    /** Headers of the answer (names in any case). */
    headers?: Record<string, string>;
    /** The JSON body, checked against the operation's schema for `status` unless `contract: false`. */
    body?: unknown;
  };
  /** Or a fault: the service's error envelope for `status`, a dropped connection, a delay first. */
  fault?: Pick<ServiceFault, 'status' | 'retryAfterSeconds' | 'drop' | 'delayMs'>;
  /** Lower is tried first (default 5); at equal priority, the stub added first. */
  priority?: number;
  /** Answers only the next N matching requests. */
  times?: number;
  /** Matches only while scenario `name` is in `state` (default `Started`), then moves it to `next`. */
  scenario?: {
    /** The scenario's name, shared by the stubs of one sequence. */
    name: string;
    /** The state the scenario must be in for this stub to match (default `Started`). */
    state?: string;
    /** The state the scenario moves to once this stub answers (default: it stays). */
    next?: string;
  };
  /** `false`: the answer need not be one openapi.yaml allows (default `true`: it must). */
  contract?: boolean;
}

/** A stub as `stubs()` and `GET /__mock/stubs` read it back: its id, its key masked, its counts. */
export interface StubState extends Omit<StubDefinition, 'priority'> {
  /** Its id (`stub-1`): `getStub`, `deleteStub`, `DELETE /__mock/stubs/{id}`. */
  id: string;
  /** Its priority, the default included. */
  priority: number;
  /** Matching requests it still answers, with `times`. */
  remaining?: number;
  /** Requests it answered. */
  hits: number;
}

/** A scenario and the state it is in (`Started` until a stub moves it). */
export interface ScenarioState {
  /** The scenario's name, as its stubs give it. */
  name: string;
  /** The state it is in now. */
  state: string;
}

/** A fault in force, as `faults()` lists it. */
export interface FaultState {
  /** The route the fault is set on. */
  route: FaultRoute;
  /** The fault as it was set. */
  fault: ServiceFault;
  /** Requests still to be hit when `times` was given. */
  remaining?: number;
  /** Requests hit so far. */
  hits: number;
}

/**
 * Which key a setting is for (D154): given, the setting applies to the requests that send that
 * key only, before the global one; without it, to every request. The key must be one the mock holds.
 */
export interface KeyScopeOption {
  /** The API key (as clients send it in `x-api-key`). */
  key: string;
}

/** A key as the mock reads it back: never the key itself, only its masked form. */
export interface KeyState {
  /** A short prefix and a hash of the key, such as `te***a1b2c3d4e5f6`. */
  key: string;
  /** Total quota of the key. */
  limit: number;
  /** Units consumed so far. */
  consumed: number;
  /** Units left: `limit - consumed`. */
  remaining: number;
  /** The products the key has (`history` gates price history, AUTH-3). */
  products: Product[];
  /** Units consumed per program, as `GET /quota` lists them. */
  usageByCompany: {
    /** The program searched. */
    airlineLoyalty: ProgramCode;
    /** Units consumed by searches of that program. */
    consumed: number;
  }[];
  /** What is set for this key only (D154), present when something is: each part only when set. */
  scoped?: {
    /** The key's own faults, before the global ones. */
    faults?: FaultState[];
    /** The key's own program behaviours, each replacing the global one of its program. */
    programs?: Partial<Record<ProgramCode, ProgramBehavior>>;
    /** The key's own rate limit, replacing the `rateLimit` option for it. */
    rateLimit?: {
      /** Requests the key may make per window. */
      requests: number;
      /** The window in ms. */
      windowMs: number;
    };
  };
}

/** Which recorded requests `requests(filter)` lists; every field narrows. */
export interface RequestFilter {
  /** The HTTP method, such as `POST`. */
  method?: string;
  /** The exact path. */
  path?: string;
  /** The API key sent (compared by hash; never shown). */
  key?: string;
  /** The status the mock answered with. */
  status?: number;
  /** Received at or after this mock time (epoch ms, or ISO 8601). */
  since?: number | string;
  /** Only entries whose `id` is above this one: the cursor of a page (the last `id` of the page before). */
  after?: number;
  /** At most this many entries (1 to 10 000); default: every one. */
  limit?: number;
}

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

/** A request the mock received, as `requests()` lists it. The API key is never recorded. */
export interface RecordedRequest {
  /** Sequence number, from 1, in the order the requests were received. */
  id: number;
  /** The HTTP method. */
  method: string;
  /** Path under `baseUrl` (or the URL path with the default any-origin setting). */
  path: string;
  /** Query parameters, each with every value it was given, in order. */
  query: Record<string, string[]>;
  /** Lower-case header names; `x-api-key` is `'[redacted]'`. */
  headers: Record<string, string>;
  /**
   * The parsed JSON body, the raw text when it is not JSON (or nested deeper
   * than 64 levels), or `null` without a body. A body over 4 KiB is its first
   * 4 KiB as text, with `bodyTruncated` and `bodySize`.
   */
  body: unknown;
  /** Present (`true`) when `body` is only the first 4 KiB of the body received. */
  bodyTruncated?: true;
  /** The whole body's size in bytes, present with `bodyTruncated`. */
  bodySize?: number;
  /** Mock clock when received. */
  receivedAt: number;
  /** Mock clock when answered. */
  endedAt?: number;
  /** The status answered; absent while the request is in flight or when no answer was sent. */
  status?: number;
  /** True when the request's signal aborted before the answer. */
  aborted: boolean;
  /** The masked form of the `x-api-key` sent (a short prefix and a hash), when one was sent. */
  key?: string;
  /** The service fault that hit this request, such as `status 503`, `drop before-headers` or `delay 200ms`. */
  fault?: string;
  /**
   * What the mock noticed and let pass, as its `x-mock-warnings` header said it: each unknown field of
   * a search body or history query (`body.responseFomat is not a field of the request (ignored)`), at most 10 (D119).
   */
  warnings?: string[];
  /** The one-request scenario the request asked for in its `x-mock-scenario` header, such as `status=402` (D128). */
  scenario?: string;
  /** The stub that answered it (issue 30). */
  stub?: string;
  /** When stubs exist and none matched: the nearest one and the parts of the request that differed from it (WireMock's near-miss). */
  nearMiss?: {
    /** The id of the stub that came nearest. */
    stub: string;
    /** The parts of the request that differed from it, such as `path` or `body.origin`. */
    differs: string[];
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
   * from (`latency`, `providerTimeoutMs`, `unknownFields`). `rateLimit: null` or `clock: null` turns them off.
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

/** A stateful mock of the service; see {@link createFlightSearchMock}. */
export interface FlightSearchMock extends MockCore {
  /** msw request handlers: `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  handlers: RequestHandler[];
}
