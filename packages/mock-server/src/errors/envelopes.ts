import { errorAnswer } from '@flight-search/contract';
import type { Answer } from '../answer-types.js';
import { redactPath } from '../recording/redaction.js';

// The service's own errors (AUTH-1..3, RATE-1, NEG-1, 422, QUOTA-1, 500) are the contract's; below
// are the answers of this mock's decisions, in the same envelope.
export {
  correlationId,
  internalError,
  keyNotFound,
  missingKey,
  notAcceptable,
  productNotEnabled,
  quotaExceeded,
  rateLimited,
  validationFailed,
} from '@flight-search/contract';

/**
 * An error envelope for an answer the service itself never gives (the
 * standalone server's 413, the control API's refusals, the contract proxy's
 * 502): its own code, in the service's shape (D12), so a client reads it with
 * the same code path as the service's errors.
 */
export function errorEnvelope(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Answer {
  const answer = errorAnswer(status, code, message, extra);
  return headers === undefined ? answer : { ...answer, headers };
}

/** A request body over the standalone server's (or the contract proxy's) `bodyLimit`. */
export const payloadTooLarge = (limitBytes: number): Answer => errorAnswer(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${limitBytes} bytes.`);

/** An unknown path under a configured `baseUrl` (D11); a key in the path is never echoed. */
export const routeNotFound = (method: string, path: string): Answer => errorAnswer(404, 'HTTP_ERROR', `No route for ${method} ${redactPath(path)}.`);

/**
 * A request body in a `Content-Encoding` the mock does not decode (D29): it
 * is refused before it is parsed or recorded, and `Accept-Encoding` says what is accepted (RFC 7694).
 */
export const unsupportedContentEncoding = (encoding: string): Answer =>
  errorEnvelope(
    415,
    'UNSUPPORTED_CONTENT_ENCODING',
    `The request body's Content-Encoding "${encoding.slice(0, 100)}" is not supported; send the body uncompressed (identity).`,
    {},
    { 'accept-encoding': 'identity' },
  );

/**
 * A service path asked with a method it does not have (D60): 405 with
 * `Allow`, in the service's envelope, so a client's one error path reads it.
 */
export const methodNotAllowed = (method: string, path: string, allow: string): Answer =>
  errorEnvelope(405, 'HTTP_ERROR', `${method.slice(0, 20)} is not allowed on ${redactPath(path)}; use ${allow}.`, {}, { allow });
