import { MEDIA_TYPES } from './generated/contract.js';
import type { ValidationIssue } from './types.js';

/** An error answer of the service: its status, the `{ error: { code, message, ... } }` envelope, and extra headers. */
export interface ErrorAnswer {
  status: number;
  body: { error: { code: string; message: string; correlationId?: string; [more: string]: unknown } };
  headers?: Record<string, string>;
}

/** A fresh correlation id for an error envelope (Web Crypto: browsers and Node alike). */
export const correlationId = (): string => crypto.randomUUID();

/**
 * The service's error envelope with `status`; a `correlationId` unless `withCorrelation` is false.
 * @example
 * errorAnswer(404, 'HTTP_ERROR', 'The API key was not found.');
 * // { status: 404, body: { error: { code: 'HTTP_ERROR', message: 'The API key was not found.', correlationId: '…' } } }
 */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  withCorrelation = true,
): ErrorAnswer {
  return {
    status,
    body: { error: { code, message, ...(withCorrelation ? { correlationId: correlationId() } : {}), ...extra } },
  };
}

/** `AUTH-1`. */
export const missingKey = (): ErrorAnswer =>
  errorAnswer(401, 'HTTP_ERROR', 'The API key is required in the x-api-key header.');

/** `AUTH-2`, on every endpoint. */
export const keyNotFound = (): ErrorAnswer => errorAnswer(404, 'HTTP_ERROR', 'The API key was not found.');

/** `AUTH-3`: no correlationId, as the spec shows none. */
export const productNotEnabled = (): ErrorAnswer =>
  errorAnswer(
    403,
    'AUTHORIZATION_ERROR',
    'This API key does not include the price-history product. Please contact support to contract it.',
    {},
    false,
  );

/** `RATE-1`. */
export function rateLimited(retryAfterSeconds: number): ErrorAnswer {
  const seconds = `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
  return {
    ...errorAnswer(429, 'RATE_LIMIT_EXCEEDED', `Too many requests for this API key; retry after ${seconds}.`),
    headers: { 'retry-after': String(retryAfterSeconds) },
  };
}

/** `NEG-1`: the header is never echoed back, only what is served. */
export const notAcceptable = (): ErrorAnswer =>
  errorAnswer(
    406,
    'NOT_ACCEPTABLE',
    `None of the media types the Accept header asks for can be served. Supported media types: ${MEDIA_TYPES.join(', ')}.`,
    {
      supportedMediaTypes: [...MEDIA_TYPES],
    },
  );

/** `SEARCH-*`, `HISTORY-*`: every problem found. */
export const validationFailed = (errors: readonly ValidationIssue[]): ErrorAnswer =>
  errorAnswer(422, 'VALIDATION_ERROR', 'The request is invalid.', { details: { errors } });

/**
 * `QUOTA-1`, in the wording clients of a message-only service parse, with the same numbers in `details`.
 */
export function quotaExceeded(required: number, remaining: number): ErrorAnswer {
  const units = `${required} unit${required === 1 ? '' : 's'}`;
  const remains = `${remaining} remain${remaining === 1 ? 's' : ''}`;
  return errorAnswer(402, 'HTTP_ERROR', `Insufficient quota: this search requires ${units} and ${remains}.`, {
    details: { requiredUnits: required, remainingUnits: remaining },
  });
}

/** An unexpected exception: never its text or stack. */
export const internalError = (): ErrorAnswer => errorAnswer(500, 'INTERNAL_ERROR', 'An unexpected error occurred.');
