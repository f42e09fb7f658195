import type { IncomingMessage } from 'node:http';
import { rawHeader } from './request.js';

/** Which browser origins may call the server: a list of exact origins, or `'*'` for any. */
export interface CorsOptions {
  /** Exact origins such as `'http://localhost:5173'`, or `'*'` for any origin. */
  origins: string[] | '*';
}

// The headers the SDK sends; anything else a page asks for is added to these.
const BASE_ALLOWED_HEADERS = ['accept', 'content-type', 'x-api-key'];
// Retry-After drives the SDK's RateLimitError in a browser; X-Mock-Warnings names unknown request fields (D119).
// Neither is CORS-safelisted.
const EXPOSED_HEADERS = 'Retry-After, X-Mock-Warnings';
const ALLOWED_METHODS = 'GET, POST, PUT, OPTIONS';

/** CORS headers for one request, or `null` without an `Origin` or for one not allowed. */
export function corsHeaders(req: IncomingMessage, cors: CorsOptions | false): Record<string, string> | null {
  const origin = rawHeader(req.rawHeaders, 'origin');
  if (!cors || origin === null) return null;
  if (cors.origins === '*')
    return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS };
  if (!cors.origins.includes(origin)) return null;
  return { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': EXPOSED_HEADERS };
}

/** A CORS preflight: an OPTIONS request that names the method it wants to send. */
export function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === 'OPTIONS' &&
    req.headers.origin !== undefined &&
    req.headers['access-control-request-method'] !== undefined
  );
}

/** The extra headers of a preflight answer (on top of `corsHeaders`). */
export function preflightHeaders(req: IncomingMessage): Record<string, string> {
  const requested = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const allowed = [...new Set([...BASE_ALLOWED_HEADERS, ...requested])];
  return {
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': allowed.join(', '),
    'access-control-max-age': '600',
  };
}
