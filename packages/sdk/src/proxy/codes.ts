import { errorAnswer } from '@flight-search/contract';
/**
 * The `error.code` of every answer the proxy gives itself, never the service's (which pass through unchanged), in the
 * service's envelope `{ error: { code, message } }`.
 * @example
 * import { PROXY_ERROR_CODES } from '@flight-search/sdk/proxy';
 * const body = await response.json();
 * if (body.error?.code === PROXY_ERROR_CODES.BUDGET_EXCEEDED) showBudgetBanner();
 */
export const PROXY_ERROR_CODES = Object.freeze({
  /** 404: not one of the service's three operations under the proxy's prefix; nothing was forwarded. */
  NOT_FOUND: 'PROXY_NOT_FOUND',
  /** 401: the `authorize` hook refused the request (no session); nothing was forwarded. */
  UNAUTHORIZED: 'PROXY_UNAUTHORIZED',
  /** 403: a search from a page of another origin, refused before any hook. */
  CROSS_SITE: 'PROXY_CROSS_SITE',
  /** 415: a search whose `Content-Type` is not JSON, refused before any hook. */
  UNSUPPORTED_MEDIA_TYPE: 'PROXY_UNSUPPORTED_MEDIA_TYPE',
  /** 403: the `beforeSearch` hook refused the search (for example a per-user budget); nothing was forwarded or spent. */
  BUDGET_EXCEEDED: 'BUDGET_EXCEEDED',
  /** 413: the request body is over `bodyLimit`; nothing was forwarded. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** 502: the service could not be reached, or answered with a redirect, which the proxy never follows. */
  BAD_GATEWAY: 'PROXY_BAD_GATEWAY',
  /** 504: the service did not answer within the proxy's `timeoutMs` (35 s by default). */
  GATEWAY_TIMEOUT: 'PROXY_GATEWAY_TIMEOUT',
  /** 499: the browser went away first; the forwarded request was aborted. */
  CLIENT_CLOSED_REQUEST: 'PROXY_CLIENT_CLOSED_REQUEST',
} as const);

/** One of {@link PROXY_ERROR_CODES}. */
export type ProxyErrorCode = (typeof PROXY_ERROR_CODES)[keyof typeof PROXY_ERROR_CODES];

/** The proxy's own answer: the service's envelope (the contract's builder, without a `correlationId`), `application/json`. */
export function proxyError(
  status: number,
  code: ProxyErrorCode,
  message: string,
  headers?: Record<string, string>,
): Response {
  return new Response(JSON.stringify(errorAnswer(status, code, message, {}, false).body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
