import { MEDIA_TYPES } from '../generated/contract.js';
import type { Answer } from '../answer.js';
import { redactPath } from '../recording/redaction.js';
import type { ValidationIssue } from '@flight-search/sdk';

/** A fresh correlation id for an error envelope (Web Crypto: browsers and Node alike). */
export const correlationId = (): string => crypto.randomUUID();

function envelope(status: number, code: string, message: string, extra: Record<string, unknown> = {}, withCorrelation = true): Answer {
  return {
    status,
    body: { error: { code, message, ...(withCorrelation ? { correlationId: correlationId() } : {}), ...extra } },
  };
}

/**
 * An error envelope for an answer the service itself never gives (the
 * standalone server's 413, the control API's refusals, the contract proxy's
 * 502): its own code, in the service's shape (D12), so a client reads it with
 * the same code path as the service's errors.
 */
export function errorEnvelope(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Answer {
  const answer = envelope(status, code, message, extra);
  return headers === undefined ? answer : { ...answer, headers };
}

/** A request body over the standalone server's (or the contract proxy's) `bodyLimit`. */
export const payloadTooLarge = (limitBytes: number): Answer => envelope(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${limitBytes} bytes.`);

/** `AUTH-1`. */
export const missingKey = (): Answer => envelope(401, 'HTTP_ERROR', 'The API key is required in the x-api-key header.');

/** `AUTH-2`, on every endpoint (D2). */
export const keyNotFound = (): Answer => envelope(404, 'HTTP_ERROR', 'The API key was not found.');

/** `AUTH-3`: no correlationId, as the spec shows none (D12). */
export const productNotEnabled = (): Answer =>
  envelope(
    403,
    'AUTHORIZATION_ERROR',
    'This API key does not include the price-history product. Please contact support to contract it.',
    {},
    false,
  );

/** `RATE-1`. */
export function rateLimited(retryAfterSeconds: number): Answer {
  const seconds = `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
  return {
    ...envelope(429, 'RATE_LIMIT_EXCEEDED', `Too many requests for this API key; retry after ${seconds}.`),
    headers: { 'retry-after': String(retryAfterSeconds) },
  };
}

/** `NEG-1`. */
export const notAcceptable = (accept: string): Answer =>
  envelope(406, 'NOT_ACCEPTABLE', `Cannot produce ${accept}. Supported media types: ${MEDIA_TYPES.join(', ')}.`, {
    supportedMediaTypes: [...MEDIA_TYPES],
  });

/** `SEARCH-*`, `HISTORY-*`: every problem found (D6). */
export const validationFailed = (errors: readonly ValidationIssue[]): Answer =>
  envelope(422, 'VALIDATION_ERROR', 'The request is invalid.', { details: { errors } });

/**
 * `QUOTA-1`, with the exact wording of D5 (which clients of a message-only service parse) and the
 * same numbers as `details.requiredUnits` / `details.remainingUnits` (QuotaErrorEnvelope).
 */
export function quotaExceeded(required: number, remaining: number): Answer {
  const units = `${required} unit${required === 1 ? '' : 's'}`;
  const remains = `${remaining} remain${remaining === 1 ? 's' : ''}`;
  return envelope(402, 'HTTP_ERROR', `Insufficient quota: this search requires ${units} and ${remains}.`, {
    details: { requiredUnits: required, remainingUnits: remaining },
  });
}

/** An unknown path under a configured `baseUrl` (D11); a key in the path is never echoed. */
export const routeNotFound = (method: string, path: string): Answer =>
  envelope(404, 'HTTP_ERROR', `No route for ${method} ${redactPath(path)}.`);

/**
 * A request body in a `Content-Encoding` the mock does not decode (D29): it
 * is refused before it is parsed or recorded, and `Accept-Encoding` says what is accepted (RFC 7694).
 */
export const unsupportedContentEncoding = (encoding: string): Answer => ({
  ...envelope(415, 'UNSUPPORTED_CONTENT_ENCODING', `The request body's Content-Encoding "${encoding.slice(0, 100)}" is not supported; send the body uncompressed (identity).`),
  headers: { 'accept-encoding': 'identity' },
});

/** An unexpected exception (D11): never the exception's text or stack. */
export const internalError = (): Answer => envelope(500, 'INTERNAL_ERROR', 'An unexpected error occurred.');

/**
 * A service path asked with a method it does not have (D60): 405 with
 * `Allow`, in the service's envelope, so a client's one error path reads it.
 */
export const methodNotAllowed = (method: string, path: string, allow: string): Answer => ({
  ...envelope(405, 'HTTP_ERROR', `${method.slice(0, 20)} is not allowed on ${redactPath(path)}; use ${allow}.`),
  headers: { allow },
});
