import { errorAnswer } from '@flight-search/contract';
import type { Answer } from '../answer-types.js';
import { redactPath } from '../recording/redaction.js';

// The service's own errors are the contract's; below, this mock's own, in the same envelope.
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

/** An error of the mock's own, in the service's envelope (D12). */
export function errorEnvelope(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
): Answer {
  const answer = errorAnswer(status, code, message, extra);
  return headers === undefined ? answer : { ...answer, headers };
}

/** A request body over the server's `bodyLimit`. */
export const payloadTooLarge = (limitBytes: number): Answer =>
  errorAnswer(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${limitBytes} bytes.`);

/** An unknown path under a configured `baseUrl` (D11); a key in the path is never echoed. */
export const routeNotFound = (method: string, path: string): Answer =>
  errorAnswer(404, 'HTTP_ERROR', `No route for ${method} ${redactPath(path)}.`);

/** A request body in a `Content-Encoding` the mock does not decode (D29); `Accept-Encoding` says what is (RFC 7694). */
export const unsupportedContentEncoding = (encoding: string): Answer =>
  errorEnvelope(
    415,
    'UNSUPPORTED_CONTENT_ENCODING',
    `The request body's Content-Encoding "${encoding.slice(0, 100)}" is not supported; send the body uncompressed (identity).`,
    {},
    { 'accept-encoding': 'identity' },
  );

/** A service path asked with a method it does not have: 405 with `Allow` (D60). */
export const methodNotAllowed = (method: string, path: string, allow: string): Answer =>
  errorEnvelope(
    405,
    'HTTP_ERROR',
    `${method.slice(0, 20)} is not allowed on ${redactPath(path)}; use ${allow}.`,
    {},
    { allow },
  );
