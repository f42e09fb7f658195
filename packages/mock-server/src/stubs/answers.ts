import { utf8Length, type Answer, type ChunkedBody, type PlainAnswer } from '../answer-types.js';
import {
  correlationId,
  errorEnvelope,
  internalError,
  keyNotFound,
  missingKey,
  notAcceptable,
  productNotEnabled,
  quotaExceeded,
  rateLimited,
  unsupportedContentEncoding,
  validationFailed,
} from '../errors/envelopes.js';
import type { StubDefinition, StubFault } from '../types.js';

const CODES: Record<number, [string, string]> = {
  500: ['INTERNAL_ERROR', 'An unexpected error occurred.'],
  502: ['BAD_GATEWAY', 'The service received an invalid answer from upstream.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.'],
  504: ['GATEWAY_TIMEOUT', 'The service did not answer in time.'],
};

/** The answer of a status fault, in the service's envelope. */
export function faultAnswer(fault: Readonly<StubFault>): Answer {
  if (fault.status === 429) return rateLimited(fault.retryAfterSeconds ?? 1);
  const [code, message] = CODES[fault.status!]!;
  return { status: fault.status!, body: { error: { code, message, correlationId: correlationId() } } };
}

/** What the request log says of a fault, such as `delay 200ms, status 503`. */
export function describeFault(fault: Readonly<StubFault>): string {
  if (fault.drop !== undefined) return `drop ${fault.drop}`;
  const parts = [];
  if (fault.delayMs !== undefined) parts.push(`delay ${fault.delayMs}ms`);
  if (fault.trickleMs !== undefined) parts.push(`trickle ${fault.trickleMs}ms`);
  if (fault.status !== undefined) parts.push(`status ${fault.status}`);
  return parts.join(', ');
}

/** The answer of a forced status (`status=N`, `Prefer: code=N`), in the service's envelope. */
export function forcedAnswer(status: number, by: string): Answer {
  const forced = `forced by the ${by} header`;
  switch (status) {
    case 401:
      return missingKey();
    case 402:
      return quotaExceeded(1, 0);
    case 403:
      return productNotEnabled();
    case 404:
      return keyNotFound();
    case 406:
      return notAcceptable();
    case 413:
      return errorEnvelope(413, 'PAYLOAD_TOO_LARGE', `The request body is too large (${forced}).`);
    case 415:
      return unsupportedContentEncoding('gzip');
    case 422:
      return validationFailed([{ field: `header.${by}`, type: 'invalid_format', message: `is a 422 ${forced}.` }]);
    case 429:
      return rateLimited(1);
    case 502:
    case 503:
    case 504:
      return faultAnswer({ status });
    default:
      return internalError();
  }
}

/** A stub's own response: its status, headers (lower-case names) and JSON body or none. */
export function responseAnswer(response: NonNullable<StubDefinition['response']>): Answer {
  const headers = Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return {
    status: response.status,
    body: response.body ?? null,
    headers,
    ...(response.body === undefined && { json: '' }),
  };
}

const TRICKLE_PIECES = 10;

/** A body sent in {@link TRICKLE_PIECES} pieces over `trickleMs`: the first at once, the last at `trickleMs`. */
export function trickled(body: PlainAnswer['body'], trickleMs: number): ChunkedBody {
  const text =
    typeof body === 'string'
      ? body
      : body instanceof Uint8Array
        ? new TextDecoder().decode(body)
        : body.chunks.join('');
  const points = Array.from(text);
  const size = Math.max(1, Math.ceil(points.length / TRICKLE_PIECES));
  const chunks: string[] = [];
  for (let at = 0; at < points.length; at += size) chunks.push(points.slice(at, at + size).join(''));
  return { chunks, length: utf8Length(text), paceMs: chunks.length > 1 ? trickleMs / (chunks.length - 1) : 0 };
}
