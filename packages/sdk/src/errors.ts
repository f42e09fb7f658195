import type { ValidationIssue } from './types.js';
import { retryAfterMs } from './internal/retry-after.js';

/**
 * Every error the SDK throws, in one file.
 *
 * - `FlightSearchError`: the root, one `instanceof` for everything the SDK throws
 *   - `FlightSearchApiError`: the service answered, not with a usable success: `RedirectError` (3xx), `InvalidResponseError`
 *     (a 2xx not JSON), `ResponseTooLargeError`, `AuthenticationError` (401), `QuotaExceededError` (402),
 *     `PermissionDeniedError` (403) and its `BudgetExceededError`, `NotFoundError` (404), `NotAcceptableError` (406),
 *     `ValidationError` (422, also local validation), `RateLimitError` (429), `ServerError` (5xx)
 *   - `ConnectionError`: no answer; `TimeoutError`: none within `timeoutMs`
 *   - `AbortError`: the caller's signal aborted
 *
 * `instanceof` works across bundles and realms: it checks the class names each instance carries under a `Symbol.for` key.
 * @module
 */

const KINDS = Symbol.for('@flight-search/sdk.error-kinds');

const units = (e: Error, re: RegExp) => {
  const m = re.exec(e.message);
  return m ? +(m[1] ?? m[2])! : undefined;
};

const count = (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 ? (v as number) : undefined);

/** Fields of an API error, from the service's error envelope. */
export interface ApiErrorInit {
  /** HTTP status of the answer. */
  status: number;
  /** The error's message; it must not contain the API key. */
  message: string;
  /** The envelope's `error.code`. */
  code?: string | undefined;
  /** The envelope's `error.correlationId`. */
  correlationId?: string | undefined;
  /** Response headers. */
  headers?: Headers | undefined;
  /** The method of the request that got the answer. */
  method?: string | undefined;
  /** The URL of the request that got the answer, without its query string. */
  url?: string | undefined;
  /** 422: the problems (the envelope's `details.errors` may be passed as `details` instead). */
  errors?: ValidationIssue[] | undefined;
  /** The envelope's `error.details`; its `errors` is used when `errors` is not given. */
  details?:
    | {
        /** 422: the problems, as the service lists them. */
        errors?: ValidationIssue[];
        /** 402: the units the search needed. */
        requiredUnits?: number;
        /** 402: the units the key had left. */
        remainingUnits?: number;
      }
    | undefined;
  /** 406: the media types the service serves. */
  supportedMediaTypes?: string[] | undefined;
  /** 3xx: the `Location` the answer named. */
  location?: string | undefined;
  /** The limit an answer went over. */
  maxResponseBytes?: number | undefined;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * The root of every error thrown by the SDK.
 * @example
 * try { await client.getQuota(); } catch (e) { if (e instanceof FlightSearchError) console.error(JSON.stringify(e)); }
 */
export class FlightSearchError extends Error {
  /** Class name the cross-bundle `instanceof` checks. */
  static readonly kind: string = 'FlightSearchError';

  /** `instanceof` by class name, so an error from another copy of the SDK is recognised. */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about (a subclass too)
    return !!(value as { [KINDS]?: string[] } | null)?.[KINDS]?.includes((this as unknown as { kind: string }).kind);
  }

  /** `fields` (a subclass's own, such as `timeoutMs`) become the error's properties; `cause` is the standard one. */
  constructor(message: string, { cause, ...fields }: { cause?: unknown; [field: string]: unknown } = {}) {
    super(message, { cause });
    const kinds: string[] = [];
    for (let c = new.target as unknown as typeof FlightSearchError; c.kind; c = Object.getPrototypeOf(c))
      kinds.push(c.kind);
    Object.defineProperty(this, KINDS, { value: kinds });
    this.name = kinds[0]!;
    Object.assign(this, fields);
  }

  /** What `JSON.stringify` prints: name, message and the error's fields (status, code, correlationId, errors...). */
  toJSON(): Record<string, unknown> {
    const { headers, ...fields } = this as unknown as Record<string, unknown>;
    return { ...fields, message: this.message };
  }
}

/**
 * The service answered, but not with a usable success: a non-2xx status, a redirect, a 2xx that is
 * not JSON, or an answer over `maxResponseBytes`. `message` names the method and URL, never the API key.
 * @example
 * catch (e) { if (e instanceof FlightSearchApiError) console.log(e.status, e.code, e.correlationId, e.method, e.url); }
 */
export class FlightSearchApiError extends FlightSearchError {
  static override readonly kind: string = 'FlightSearchApiError';
  /** HTTP status of the answer (422 for a local validation failure). */
  declare readonly status: number;
  /** The envelope's `error.code`, such as `HTTP_ERROR` or `VALIDATION_ERROR`. */
  declare readonly code?: string;
  /** The envelope's `error.correlationId`, to quote to support. */
  declare readonly correlationId?: string;
  /** Response headers, the key redacted (empty before any request). */
  declare readonly headers: Headers;
  /** The request's method and URL (absent for errors raised before any request). */
  declare readonly method?: string;
  /** The request's URL, without its query string (absent for errors raised before any request). */
  declare readonly url?: string;
  /** How long the service asked to wait (`Retry-After`), when it said so. */
  declare readonly retryAfterMs?: number;

  constructor({ message, details, errors = details?.errors, headers = new Headers(), ...fields }: ApiErrorInit) {
    super(message, { ...fields, errors, headers, retryAfterMs: retryAfterMs(headers) });
  }
}

/** 3xx: never followed, so the API key goes to `baseUrl` only. */
export class RedirectError extends FlightSearchApiError {
  static override readonly kind: string = 'RedirectError';
  /** The answer's `Location` (absent for a browser's opaque redirect). */
  declare readonly location?: string;
}

/** A 2xx whose body is empty or not JSON. */
export class InvalidResponseError extends FlightSearchApiError {
  static override readonly kind: string = 'InvalidResponseError';
}

/** The answer announced or sent more than `maxResponseBytes`; the rest was not read. */
export class ResponseTooLargeError extends FlightSearchApiError {
  static override readonly kind: string = 'ResponseTooLargeError';
  /** The limit that was passed, in bytes. */
  declare readonly maxResponseBytes: number;
}

/** 401 `AUTH-1`: the `x-api-key` header is missing. */
export class AuthenticationError extends FlightSearchApiError {
  static override readonly kind: string = 'AuthenticationError';
}

/** 402 `QUOTA-1`: the key's remaining quota cannot pay for the search; nothing was consumed. */
export class QuotaExceededError extends FlightSearchApiError {
  static override readonly kind: string = 'QuotaExceededError';
  /** Units the search needed: `details.requiredUnits`, else read from the message. */
  readonly requiredUnits: number | undefined;
  /** Units the key had left: `details.remainingUnits`, else read from the message. */
  readonly remainingUnits: number | undefined;
  constructor(init: ApiErrorInit) {
    super(init);
    this.requiredUnits =
      count(init.details?.requiredUnits) ?? units(this, /requires (\d+) units?|(\d+) units? required/);
    this.remainingUnits =
      count(init.details?.remainingUnits) ?? units(this, /(\d+) (?:units? )?remain|remaining:? (\d+)/);
  }
}

/** 403 `AUTH-3`: the key lacks the product (price history). */
export class PermissionDeniedError extends FlightSearchApiError {
  static override readonly kind: string = 'PermissionDeniedError';
}

/**
 * 403 `BUDGET_EXCEEDED` from your own proxy's `beforeSearch`: refused before the service, nothing spent.
 * @example
 * catch (e) { if (e instanceof BudgetExceededError) showBanner('You have used your searches for today.'); }
 */
export class BudgetExceededError extends PermissionDeniedError {
  static override readonly kind: string = 'BudgetExceededError';
}

/** 404 `AUTH-2`: the API key (or the path) was not found. */
export class NotFoundError extends FlightSearchApiError {
  static override readonly kind: string = 'NotFoundError';
}

/** 406 `NEG-1`: the requested media type is not served. */
export class NotAcceptableError extends FlightSearchApiError {
  static override readonly kind: string = 'NotAcceptableError';
  /** The media types the service can answer with. */
  declare readonly supportedMediaTypes: string[];
}

/** 422: the request is invalid; `errors` lists every problem. Also thrown by local validation, before any request. */
export class ValidationError extends FlightSearchApiError {
  static override readonly kind: string = 'ValidationError';
  /** The problems, as in the service's `details.errors`. */
  declare readonly errors: ValidationIssue[];
}

/** 429 `RATE-1`: too many requests; `retryAfterMs` comes from `Retry-After`. */
export class RateLimitError extends FlightSearchApiError {
  static override readonly kind: string = 'RateLimitError';
}

/** 5xx: the service failed. */
export class ServerError extends FlightSearchApiError {
  static override readonly kind: string = 'ServerError';
}

/** No answer: the request could not be sent or the connection failed; `cause` is the underlying error. */
export class ConnectionError extends FlightSearchError {
  static override readonly kind: string = 'ConnectionError';
}

/** No answer within the time-out (`timeoutMs`); the attempt was aborted. */
export class TimeoutError extends ConnectionError {
  static override readonly kind: string = 'TimeoutError';
  /** The limit that was reached, in milliseconds. */
  declare readonly timeoutMs: number | undefined;
}

/** The caller's `signal` aborted; `cause` is the signal's reason. */
export class AbortError extends FlightSearchError {
  static override readonly kind: string = 'AbortError';
}

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
 * The error of a non-2xx answer, from its status and parsed body: only the envelope's known fields, each string redacted.
 * @example
 * const body = { error: { code: 'HTTP_ERROR', message: 'Insufficient quota: this search requires 2 units and 1 remains.' } };
 * const error = apiError(body, { status: 402, headers: new Headers() }, 'POST /flights/search', (text) => text);
 * error instanceof QuotaExceededError; // true
 * error.message; // '402 Insufficient quota: this search requires 2 units and 1 remains. (POST /flights/search)'
 */
export function apiError(
  // biome-ignore lint/suspicious/noExplicitAny: any JSON, or none, from a server the SDK does not trust; read only through `?.` and typeof checks
  body: any,
  init: Omit<ApiErrorInit, 'message'>,
  request: string,
  redact: (text: string) => string,
): FlightSearchApiError {
  const { status } = init;
  const e = body?.error;
  const Class =
    status === 403 && e?.code === 'BUDGET_EXCEEDED'
      ? BudgetExceededError
      : (BY_STATUS[status] ?? (status >= 500 ? ServerError : FlightSearchApiError));
  const text = (v: unknown) => (typeof v === 'string' ? redact(v) : undefined);
  // biome-ignore lint/suspicious/noExplicitAny: the items are untrusted JSON, each read through `?.` and text()
  const list = (v: unknown): any[] | undefined => (Array.isArray(v) ? v : undefined);
  const said = e?.message;
  const errors = list(e?.details?.errors)?.map(
    (i) => ({ field: text(i?.field), message: text(i?.message), type: text(i?.type) }) as ValidationIssue,
  );
  let message = '';
  let cause: unknown;
  try {
    message = redact(String(said ?? (typeof body === 'string' ? body : (JSON.stringify(body) ?? ''))));
  } catch (problem) {
    // JSON nested too deep to print: the status's own error, the problem its cause.
    cause = problem;
  }
  // Redacted before it is cut: a key across the cut would otherwise leave its start.
  if (said == null) message = message.slice(0, 200);
  return new Class({
    cause,
    ...init,
    message: [status, message, ...(errors ?? []).map((i) => `${i.field}: ${i.message}`), `(${request})`]
      .filter((part) => part !== '')
      .join(' '),
    code: text(e?.code),
    correlationId: text(e?.correlationId),
    supportedMediaTypes: list(e?.supportedMediaTypes)?.map(text) as string[] | undefined,
    errors,
    details: { requiredUnits: e?.details?.requiredUnits, remainingUnits: e?.details?.remainingUnits },
  });
}
