/**
 * The options of the clients and of each call, and the one place they are checked: a wrong option throws a
 * `TypeError` naming it, what it must be and what it got (never the key or the headers' values).
 * @module
 */
import { isPlainObject } from '@flight-search/contract';
import type { FlightSearchError } from './errors.js';
import { isTimeout } from './internal/retry.js';

/** The media types the service serves (`Accept`, section 9 of the spec). */
export type MediaType = 'application/vnd.service.v1+json' | 'application/json';

/** Options of {@link createFlightSearchClient}. */
export interface ClientOptions {
  /**
   * The API key, sent as `x-api-key` to `baseUrl` only (redirects are never followed). From 8 characters on, never appears in errors
   * or the log, as sent or encoded. Printable ASCII without spaces around it: any other key is a `TypeError` when the client is made.
   * `null` makes a keyless client on any runtime, which never sends `x-api-key`: for requests through your own
   * server's proxy (`createFlightSearchProxy` from `@flight-search/sdk/proxy`), which adds the key (a key in page
   * code is public). Left out, it is allowed only in a browser whose `baseUrl` is on the page's origin, or on a
   * server runtime (Node, Bun, Deno) where `FLIGHT_SEARCH_API_KEY` is set (see the README's environment table).
   * @example
   * // A page, a component rendered on the server, or a test of your proxy:
   * createFlightSearchClient({ apiKey: null, baseUrl: '/api/flight-search' });
   */
  apiKey?: string | null | undefined;
  /**
   * The service's base URL: absolute (`https://api.example.com`, `http://127.0.0.1:4010`), or, in a browser,
   * a path on the page's origin such as `/api/flight-search` (resolved against `location`). Required, unless
   * `FLIGHT_SEARCH_BASE_URL` is set on a server runtime.
   */
  baseUrl?: string | undefined;
  /**
   * A fetch implementation (tests, proxies, instrumentation). It receives one `Request` per attempt, so a wrapper sees every header and the body as sent.
   * Default: the global `fetch`, looked up at call time and called as `fetch(url, init)`, so each request is built once.
   */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Time-out of each attempt in ms. Default 35 000: above the service's 29 s provider limit. */
  timeoutMs?: number | undefined;
  /** Retries of GET calls (history, quota) on 408, 429, 5xx and failures without an answer, and of a search answered 429 (`retrySearchOn429`). Default 2. */
  maxRetries?: number | undefined;
  /** The `Accept` media type. Default `application/vnd.service.v1+json`. */
  mediaType?: MediaType | undefined;
  /** Extra headers sent with every request. */
  headers?: Record<string, string> | undefined;
  /**
   * Milliseconds to wait before retry number `attempt + 1`; `retryAfterMs` is the service's
   * `Retry-After` when it sent one (over 60 s the error is thrown instead). Default: exponential backoff
   * from 500 ms, doubling, capped at 8 s, with jitter, or `Retry-After`. Override it to test without waiting.
   */
  retryDelay?: ((attempt: number, retryAfterMs: number | undefined) => number) | undefined;
  /**
   * Largest answer body read, in bytes (after any decoding). Default 32 MiB (33 554 432). An answer that
   * announces more in `Content-Length`, or sends more, fails with `ResponseTooLargeError` and the rest
   * of it is not read.
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, maxResponseBytes: 4 * 1024 * 1024 });
   */
  maxResponseBytes?: number | undefined;
  /**
   * Functions called around every attempt of every call (see {@link Hooks}): for tracing, metrics or headers of your own.
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, hooks: { onResponse: ({ method, url, status, attempt }) => metrics.count(method, url, status, attempt) } });
   */
  hooks?: Hooks | undefined;
  /**
   * What the client logs, one line per attempt: `'off'` (the default; `FLIGHT_SEARCH_LOG` on a server runtime),
   * `'error'` (the attempt a call fails with), `'warn'` (also each attempt that is retried) or `'debug'` (every
   * attempt). A line says the method, URL, status or error class, milliseconds and attempt number. The API key never appears.
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, logLevel: 'debug' });
   * // console.debug: [flight-search] GET http://127.0.0.1:4010/quota 200 in 3 ms (attempt 1)
   * // console.warn:  [flight-search] GET http://127.0.0.1:4010/quota 503 in 2 ms (attempt 1): 503 Service unavailable (GET http://127.0.0.1:4010/quota), retrying
   */
  logLevel?: LogLevel | undefined;
  /**
   * Where the log goes: each attempt is one call of its level's method with the line and its {@link LogFields}.
   * Default: `console`, given the line alone (one line per attempt).
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, logLevel: 'warn', logger: { debug() {}, warn: (_, fields) => pino.warn(fields), error: (_, fields) => pino.error(fields) } });
   */
  logger?: Logger | undefined;
  /**
   * Send `x-flight-search-sdk: <version>` with every request (default `true`), so the service can tell which SDK version calls it.
   * Never sent from a browser (where `location` exists): a header the service does not allow would fail its CORS preflight.
   */
  sdkHeader?: boolean | undefined;
  /**
   * Retry a search answered 429 (default `true`), after `Retry-After`, like GET calls (up to `maxRetries`). Safe on the
   * assumption that a rate-limited request is refused before any work, so nothing was charged (the service checks the rate before the quota).
   * Nothing else about a search is ever retried.
   */
  retrySearchOn429?: boolean | undefined;
}

/** Levels of the client's log, from none to every attempt. */
export type LogLevel = 'off' | 'error' | 'warn' | 'debug';

/** What the client logs to: `console` fits. Each attempt is one call, its line with its fields ({@link LogFields}). */
export interface Logger {
  /** An attempt that succeeded, at `logLevel: 'debug'`. */
  debug(message: string, fields: LogFields): void;
  /** An attempt that failed and is retried, from `logLevel: 'warn'`. */
  warn(message: string, fields: LogFields): void;
  /** The attempt a call fails with, from `logLevel: 'error'`. */
  error(message: string, fields: LogFields): void;
}

/** What every event of an attempt says: what {@link Hooks.onResponse} and {@link Hooks.onError} get, and the log's fields. */
export interface AttemptInfo {
  /** `GET` or `POST`. */
  method: string;
  /** The full URL, query string included. */
  url: string;
  /** How long the attempt took, in whole milliseconds. */
  durationMs: number;
  /** 1 for the first attempt of the call, 2 for its first retry... */
  attempt: number;
}

/**
 * The fields of a log line: only those that apply are present (never `undefined`).
 * @example
 * // { method: 'GET', url: 'http://127.0.0.1:4010/quota', durationMs: 35001, attempt: 1, error: 'TimeoutError', retrying: true }
 */
export interface LogFields extends AttemptInfo {
  /** The answer's status; absent when no answer came (a time-out, a connection failure). */
  status?: number;
  /** The failed attempt's error class, such as `TimeoutError` or `ServerError`; absent when it succeeded. */
  error?: string;
  /** Whether another attempt follows a failed one; absent when it succeeded. */
  retrying?: boolean;
}

/** A request about to be sent: what {@link Hooks.onRequest} gets. */
export interface HookRequest {
  /** `GET` or `POST`. */
  method: 'GET' | 'POST';
  /** The full URL, query string included. */
  url: string;
  /** The headers to send; the hook may add or change some. Without `x-api-key`, which the client sets after the hook. */
  headers: Headers;
  /** 1 for the first attempt of the call, 2 for its first retry... */
  attempt: number;
}

/** A successful answer's status and headers: what {@link APIPromise.withResponse} and {@link Hooks.onResponse} give. */
export interface ResponseInfo {
  /** The answer's HTTP status. */
  status: number;
  /** The answer's headers; values echoing the API key are redacted. */
  headers: Headers;
  /** The service's correlation id (`x-correlation-id` or `x-request-id` header) when it sent one. */
  correlationId: string | undefined;
}

/**
 * Functions the client calls around every attempt of every typed call, retries included (local validation
 * sends nothing and calls none). Each may be async; the client waits for it. A hook that throws fails the call with that error.
 * @example
 * const hooks: Hooks = {
 *   onRequest: ({ headers }) => headers.set('traceparent', newTraceParent()),
 *   onResponse: ({ method, url, status, durationMs }) => console.log(method, url, status, durationMs),
 *   onError: ({ error, retrying }) => console.warn(error.name, retrying ? 'retrying' : 'giving up'),
 * };
 */
export interface Hooks {
  /** Before each attempt is sent. */
  onRequest?: ((request: HookRequest) => void | Promise<void>) | undefined;
  /** After each answer, whatever its status (a 429 that is retried included). */
  onResponse?: ((response: HookResponse) => void | Promise<void>) | undefined;
  /** After each attempt that failed (an error answer or none); `retrying` says whether another attempt follows. */
  onError?: ((event: HookError) => void | Promise<void>) | undefined;
}

/** An answer, whatever its status: what {@link Hooks.onResponse} gets (its log fields and its {@link ResponseInfo}). */
export interface HookResponse extends ResponseInfo, AttemptInfo {}

/** A failed attempt: what {@link Hooks.onError} gets. */
export interface HookError extends AttemptInfo {
  /** The error the attempt ended with; thrown to the caller unless `retrying`. */
  error: FlightSearchError;
  /** Whether another attempt follows. */
  retrying: boolean;
}

/**
 * Options of one call, over the client's for this call only.
 * @example
 * const quota = await client.getQuota({ timeoutMs: 2_000, maxRetries: 0, headers: { traceparent } });
 */
export interface RequestOptions {
  /** Aborts the call (and the wait between retries) with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Time-out of each attempt of this call in ms, instead of the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /**
   * Retries of this call, instead of the client's `maxRetries`. A search is still retried only when answered 429
   * (`retrySearchOn429`): this bounds those retries, it never makes a charged search retried.
   */
  maxRetries?: number | undefined;
  /**
   * Headers of this call, over the client's `headers` (a hook still sees and may change them). `x-api-key` is
   * refused with a `TypeError`: the key is the client's `apiKey`, never a per-call header.
   */
  headers?: Record<string, string> | undefined;
  /** Check the request locally first (default `true`); an invalid one throws `ValidationError` without a request. A quota read has nothing to check. */
  validate?: boolean | undefined;
}

/** Options of {@link FlightSearchClient.searchFlights}. */
export type SearchOptions = RequestOptions;

/** Options of {@link FlightSearchClient.getPriceHistory}. */
export type HistoryOptions = RequestOptions;

/** The options the typed client and the raw client (`@flight-search/sdk/raw`) share: where requests go and what they carry. */
export type ConnectionOptions = Pick<ClientOptions, 'apiKey' | 'baseUrl' | 'fetch' | 'mediaType' | 'headers' | 'sdkHeader'>;

// How an option's wrong value is shown: a string or a number as written, anything else by its kind;
// the key and the headers (which may hold credentials) only by their kind.
const received = (value: unknown, secret: boolean, redact: (text: string) => string) =>
  value == null
    ? String(value)
    : value === ''
      ? 'an empty string'
      : Array.isArray(value)
        ? 'an array'
        : secret || typeof value === 'object' || typeof value === 'function'
          ? `a${typeof value === 'object' ? 'n' : ''} ${typeof value}`
          : typeof value === 'string'
            ? JSON.stringify(redact(value))
            : String(value);

/** An option's check: `[name, value, valid, what it must be]`. */
type Check = [string, unknown, unknown, string];

/** Checks options in order: the first invalid one throws a `TypeError` naming it. */
export function checkOptions(caller: string, redact: (text: string) => string, checks: Check[]): void {
  for (const [name, value, valid, expected] of checks)
    if (!valid)
      throw new TypeError(`${caller}: option "${name}" must be ${expected}; received ${received(value, name === 'apiKey' || name === 'headers', redact)}`);
}

/** A per-call option's row: its check, what it must be, and whether it changes a comparison's outcomes (and so is in its query key). */
type CallOption = readonly [valid: (value: never) => unknown, expected: string, outcome: boolean];

/**
 * Every per-call option ({@link RequestOptions}), once: `send` and the comparisons check them here, the client checks
 * its own `timeoutMs` and `maxRetries` with the same rows, and a comparison's query key holds the `outcome` ones.
 */
export const CALL_OPTIONS = {
  signal: [(v: unknown) => v instanceof AbortSignal, 'an AbortSignal', false],
  timeoutMs: [isTimeout, 'a number of milliseconds over 0 and below 2 ** 31', true],
  maxRetries: [(v: number) => Number.isInteger(v) && v >= 0, 'a whole number of 0 or more', true],
  // The key is the client's apiKey, never a call's header, not even on a keyless client.
  headers: [
    (v: HeadersInit) => isPlainObject(v) && !new Headers(v).has('x-api-key'),
    "an object of header names and values without x-api-key (the key is the client's apiKey)",
    false,
  ],
  validate: [(v: unknown) => typeof v === 'boolean', 'true or false', true],
} as const satisfies { [name in keyof RequestOptions]-?: CallOption };

/** The per-call options that change a comparison's outcomes. */
export type OutcomeOption = { [K in keyof typeof CALL_OPTIONS]: (typeof CALL_OPTIONS)[K][2] extends true ? K : never }[keyof typeof CALL_OPTIONS];

/** The checks of the per-call options given (left-out ones pass), for {@link checkOptions}: `[name, value, valid, what it must be]`. */
export const callChecks = (options: RequestOptions): Check[] =>
  Object.entries(CALL_OPTIONS)
    .filter(([name]) => options[name as keyof RequestOptions] !== undefined)
    .map(([name, [valid, expected]]) => [
      name,
      options[name as keyof RequestOptions],
      (valid as (value: unknown) => unknown)(options[name as keyof RequestOptions]),
      expected,
    ]);

/** The log levels, from none to every attempt. */
export const LOG_LEVELS: LogLevel[] = ['off', 'error', 'warn', 'debug'];

// Pure: an entry that names no log level (the raw client) leaves it out.
/** The log levels as a message names them, for the option and for `FLIGHT_SEARCH_LOG`: `"off", "error", "warn", "debug"`. */
export const LOG_LEVEL_NAMES = /* @__PURE__ */ LOG_LEVELS.map((level) => `"${level}"`).join(', ');
