import type { ValidationIssue } from './types.js';
import { retryAfterMs } from './retry-after.js';

/**
 * Every error the SDK throws, in one file.
 *
 * ```text
 * FlightSearchError                 root: one `instanceof` catches everything the SDK throws
 * ├─ FlightSearchApiError           the service answered with a non-2xx status
 * │  ├─ AuthenticationError         401
 * │  ├─ QuotaExceededError          402 (requiredUnits, remainingUnits)
 * │  ├─ PermissionDeniedError       403
 * │  ├─ NotFoundError               404
 * │  ├─ NotAcceptableError          406 (supportedMediaTypes)
 * │  ├─ ValidationError             422 (errors); also thrown by local validation, before any request
 * │  ├─ RateLimitError              429 (retryAfterMs)
 * │  └─ ServerError                 5xx
 * ├─ ConnectionError                no answer: network failure (cause)
 * │  └─ TimeoutError                no answer within timeoutMs (timeoutMs)
 * └─ AbortError                     the caller's signal aborted (cause: the signal's reason)
 * ```
 *
 * `instanceof` works across bundles and realms (an ESM and a CJS copy of the SDK in one
 * process): each instance carries the list of its class names under a `Symbol.for` key and
 * `static [Symbol.hasInstance]` checks that list instead of the prototype chain.
 * @module
 */

const KINDS = Symbol.for('@flight-search/sdk.error-kinds');

// The first group of `re` that matched, as a number.
const units = (e: Error, re: RegExp) => {
  const m = re.exec(e.message);
  return m ? +(m[1] ?? m[2])! : undefined;
};

/** Fields of an API error; the client fills them from the service's error envelope (`error.*`). */
export interface ApiErrorInit {
  /** HTTP status of the answer. */
  status: number;
  /** The error's message; it must not contain the API key. */
  message: string;
  /** The envelope's `error.code`. */
  code?: string | undefined;
  /** The envelope's `error.correlationId`. */
  correlationId?: string | undefined;
  /** Response headers (`Retry-After` of a 429 is read from them). */
  headers?: Headers | undefined;
  /** 422: the problems (the envelope's `details.errors` may be passed as `details` instead). */
  errors?: ValidationIssue[] | undefined;
  /** The envelope's `error.details`; its `errors` is used when `errors` is not given. */
  details?: {
    /** 422: the problems, as the service lists them. */
    errors?: ValidationIssue[];
  } | undefined;
  /** 406: the media types the service serves. */
  supportedMediaTypes?: string[] | undefined;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * The root of every error thrown by the SDK.
 * @example
 * try { await client.getQuota(); } catch (e) { if (e instanceof FlightSearchError) console.error(JSON.stringify(e)); }
 */
export class FlightSearchError extends Error {
  /** Class name used by the cross-bundle `instanceof`; never minified away. */
  static readonly kind: string = 'FlightSearchError';

  /**
   * `instanceof` by class name rather than prototype chain, so an error from another copy of the
   * SDK (its ESM and CJS builds in one process, another realm) is still recognised.
   */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    return !!(value as { [KINDS]?: string[] } | null)?.[KINDS]?.includes((this as unknown as typeof FlightSearchError).kind);
  }

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    const kinds: string[] = [];
    for (let c = new.target as unknown as typeof FlightSearchError; c.kind; c = Object.getPrototypeOf(c)) kinds.push(c.kind);
    Object.defineProperty(this, KINDS, { value: kinds });
    this.name = kinds[0]!;
  }

  /** What `JSON.stringify` prints: name, message and the error's fields (status, code, correlationId, errors...). */
  toJSON(): Record<string, unknown> {
    const { headers, ...fields } = this as unknown as Record<string, unknown>;
    return { ...fields, message: this.message };
  }
}

/**
 * The service answered with a non-2xx status. `message` names the method and URL, never the API key.
 * @example
 * catch (e) { if (e instanceof FlightSearchApiError) console.log(e.status, e.code, e.correlationId); }
 */
export class FlightSearchApiError extends FlightSearchError {
  static override readonly kind: string = 'FlightSearchApiError';
  /** HTTP status of the answer (422 for a local validation failure). */
  declare readonly status: number;
  /** The envelope's `error.code`, such as `HTTP_ERROR` or `VALIDATION_ERROR`. */
  declare readonly code?: string;
  /** The envelope's `error.correlationId`, to quote to support. */
  declare readonly correlationId?: string;
  /** Response headers (empty for errors raised before any request). */
  declare readonly headers: Headers;

  constructor({ message, cause, status, code, correlationId, supportedMediaTypes, details, errors = details?.errors, headers = new Headers() }: ApiErrorInit) {
    super(message, { cause });
    // The known fields only: anything else in a body (an echoed `apiKey`, a `name`) never lands on the error.
    Object.assign(this, { status, code, correlationId, errors, supportedMediaTypes, headers });
  }
}

/** 401 `AUTH-1`: the `x-api-key` header is missing. */
export class AuthenticationError extends FlightSearchApiError { static override readonly kind: string = 'AuthenticationError'; }

/** 402 `QUOTA-1`: the key's remaining quota cannot pay for the search; nothing was consumed. */
export class QuotaExceededError extends FlightSearchApiError {
  static override readonly kind: string = 'QuotaExceededError';
  /** Units the search needed, when the message names them ("requires 2 units" as in D5, or "2 units required"). */
  readonly requiredUnits = units(this, /requires (\d+) units?|(\d+) units? required/);
  /** Units the key had left, when the message names them ("1 remains" as in D5, "1 unit remaining" or "remaining: 1"). */
  readonly remainingUnits = units(this, /(\d+) (?:units? )?remain|remaining:? (\d+)/);
}

/** 403 `AUTH-3`: the key lacks the product (price history). */
export class PermissionDeniedError extends FlightSearchApiError { static override readonly kind: string = 'PermissionDeniedError'; }

/** 404 `AUTH-2`: the API key (or the path) was not found. */
export class NotFoundError extends FlightSearchApiError { static override readonly kind: string = 'NotFoundError'; }

/** 406 `NEG-1`: the requested media type is not served. */
export class NotAcceptableError extends FlightSearchApiError {
  static override readonly kind: string = 'NotAcceptableError';
  /** The media types the service can answer with. */
  declare readonly supportedMediaTypes: string[];
}

/**
 * 422: the request is invalid; `errors` lists every problem, at most one per field.
 * Also thrown by `searchFlights` before any request when local validation fails (`code` `VALIDATION_ERROR`, no `correlationId`).
 */
export class ValidationError extends FlightSearchApiError {
  static override readonly kind: string = 'ValidationError';
  /** The problems, as in the service's `details.errors`. */
  declare readonly errors: ValidationIssue[];
}

/** 429 `RATE-1`: too many requests; `retryAfterMs` comes from `Retry-After`. */
export class RateLimitError extends FlightSearchApiError {
  static override readonly kind: string = 'RateLimitError';
  /** How long the service asked to wait, when it said so. */
  readonly retryAfterMs = retryAfterMs(this.headers);
}

/** 5xx: the service failed. */
export class ServerError extends FlightSearchApiError { static override readonly kind: string = 'ServerError'; }

/** No answer: the request could not be sent or the connection failed; `cause` is the underlying error. */
export class ConnectionError extends FlightSearchError { static override readonly kind: string = 'ConnectionError'; }

/** No answer within the time-out (`timeoutMs`); the attempt was aborted. */
export class TimeoutError extends ConnectionError {
  static override readonly kind: string = 'TimeoutError';
  /** The limit that was reached, in milliseconds. */
  readonly timeoutMs: number | undefined;
  constructor(message: string, options?: { cause?: unknown; timeoutMs?: number }) { super(message, options); this.timeoutMs = options?.timeoutMs; }
}

/** The caller's `signal` aborted; `cause` is the signal's reason. */
export class AbortError extends FlightSearchError { static override readonly kind: string = 'AbortError'; }

const BY_STATUS: Record<number, new (init: ApiErrorInit) => FlightSearchApiError> = {
  401: AuthenticationError,
  402: QuotaExceededError,
  403: PermissionDeniedError,
  404: NotFoundError,
  406: NotAcceptableError,
  422: ValidationError,
  429: RateLimitError,
};

/**
 * Builds the error for a non-2xx answer from its status and parsed body (an envelope, text, or other JSON).
 * Every occurrence of `apiKey` in the message becomes `[redacted]`: a service may echo the key back.
 * The client calls it for every non-2xx answer; a custom transport or a test can call it too.
 * @example
 * const body = { error: { code: 'HTTP_ERROR', message: 'Insufficient quota: this search requires 2 units and 1 remains.' } };
 * const error = apiError(402, body, new Headers(), 'POST /flights/search');
 * error instanceof QuotaExceededError; // true
 * error.message; // '402 Insufficient quota: this search requires 2 units and 1 remains. (POST /flights/search)'
 */
export function apiError(status: number, body: any, headers: Headers, request: string, apiKey?: string): FlightSearchApiError {
  const Class = BY_STATUS[status] ?? (status >= 500 ? ServerError : FlightSearchApiError);
  // Only known fields are read from it, so an `error` that is not an object does no harm.
  const e = body?.error;
  const said = e?.message;
  // No body at all (a 503 from a proxy, Content-Length 0) leaves just the status and the request.
  let text = String(said ?? (typeof body == 'string' ? body : (JSON.stringify(body) ?? '')));
  // Redacted before it is cut: a key across the cut would otherwise leave its start.
  if (apiKey) text = text.replaceAll(apiKey, '[redacted]');
  if (said == null) text = text.slice(0, 200);
  return new Class({ ...e, cause: undefined, status, headers, message: `${status} ${text && text + ' '}(${request})` });
}
