import { ABORTED, DROP_AFTER_HEADERS, DROP_BEFORE_HEADERS, type Answer, type ChunkedBody, type CoreResult, type MockRequest, type PlainAnswer } from './answer.js';
import { authenticate } from './auth/authenticate.js';
import { ANSWER_CHUNK_BYTES } from './history/query.js';
import { internalError, methodNotAllowed, notAcceptable, rateLimited, routeNotFound } from './errors/envelopes.js';
import { describeFault, faultAnswer, takeFault } from './faults.js';
import { wait } from './provider/wait.js';
import { FALLBACK_MEDIA_TYPE, negotiateMediaType } from './negotiation/negotiate.js';
import type { LogEntry } from './recording/request-log.js';
import { matchRoute, type Route } from './routes/table.js';
import type { MockState } from './state.js';

/**
 * The request pipeline, in the order of checks of openapi.yaml (D2): route,
 * `AUTH-1`, `AUTH-2`, `AUTH-3`, `RATE-1`, `NEG-1`, then the route's own rules
 * (validation 422, `QUOTA-1` 402, the provider). Takes a plain request and
 * gives a plain answer (status, headers, JSON text), so the msw handlers and
 * the standalone server are two thin adapters over it. `null` for requests
 * that are not the service's; `'aborted'` when the client went away.
 */
export async function answerRequest(state: MockState, request: MockRequest): Promise<CoreResult> {
  const url = new URL(request.url);
  const match = matchRoute(url, request.method, state.options.baseUrl);
  if (!match) return null;
  const record = state.log.start(request, url, match.path, state.options.now());
  // Every answer, errors before negotiation included, goes out as the negotiated type when there is one.
  const accept = request.headers.get('accept');
  const mediaType = negotiate(accept);
  let answer: Answer;
  try {
    if (!match.route) {
      answer = match.allow === undefined ? routeNotFound(request.method, match.path) : methodNotAllowed(request.method, match.path, match.allow);
    } else {
      // A service fault comes before the key is looked at: it never consumes quota or a rate-limit slot.
      const fault = takeFault(state.faults, match.route.name)?.fault;
      if (fault !== undefined) {
        record.fault = describeFault(fault);
        if (fault.delayMs !== undefined) await wait(fault.delayMs, request.signal);
        if (fault.drop !== undefined) {
          record.endedAt = state.options.now();
          return fault.drop === 'before-headers' ? DROP_BEFORE_HEADERS : DROP_AFTER_HEADERS;
        }
      }
      answer = fault?.status !== undefined ? faultAnswer(fault) : await run(state, request, url, match.route, mediaType, accept, record);
    }
  } catch (error) {
    if (request.aborted()) return finishAborted(state, record);
    answer = internalError();
    reportUnexpected(error);
  }
  if (request.aborted()) return finishAborted(state, record);
  record.status = answer.status;
  record.endedAt = state.options.now();
  const contentType = answer.status === 406 ? FALLBACK_MEDIA_TYPE : (mediaType ?? FALLBACK_MEDIA_TYPE);
  return {
    status: answer.status,
    headers: answer.headers ? { 'content-type': contentType, ...answer.headers } : { 'content-type': contentType },
    body: answer.chunks ?? answer.bytes ?? answer.json ?? JSON.stringify(answer.body),
  };
}

/**
 * The Fetch adapter: answers a standard `Request` with a `Response` (what the
 * msw handlers and `mock.handle` use). An abandoned request resolves to
 * `Response.error()`, as a network error would.
 */
export async function handle(state: MockState, request: Request): Promise<Response | null> {
  const result = await answerRequest(state, fromFetch(request));
  if (result === null) return null;
  // A dropped connection is a network error through Fetch (msw's `HttpResponse.error()`): no headers can be half-sent.
  if (result === ABORTED || result === DROP_BEFORE_HEADERS || result === DROP_AFTER_HEADERS) return Response.error();
  const body = result.body;
  // A HEAD answer is GET's status and headers without the body; its Content-Length says what GET would send.
  if (request.method === 'HEAD') {
    return new Response(null, { status: result.status, headers: { ...result.headers, 'content-length': String(byteLength(body)) } });
  }
  // Pieces (history) go as a stream of them: no join, and no copy of one big buffer by undici.
  if (typeof body === 'object' && !(body instanceof Uint8Array)) return new Response(streamOf(body), { status: result.status, headers: result.headers });
  // Large answers go as bytes: a string body costs undici a USV scan of the whole text.
  return new Response(typeof body === 'string' && body.length > 4096 ? encoder.encode(body) : body, { status: result.status, headers: result.headers });
}

/** The length in bytes of an answer's body. */
function byteLength(body: PlainAnswer['body']): number {
  if (typeof body === 'string') return encoder.encode(body).length;
  return body.length;
}

/**
 * A chunked body as a stream: each pull copies the next {@link ANSWER_CHUNK_BYTES}
 * or so into a buffer of its own (a reader may transfer what it is given; the
 * pieces themselves are shared with the history store).
 */
function streamOf(body: ChunkedBody): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let size = 0;
      let end = next;
      while (end < body.chunks.length && (size === 0 || size + body.chunks[end]!.length <= ANSWER_CHUNK_BYTES)) size += body.chunks[end++]!.length;
      const out = new Uint8Array(size);
      let at = 0;
      for (; next < end; next++) {
        out.set(body.chunks[next]!, at);
        at += body.chunks[next]!.length;
      }
      if (size > 0) controller.enqueue(out);
      if (next >= body.chunks.length) controller.close();
    },
  });
}

const encoder = new TextEncoder();

/** A Fetch `Request` as the rules read it. */
export function fromFetch(request: Request): MockRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    rawHeaders: () => {
      const pairs: string[] = [];
      request.headers.forEach((value, name) => {
        pairs.push(name, value);
      });
      return pairs;
    },
    text: () => request.text(),
    get signal() {
      return request.signal;
    },
    aborted: () => request.signal.aborted,
  };
}

async function run(
  state: MockState,
  request: MockRequest,
  url: URL,
  route: Route,
  mediaType: string | undefined,
  accept: string | null,
  record: LogEntry,
): Promise<Answer> {
  const auth = authenticate(request.headers, state.ledgers, route.product);
  if (!auth.ok) return auth.answer;
  if (state.rateLimiter) {
    const taken = state.rateLimiter.take(auth.key, state.options.now());
    if (!taken.ok) return rateLimited(taken.retryAfterSeconds);
  }
  if (mediaType === undefined) return notAcceptable(accept ?? '');
  return route.run({ request, url, ledger: auth.ledger, state, record });
}

/** `negotiateMediaType` is a pure function of the header: the answers for the last few distinct headers are kept. */
const negotiated = new Map<string | null, string | undefined>();
const NEGOTIATED_CAP = 64;
function negotiate(accept: string | null): string | undefined {
  if (negotiated.has(accept)) return negotiated.get(accept);
  const mediaType = negotiateMediaType(accept);
  if (negotiated.size >= NEGOTIATED_CAP) negotiated.clear();
  negotiated.set(accept, mediaType);
  return mediaType;
}

/** The client went away: nobody reads an answer. */
function finishAborted(state: MockState, record: LogEntry): typeof ABORTED {
  record.aborted = true;
  record.endedAt = state.options.now();
  return ABORTED;
}

/** The 500 answer never carries the error; the console is where a developer looks for it. */
function reportUnexpected(error: unknown): void {
  console.error('[flight-search-mock] unexpected error', error);
}
