/**
 * The clients' and calls' options, and where they are checked: a wrong one is a `TypeError` naming it.
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
   * The API key, sent as `x-api-key` to `baseUrl` only; from 8 characters on, never in errors or the log. Printable ASCII.
   * `null` makes a keyless client, for your own proxy (`createFlightSearchProxy`), which adds the key. Left out, it is
   * allowed only in a browser whose `baseUrl` is on the page's origin, or where `FLIGHT_SEARCH_API_KEY` is set.
   * @example
   * createFlightSearchClient({ apiKey: null, baseUrl: '/api/flight-search' });
   */
  apiKey?: string | null | undefined;
  /** The service's base URL: absolute, or in a browser a path on the page's origin (`/api/flight-search`). Default: `FLIGHT_SEARCH_BASE_URL`. */
  baseUrl?: string | undefined;
  /** A fetch implementation, given one `Request` per attempt. Default: the global `fetch`, looked up at call time. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Time-out of each attempt in ms. Default 35 000. */
  timeoutMs?: number | undefined;
  /** Retries of GET calls on 408, 429, 5xx and failures without an answer, and of a search answered 429. Default 2. */
  maxRetries?: number | undefined;
  /** The `Accept` media type. Default `application/vnd.service.v1+json`. */
  mediaType?: MediaType | undefined;
  /** Extra headers sent with every request. */
  headers?: Record<string, string> | undefined;
  /** Milliseconds before retry `attempt + 1`, given `Retry-After` if any. Default: backoff from 500 ms to 8 s, or `Retry-After`. */
  retryDelay?: ((attempt: number, retryAfterMs: number | undefined) => number) | undefined;
  /**
   * Largest answer body read, in bytes. Default 32 MiB. More fails with `ResponseTooLargeError`, unread.
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, maxResponseBytes: 4 * 1024 * 1024 });
   */
  maxResponseBytes?: number | undefined;
  /**
   * Functions called around every attempt of every call ({@link Hooks}).
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, hooks: { onResponse: ({ method, url, status, attempt }) => metrics.count(method, url, status, attempt) } });
   */
  hooks?: Hooks | undefined;
  /**
   * What the client logs, one line per attempt: `'off'` (default, or `FLIGHT_SEARCH_LOG`), `'error'` (the attempt a call
   * fails with), `'warn'` (also retried ones) or `'debug'` (every attempt). Never the API key.
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, logLevel: 'debug' });
   * // console.debug: [flight-search] GET http://127.0.0.1:4010/quota 200 in 3 ms (attempt 1)
   */
  logLevel?: LogLevel | undefined;
  /**
   * Where the log goes: the level's method with the line and its {@link LogFields}. Default: `console`, the line alone.
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, logLevel: 'warn', logger: { debug() {}, warn: (_, fields) => pino.warn(fields), error: (_, fields) => pino.error(fields) } });
   */
  logger?: Logger | undefined;
  /** Send `x-flight-search-sdk: <version>` (default `true`); never from a browser, where it would fail the CORS preflight. */
  sdkHeader?: boolean | undefined;
  /** Retry a search answered 429 (default `true`): refused before any work, it was not charged. Nothing else about a search is retried. */
  retrySearchOn429?: boolean | undefined;
}

/** Levels of the client's log, from none to every attempt. */
export type LogLevel = 'off' | 'error' | 'warn' | 'debug';

/** What the client logs to: `console` fits. */
export interface Logger {
  /** An attempt that succeeded, at `logLevel: 'debug'`. */
  debug(message: string, fields: LogFields): void;
  /** An attempt that failed and is retried, from `logLevel: 'warn'`. */
  warn(message: string, fields: LogFields): void;
  /** The attempt a call fails with, from `logLevel: 'error'`. */
  error(message: string, fields: LogFields): void;
}

/** What every event of an attempt says. */
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
  /** The answer's status; absent when none came. */
  status?: number;
  /** The failed attempt's error class, such as `TimeoutError`. */
  error?: string;
  /** Whether another attempt follows a failed one. */
  retrying?: boolean;
}

/** A request about to be sent: what {@link Hooks.onRequest} gets. */
export interface HookRequest {
  /** `GET` or `POST`. */
  method: 'GET' | 'POST';
  /** The full URL, query string included. */
  url: string;
  /** The headers to send, which the hook may change; the client sets `x-api-key` after it. */
  headers: Headers;
  /** 1 for the first attempt of the call, 2 for its first retry... */
  attempt: number;
}

/** An answer's status and headers. */
export interface ResponseInfo {
  /** The answer's HTTP status. */
  status: number;
  /** The answer's headers; values echoing the API key are redacted. */
  headers: Headers;
  /** The `x-correlation-id` or `x-request-id` header, when sent. */
  correlationId: string | undefined;
}

/**
 * Functions called around every attempt, retries included; each may be async. A hook that throws fails the call.
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
  /** After each answer, whatever its status. */
  onResponse?: ((response: HookResponse) => void | Promise<void>) | undefined;
  /** After each attempt that failed. */
  onError?: ((event: HookError) => void | Promise<void>) | undefined;
}

/** An answer, whatever its status: what {@link Hooks.onResponse} gets. */
export interface HookResponse extends ResponseInfo, AttemptInfo {}

/** A failed attempt: what {@link Hooks.onError} gets. */
export interface HookError extends AttemptInfo {
  /** The error the attempt ended with. */
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
  /** Aborts the call with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Time-out of each attempt of this call in ms. */
  timeoutMs?: number | undefined;
  /** Retries of this call, instead of the client's `maxRetries` (a search's are only those of a 429). */
  maxRetries?: number | undefined;
  /** Headers of this call, over the client's; `x-api-key` is a `TypeError` (the key is the client's `apiKey`). */
  headers?: Record<string, string> | undefined;
  /** Check the request locally first (default `true`): an invalid one throws `ValidationError`, nothing sent. */
  validate?: boolean | undefined;
}

/** Options of {@link FlightSearchClient.searchFlights}. */
export type SearchOptions = RequestOptions;

/** Options of {@link FlightSearchClient.getPriceHistory}. */
export type HistoryOptions = RequestOptions;

/** The options the typed client and the raw client share. */
export type ConnectionOptions = Pick<
  ClientOptions,
  'apiKey' | 'baseUrl' | 'fetch' | 'mediaType' | 'headers' | 'sdkHeader'
>;

// A wrong value as a message shows it: a string or number as written, the rest (and the key and headers) by kind.
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
      throw new TypeError(
        `${caller}: option "${name}" must be ${expected}; received ${received(value, name === 'apiKey' || name === 'headers', redact)}`,
      );
}

/** A per-call option's row: its check, what it must be, and whether it changes a comparison's outcomes. */
type CallOption = readonly [valid: (value: never) => unknown, expected: string, outcome: boolean];

/**
 * Every per-call option ({@link RequestOptions}), once: `send` and the comparisons check them here, the client checks
 * its own `timeoutMs` and `maxRetries` with the same rows, and a comparison's query key holds the `outcome` ones.
 */
export const CALL_OPTIONS = {
  signal: [(v: unknown) => v instanceof AbortSignal, 'an AbortSignal', false],
  timeoutMs: [isTimeout, 'a number of milliseconds over 0 and below 2 ** 31', true],
  maxRetries: [(v: number) => Number.isInteger(v) && v >= 0, 'a whole number of 0 or more', true],
  headers: [
    (v: HeadersInit) => isPlainObject(v) && !new Headers(v).has('x-api-key'),
    "an object of header names and values without x-api-key (the key is the client's apiKey)",
    false,
  ],
  validate: [(v: unknown) => typeof v === 'boolean', 'true or false', true],
} as const satisfies { [name in keyof RequestOptions]-?: CallOption };

/** The per-call options that change a comparison's outcomes. */
export type OutcomeOption = {
  [K in keyof typeof CALL_OPTIONS]: (typeof CALL_OPTIONS)[K][2] extends true ? K : never;
}[keyof typeof CALL_OPTIONS];

/** The checks of the per-call options given, for {@link checkOptions}. */
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

/** The log levels as a message names them: `"off", "error", "warn", "debug"`. */
export const LOG_LEVEL_NAMES = /* @__PURE__ */ LOG_LEVELS.map((level) => `"${level}"`).join(', ');
