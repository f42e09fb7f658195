import type { ProgramCode } from '@flight-search/contract';

/** A product an API key can include; history must be contracted (`AUTH-3`). */
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
  /** Provider answer time in ms (0 to 2 147 483 647), replacing the `latency` option for this program. */
  latencyMs?: number;
  /** The provider fails with this status: a `200` with `success: false` (`PROVIDER-1`). */
  fail?: {
    /** The provider's HTTP status, reported as the failure's `providerStatusCode`. */
    status: number;
    /** The failure's `message`; by default one that names the status. */
    message?: string;
  };
  /** The provider never answers: a 504 failure after `providerTimeoutMs` (`PROVIDER-2`). */
  hang?: boolean;
}

/** A fixed (`at`: ISO 8601 or epoch ms) or shifted (`offsetMs`) clock; exactly one of the two. */
export interface MockClock {
  /** The mock's "now", fixed: an ISO 8601 date-time or epoch milliseconds. */
  at?: string | number;
  /** The mock's "now" runs with the real clock, shifted by this many ms (negative: the past). */
  offsetMs?: number;
}

/** The routes a fault can be set on: one of the service's operations, or `all` of them. */
export type FaultRoute = 'search' | 'history' | 'quota' | 'all';

/** A stub's fault: an error status, a dropped connection, a delay, a trickled body. */
export interface StubFault {
  /** Answer with this status in the service's error envelope (a 429 with `Retry-After`). */
  status?: 429 | 500 | 502 | 503 | 504;
  /** `Retry-After` of a 429, in seconds (default 1). */
  retryAfterSeconds?: number;
  /** Close the connection without an answer, or after the status line and headers (through msw both are a network error). */
  drop?: 'before-headers' | 'after-headers';
  /** Wait this long first (then the fault's status, or whatever answers next). */
  delayMs?: number;
  /** Send the headers at once, then the body in pieces over this many ms (the answer is whatever answers next). */
  trickleMs?: number;
}

/** A service fault (`setFault`): a {@link StubFault} for a route's requests, with `times` and `fraction`. */
export interface ServiceFault extends StubFault {
  /** Only the next N requests of the route (default: every request until cleared). */
  times?: number;
  /** Only this share of the requests (0 to 1), drawn from the mock's seed. */
  fraction?: number;
}

/** A value a stub's request must have: the value itself, or a matcher (a literal object with a matcher's key goes in `equalTo`). */
export type Matcher<T = string> =
  | T
  | {
      /** Equal to this value, whatever it is (an object compared whole). */
      equalTo: unknown;
    }
  | {
      /** A string (or a number's JSON text) holding this text. */
      contains: string;
    }
  | {
      /** A string (or a number's JSON text) this RE2 regular expression finds a match in (anchor with `^` and `$`). */
      matches: string;
    };

/**
 * A stub (WireMock's mapping): the one way to change what the mock answers. A request matcher, an answer
 * (`response`, `fault`, or `provider`: the rules with the program's provider behaving so), a priority,
 * `times`, `fraction` and a scenario step; one whose `request.key` is a literal key is that key's.
 * Unless `contract: false`, the answer must be one openapi.yaml allows.
 * @example
 * mock.stub({ request: { method: 'GET', path: '/quota' }, response: { status: 200, body: { limit: 5, consumed: 5, remaining: 0, usageByCompany: [] } } });
 * mock.stub({ request: { method: 'POST', path: '/flights/search', body: { origin: { matches: '^G[A-Z]U$' } } }, fault: { status: 503 }, times: 1 });
 */
export interface StubDefinition {
  /** A name of the test's own (`fault:` and `program:` names are `setFault`'s and `setProgramBehavior`'s). */
  name?: string;
  /** What a request must be: all that is given must match (`body`'s extra fields ignored). */
  request: {
    /** The HTTP method, such as `POST`. */
    method: Matcher;
    /** The path under the base URL, such as `/flights/search`. */
    path: Matcher;
    /** Query parameters with these values (an array: every value, in order). */
    query?: Record<string, Matcher | string[]>;
    /** Request headers that must have these values (names in any case). */
    headers?: Record<string, Matcher>;
    /** A JSON value the body must contain, objects compared field by field. */
    body?: unknown;
    /** The `x-api-key` the request must carry (a literal key: the stub is that key's); read back masked. */
    key?: Matcher;
  };
  /** The answer: a status, headers and a JSON body. */
  response?: {
    /** The HTTP status. */
    status: number;
    /** Headers of the answer (names in any case), no framing header. */
    headers?: Record<string, string>;
    /** The JSON body; none without it (and none with 204 or 304). */
    body?: unknown;
  };
  /** Or a fault. */
  fault?: StubFault;
  /** Or the service's rules, the searched program's provider behaving so (searches only). */
  provider?: ProgramBehavior;
  /** Lower is tried first (default 5); at equal priority, the stub added first. */
  priority?: number;
  /** Answers only the next N matching requests. */
  times?: number;
  /** Answers only this share of the matching requests (0 to 1), drawn from the mock's seed. */
  fraction?: number;
  /** Matches only while scenario `name` is in `state`, then moves it to `next`. */
  scenario?: {
    /** The scenario's name: stubs of one scope naming it share its state. */
    name: string;
    /** The state the stub matches in (default `Started`). */
    state?: string;
    /** The state the scenario moves to when the stub answers. */
    next?: string;
  };
  /** `false`: the answer need not be one openapi.yaml allows (HTTP's rules still hold). */
  contract?: boolean;
}

/** A stub as `stubs()` reads it back: its id, its key masked, its counts. */
export interface StubState extends Omit<StubDefinition, 'priority'> {
  /** Its id (`stub-1`): `getStub`, `deleteStub`, `DELETE /__mock/stubs/{id}`. */
  id: string;
  /** Its priority, the default included. */
  priority: number;
  /** `key` when its `request.key` is a literal key, else `global`. */
  scope: 'global' | 'key';
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

/** Which key a setting is for: given, it applies to that key's requests only, before the global one (D154). */
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
  /** What is set for this key only, each part when set. */
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

/** What `findRequests` and `countRequests` look for: a stub's `request`, every field optional. */
export type RequestPattern = Partial<StubDefinition['request']>;

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
  /** Only entries whose `id` is above this one: a page's cursor. */
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
  /** Path under `baseUrl` (with any origin, the URL's path). */
  path: string;
  /** Query parameters, each with every value it was given, in order. */
  query: Record<string, string[]>;
  /** Lower-case header names; `x-api-key` is `'[redacted]'`. */
  headers: Record<string, string>;
  /** The parsed JSON body, its text when not JSON (or nested past 64 levels), `null` for none; over 4 KiB, its first 4 KiB as text. */
  body: unknown;
  /** Present (`true`) when `body` is only the first 4 KiB of the body received. */
  bodyTruncated?: true;
  /** The whole body's size in bytes, present with `bodyTruncated`. */
  bodySize?: number;
  /** Mock clock when received. */
  receivedAt: number;
  /** Mock clock when answered. */
  endedAt?: number;
  /** The status answered; absent while in flight or when none was sent. */
  status?: number;
  /** True when the request's signal aborted before the answer. */
  aborted: boolean;
  /** The masked form of the `x-api-key` sent. */
  key?: string;
  /** The service fault that hit this request, such as `status 503`, `drop before-headers` or `delay 200ms`. */
  fault?: string;
  /** What the mock let pass, as its `x-mock-warnings` header said: unknown fields, at most 10. */
  warnings?: string[];
  /** The scenario its `x-mock-scenario` header asked for, such as `status=402`. */
  scenario?: string;
  /** The stub that answered it. */
  stub?: string;
  /** When no stub matched: the nearest one and what differed (WireMock's near-miss). */
  nearMiss?: {
    /** The nearest stub's id. */
    stub: string;
    /** What differed, such as `body.origin` (at most 10). */
    differs: string[];
  };
}
