import { PROXY_ERROR_CODES, proxyError } from './codes.js';
import {
  resolveProxyOptions,
  type FlightSearchProxyOptions,
  type ProxyVerdict,
  type ResolvedProxyOptions,
} from './options.js';
import { redactText, type Secret, secretForms, StreamRedactor } from './redact.js';

/** A Fetch-standard request handler. */
export type FlightSearchProxy = (request: Request) => Promise<Response>;

/** The service's three operations, the only requests the proxy forwards. */
const OPERATIONS: readonly { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: '/flights/search' },
  { method: 'GET', path: '/intelligence/flights/history' },
  { method: 'GET', path: '/quota' },
];

/** Request headers passed on to the service; everything else (cookies, the browser's own `x-api-key`) stays behind. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'content-type'] as const;

/**
 * Answer headers passed back: what a client reads. Never `Set-Cookie`, hop-by-hop headers, or `Content-Encoding`/`Content-Length`
 * (fetch has decoded the body).
 */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'retry-after',
  'cache-control',
  'vary',
  'x-request-id',
  'request-id',
  'x-correlation-id',
  'correlation-id',
  'ratelimit',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;

const ROUTES_TEXT = (prefix: string) => OPERATIONS.map((op) => `${op.method} ${prefix}${op.path}`).join(', ');

/**
 * A same-origin route for browsers: forwards the service's three operations with the server's API key, so no key
 * reaches page code. Fetch-standard: it mounts in Hono, Next.js, Workers, Deno and Bun, and in `node:http` or Express
 * through `toNodeHandler`. Other routes are a 404; the key is redacted from answers; a redirect is never followed.
 * @example
 * const proxy = createFlightSearchProxy({
 *   apiKey: process.env.FLIGHT_SEARCH_API_KEY!,
 *   baseUrl: 'https://api.example.com',
 *   authorize: (request) => request.headers.get('cookie')?.includes('session=') === true,
 *   beforeSearch: ({ cost }) => budget.tryToSpend(cost), // false: 403 BUDGET_EXCEEDED
 * });
 * export default { fetch: proxy }; // Workers, Bun, Deno
 */
export function createFlightSearchProxy(options: FlightSearchProxyOptions): FlightSearchProxy {
  const config = resolveProxyOptions(options);
  const proxy: Proxy = { ...config, secrets: secretForms(config.apiKey) };
  const routes = new Map(OPERATIONS.map((op) => [`${op.method} ${config.prefix}${op.path}`, op]));
  const notFoundMessage = `Not an operation of the flight search proxy; it serves ${ROUTES_TEXT(config.prefix)}.`;

  return async function flightSearchProxy(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const operation = routes.get(`${request.method} ${url.pathname}`);
    if (operation === undefined) return proxyError(404, PROXY_ERROR_CODES.NOT_FOUND, notFoundMessage);
    let refusal = admit(request, url, operation, config);
    if (refusal instanceof Promise) refusal = await refusal;
    if (refusal) return refusal;
    const body = operation.method === 'POST' ? await readSearch(request, config) : undefined;
    if (body instanceof Response) return body;
    return forward(request, `${config.baseUrl}${operation.path}${url.search}`, operation.method, body, proxy);
  };
}

/** The resolved options and the key's forms. */
type Proxy = ResolvedProxyOptions & { secrets: Secret[] };
type Operation = (typeof OPERATIONS)[number];

/**
 * The refusal of a request the proxy does not take, or `undefined`. A page of another site can make the browser send
 * a search with the user's cookie, so a search must come from an allowed origin and be JSON, before `authorize` sees it.
 */
function admit(
  request: Request,
  url: URL,
  operation: Operation,
  { authorize, allowedOrigins }: ResolvedProxyOptions,
): Refusal | Promise<Refusal> {
  if (operation.method === 'POST') {
    if (!fromAllowedOrigin(request, url.origin, allowedOrigins))
      return proxyError(
        403,
        PROXY_ERROR_CODES.CROSS_SITE,
        'The proxy refused a search from another site: its origin is not allowed (allowedOrigins).',
      );
    if (!JSON_TYPE.test(request.headers.get('content-type') ?? ''))
      return (async () => {
        await request.body?.cancel().catch(() => {});
        return proxyError(415, PROXY_ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, 'A search must be sent as application/json.');
      })();
  }
  // No await without a hook: a body is refused by its Content-Length before its stream is pulled.
  if (authorize === undefined) return undefined;
  return (async () => {
    const refusal = refused(await authorize(request));
    if (refusal !== undefined)
      return (
        refusal ?? proxyError(401, PROXY_ERROR_CODES.UNAUTHORIZED, 'The proxy refused the request: sign in first.')
      );
  })();
}

type Refusal = Response | undefined;

/** A search's body, read up to `bodyLimit` and priced by `beforeSearch`; or the refusal to answer with. */
async function readSearch(
  request: Request,
  { bodyLimit, beforeSearch }: ResolvedProxyOptions,
): Promise<Uint8Array | undefined | Response> {
  const body = await readBounded(request, bodyLimit);
  if (body === 'too-large')
    return proxyError(413, PROXY_ERROR_CODES.PAYLOAD_TOO_LARGE, `The request body exceeds ${bodyLimit} bytes.`);
  if (body === 'broken')
    return proxyError(499, PROXY_ERROR_CODES.CLIENT_CLOSED_REQUEST, 'The client broke off its request body.');
  if (beforeSearch === undefined) return body;
  const parsed = parseJson(body);
  const cost = (parsed as { tripType?: unknown } | undefined)?.tripType === 'ONE_WAY' ? 1 : 2;
  const refusal = refused(await beforeSearch({ request, body: parsed, cost }));
  if (refusal !== undefined) {
    const units = `${cost} quota unit${cost === 1 ? '' : 's'}`;
    return (
      refusal ??
      proxyError(
        403,
        PROXY_ERROR_CODES.BUDGET_EXCEEDED,
        `The proxy refused the search: it costs ${units}, more than this user may spend.`,
      )
    );
  }
  // Forward exactly what the hook priced, re-serialized: no parser can read it as a costlier search.
  return parsed === undefined ? body : new TextEncoder().encode(JSON.stringify(parsed));
}

/**
 * The forwarded request's controller, aborted by the time-out or the browser and armed until `release`;
 * `failure` says why the exchange failed in words that name no address.
 */
function link(request: Request, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(
      new DOMException(`The flight search service did not answer within ${timeoutMs} ms.`, 'TimeoutError'),
    );
  }, timeoutMs);
  const onBrowserAbort = () => controller.abort(request.signal.reason);
  if (request.signal.aborted) onBrowserAbort();
  else request.signal.addEventListener('abort', onBrowserAbort);
  return {
    controller,
    timedOut: () => timedOut,
    release: () => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onBrowserAbort);
    },
    failure: (unreachable: string) => {
      if (timedOut)
        return proxyError(
          504,
          PROXY_ERROR_CODES.GATEWAY_TIMEOUT,
          `The flight search service did not answer within ${timeoutMs} ms.`,
        );
      if (request.signal.aborted)
        return proxyError(499, PROXY_ERROR_CODES.CLIENT_CLOSED_REQUEST, 'The request was aborted by the client.');
      return proxyError(502, PROXY_ERROR_CODES.BAD_GATEWAY, unreachable);
    },
  };
}

/** Sends the request to the service with only `Accept`, `Content-Type` and the key. */
async function forward(
  request: Request,
  target: string,
  method: Operation['method'],
  body: Uint8Array | undefined,
  proxy: Proxy,
): Promise<Response> {
  const headers = new Headers({ 'x-api-key': proxy.apiKey });
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null && (name !== 'content-type' || body !== undefined)) headers.set(name, value);
  }
  const exchange = link(request, proxy.timeoutMs);
  let upstream: Response;
  try {
    const init: RequestInit = {
      method,
      headers,
      body: body as BodyInit | undefined,
      redirect: 'manual',
      signal: exchange.controller.signal,
    };
    upstream = await (proxy.fetch === undefined ? fetch(target, init) : proxy.fetch(new Request(target, init)));
  } catch {
    exchange.release();
    return exchange.failure('The flight search service could not be reached.');
  }
  if (upstream.type === 'opaqueredirect' || (upstream.status >= 300 && upstream.status < 400)) {
    exchange.release();
    exchange.controller.abort();
    await upstream.body?.cancel().catch(() => {});
    return proxyError(
      502,
      PROXY_ERROR_CODES.BAD_GATEWAY,
      'The flight search service answered with a redirect, which the proxy does not follow.',
    );
  }
  return answer(upstream, proxy, exchange);
}

/** The service's answer as the browser gets it, the key redacted. */
async function answer(
  upstream: Response,
  { apiKey, secrets }: Proxy,
  exchange: ReturnType<typeof link>,
): Promise<Response> {
  const { release } = exchange;
  const headers = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, redactText(value, apiKey));
  }
  const init = { status: upstream.status, statusText: redactText(upstream.statusText, apiKey), headers };
  if (upstream.status === 204 || upstream.status === 205 || upstream.body === null) {
    release();
    await upstream.body?.cancel().catch(() => {});
    return new Response(null, init);
  }
  // A small answer of known size is read whole and redacted in one pass; others stream through.
  if (!(Number(upstream.headers.get('content-length') ?? Number.NaN) <= SMALL_ANSWER))
    return new Response(redacted(upstream.body, secrets, release, exchange.controller, exchange.timedOut), init);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await upstream.arrayBuffer());
  } catch {
    release();
    return exchange.failure('The flight search service broke off its answer.');
  }
  release();
  return new Response(redactAll(bytes, secrets) as BodyInit, init);
}

/** `application/json` or a `+json` type: none is a type a page may send elsewhere without a CORS preflight. */
const JSON_TYPE = /^\s*(?:application\/json|[\w!#$&^.-]+\/[\w!#$&^.-]+\+json)\s*(?:;|$)/i;

/**
 * Whether a request comes from a page the proxy serves: its `Origin` is its own or `allowed`, else `Sec-Fetch-Site`
 * says `same-origin` or `none`; neither header means no browser. `Origin: null` is never allowed.
 */
function fromAllowedOrigin(request: Request, own: string, allowed: readonly string[]): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null && (origin === own || allowed.includes(origin))) return true;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' || site === 'none';
  return origin === null;
}

/** Answers up to this size are read whole before they are passed on. */
const SMALL_ANSWER = 64 * 1024;

/** `bytes` with every secret redacted; the same array when none is in it. */
function redactAll(bytes: Uint8Array, secrets: Secret[]): Uint8Array {
  let out = bytes;
  for (const secret of secrets) {
    const parts = new StreamRedactor(secret).push(out, true);
    if (parts.length === 1 && parts[0]!.byteLength === out.byteLength) continue;
    const joined = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.byteLength;
    }
    out = joined;
  }
  return out;
}

/** `undefined` to go on; `null` for the default refusal; a `Response` to answer with it. */
function refused(verdict: ProxyVerdict | unknown): Response | null | undefined {
  if (verdict === true) return undefined;
  return verdict instanceof Response ? verdict : null;
}

/**
 * The request's body, read up to `limit` bytes: a `Content-Length` over it is refused unread, a longer body cancelled
 * where it crosses it. `undefined` for an empty body; `'broken'` when it fails before its end.
 */
async function readBounded(request: Request, limit: number): Promise<Uint8Array | undefined | 'too-large' | 'broken'> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) {
    await request.body?.cancel().catch(() => {});
    return 'too-large';
  }
  if (request.body === null) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      return 'broken';
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return 'too-large';
    }
    chunks.push(value);
  }
  if (size === 0) return undefined;
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

function parseJson(body: Uint8Array | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

/**
 * The service's answer body, passed on as it streams with the key redacted; `release` runs once it has ended,
 * failed or was cancelled by the browser (which also aborts the forwarded request).
 */
function redacted(
  body: ReadableStream<Uint8Array>,
  secrets: Secret[],
  release: () => void,
  controller: AbortController,
  timedOut: () => boolean,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const redactors = secrets.map((secret) => new StreamRedactor(secret));
  const pass = (chunk: Uint8Array, last: boolean): Uint8Array[] => {
    let parts = [chunk];
    for (const redactor of redactors) parts = redactRun(redactor, parts, last);
    return parts;
  };
  return new ReadableStream<Uint8Array>({
    async pull(stream) {
      try {
        // Until something can be passed on: a chunk shorter than the key may be held back whole,
        // and a pull that enqueues nothing is not called again.
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            release();
            for (const part of pass(new Uint8Array(0), true)) stream.enqueue(part);
            stream.close();
            return;
          }
          const parts = pass(value, false);
          for (const part of parts) stream.enqueue(part);
          if (parts.length > 0) return;
        }
      } catch {
        release();
        stream.error(
          timedOut()
            ? new DOMException('The flight search service did not finish its answer in time.', 'TimeoutError')
            : new TypeError('The flight search service broke off its answer.'),
        );
      }
    },
    async cancel(reason) {
      release();
      controller.abort(reason);
      await reader.cancel(reason).catch(() => {});
    },
  });
}

/** Feeds `parts` through one redactor; only the last part flushes. */
function redactRun(redactor: StreamRedactor, parts: Uint8Array[], last: boolean): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const [i, part] of parts.entries()) out.push(...redactor.push(part, last && i === parts.length - 1));
  if (parts.length === 0 && last) out.push(...redactor.push(new Uint8Array(0), true));
  return out;
}
