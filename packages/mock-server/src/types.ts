import type { ProgramCode } from '@flight-search/contract';

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

/** A fixed (`at`: ISO 8601 or epoch ms) or shifted (`offsetMs`) clock; exactly one of the two. */
export interface MockClock {
  /** The mock's "now", fixed: an ISO 8601 date-time or epoch milliseconds. */
  at?: string | number;
  /** The mock's "now" runs with the real clock, shifted by this many milliseconds (negative: the past). */
  offsetMs?: number;
}

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
    /** The HTTP status. */
    status: number;
    /** Headers of the answer (names in any case). */
    headers?: Record<string, string>;
    /** The JSON body; none without it. */
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
    /** The scenario's name: stubs naming it share its state. */
    name: string;
    /** The state the stub matches in (default `Started`). */
    state?: string;
    /** The state the scenario moves to when the stub answers. */
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
  /** The state it is in. */
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

/** A request the mock received, as `requests()` lists it. The API key is never recorded. */
export interface RecordedRequest {
  /** Sequence number, from 1, in the order the requests were received. */
  id: number;
  /** The HTTP method. */
  method: string;
  /** Path under `baseUrl` (or the URL's path when the mock answers any origin, `baseUrl: '*'`). */
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
    /** The nearest stub's id. */
    stub: string;
    /** The parts of the request that differed from it, such as `body.origin` or `header.x-trace` (at most 10). */
    differs: string[];
  };
}
