import { ABORTED, DROP_AFTER_HEADERS, DROP_BEFORE_HEADERS, type Answer, type CoreResult, type MockRequest, type PlainAnswer } from './answer-types.js';
import { authenticate } from './auth/authenticate.js';
import { errorEnvelope, internalError, methodNotAllowed, notAcceptable, rateLimited, routeNotFound } from './errors/envelopes.js';
import { wait } from './provider/wait.js';
import { FALLBACK_MEDIA_TYPE, negotiateMediaType } from './negotiation/negotiate.js';
import type { LogEntry } from './recording/request-log.js';
import { redactPath } from './recording/redaction.js';
import { allowedMethods, matchRoute, type Route, type RouteMatch } from './routes/table.js';
import type { MockState } from './state.js';
import { describeFault, faultAnswer, responseAnswer, trickled } from './stubs/answers.js';
import type { StubRequest } from './stubs/set.js';
import { headerStubs } from './stubs/shortcuts.js';
import type { ProgramBehavior } from './types.js';

/**
 * The request pipeline, in the order of checks of openapi.yaml (D2): route, the stubs (every override:
 * a test's stubs, the request's own scenario header, faults, program behaviours), `AUTH-1`, `AUTH-2`,
 * `AUTH-3`, `RATE-1`, `NEG-1`, then the route's own rules (validation 422, `QUOTA-1` 402, the provider).
 * Takes a plain request and gives a plain answer (status, headers, JSON text): it is what a mock's
 * `answer` runs, the one entry that the msw handlers, `mock.handle` (src/fetch.ts) and the standalone
 * server (src/node/server.ts) adapt. `null` for requests that are not the service's; `'aborted'` when the client went away.
 */
export async function answerRequest(state: MockState, original: MockRequest): Promise<CoreResult> {
  const url = new URL(original.url);
  const match = matchRoute(url, original.method, state.options.baseUrls) ?? stubbedPath(state, url);
  if (!match) return null;
  const record = state.log.start(original, url, match.path, state.options.now());
  // Every answer, errors before negotiation included, goes out as the negotiated type when there is one.
  const mediaType = negotiate(original.headers.get('accept'));
  let request = original;
  let answer: Answer | undefined;
  let trickleMs: number | undefined;
  try {
    const header = match.route && headerStubs(original.headers, match.route.name);
    if (header) record.scenario = header.text;
    if (header && 'problem' in header) answer = errorEnvelope(400, 'INVALID_MOCK_SCENARIO', header.problem);
    else if (state.stubs.size > 0 || header) {
      // The one place an override is found and applied: the stubs the request uses, in order.
      const text = await original.text();
      state.log.recordBody(record, text);
      // The body is read once here; the rules read it again through this copy.
      request = {
        method: original.method,
        url: original.url,
        headers: original.headers,
        rawHeaders: () => original.rawHeaders(),
        text: () => Promise.resolve(text),
        get signal() {
          return original.signal;
        },
        aborted: () => original.aborted(),
      };
      const found = state.stubs.match(stubRequest(request, match.path, url, text), header?.stubs);
      let provider: ProgramBehavior | undefined;
      for (const stub of found.used) {
        const { fault, response } = stub.definition;
        if (stub.order > 0) record.stub = stub.id;
        if (fault !== undefined) record.fault = describeFault(fault);
        if (fault?.delayMs !== undefined) await wait(fault.delayMs, request.signal);
        if (fault?.drop !== undefined) {
          record.endedAt = state.options.now();
          return fault.drop === 'before-headers' ? DROP_BEFORE_HEADERS : DROP_AFTER_HEADERS;
        }
        trickleMs = fault?.trickleMs ?? trickleMs;
        answer = fault?.status !== undefined ? faultAnswer(fault) : response && responseAnswer(response);
        provider = stub.definition.provider ?? provider;
      }
      if (found.nearMiss) {
        record.nearMiss = found.nearMiss;
        const { stub, differs } = found.nearMiss;
        const why = `No stub matches ${request.method} ${redactPath(match.path)}: the nearest, ${stub}, differs in ${differs.join(', ')}.`;
        if (state.options.unmatched === 'not-found') answer = errorEnvelope(404, 'HTTP_ERROR', why);
      }
      if (answer === undefined && match.route) answer = await run(state, request, url, match.route, mediaType, record, provider);
    } else if (match.route) answer = await run(state, request, url, match.route, mediaType, record);
    answer ??= match.route || match.allow === undefined ? routeNotFound(request.method, match.path) : methodNotAllowed(request.method, match.path, match.allow);
  } catch (error) {
    if (request.aborted()) return finishAborted(state, record);
    answer = internalError();
    reportUnexpected(error);
  }
  return finish(state, request, record, answer, mediaType, trickleMs);
}

/** The request as the stubs read it: the body's text read once, parsed at most once however many stubs look into it. */
function stubRequest(request: MockRequest, path: string, url: URL, text: string): StubRequest {
  let parsed: { value: unknown } | undefined;
  const json = () => {
    if (parsed === undefined) {
      try {
        parsed = { value: JSON.parse(text) };
      } catch {
        parsed = { value: text };
      }
    }
    return parsed.value;
  };
  return { method: request.method === 'HEAD' ? 'GET' : request.method, path, url, headers: request.headers, text, json };
}

/**
 * With any origin (no `baseUrl`, or `'*'`), a request the service has no route for is still the mock's
 * when a stub names its path (D161): a stub may answer any path, such as a played-back record's.
 */
function stubbedPath(state: MockState, url: URL): RouteMatch | null {
  if (state.options.baseUrls !== undefined || state.stubs.size === 0 || !state.stubs.names(url.pathname)) return null;
  const allow = allowedMethods(url.pathname);
  return allow === undefined ? { route: undefined, path: url.pathname } : { route: undefined, path: url.pathname, allow };
}

/** The answer as it goes out, recorded; every answer, errors before negotiation included, as the negotiated type when there is one. */
function finish(state: MockState, request: MockRequest, record: LogEntry, answer: Answer, mediaType: string | undefined, trickleMs?: number): CoreResult {
  if (request.aborted()) return finishAborted(state, record);
  record.status = answer.status;
  record.endedAt = state.options.now();
  const contentType = answer.status === 406 ? FALLBACK_MEDIA_TYPE : (mediaType ?? FALLBACK_MEDIA_TYPE);
  const body: PlainAnswer['body'] = answer.chunks ?? answer.bytes ?? answer.json ?? JSON.stringify(answer.body);
  return {
    status: answer.status,
    headers: answer.headers ? { 'content-type': contentType, ...answer.headers } : { 'content-type': contentType },
    body: trickleMs === undefined ? body : trickled(body, trickleMs),
  };
}

async function run(
  state: MockState,
  request: MockRequest,
  url: URL,
  route: Route,
  mediaType: string | undefined,
  record: LogEntry,
  provider?: ProgramBehavior,
): Promise<Answer> {
  const auth = authenticate(request.headers, state.ledgers, route.product);
  if (!auth.ok) return auth.answer;
  // The key's own limit replaces the global one (D154).
  const limiter = state.scopes.get(auth.key)?.rateLimiter ?? state.rateLimiter;
  if (limiter) {
    const taken = limiter.take(auth.key, state.options.now());
    if (!taken.ok) return rateLimited(taken.retryAfterSeconds);
  }
  if (mediaType === undefined) return notAcceptable();
  return route.run({ request, url, ledger: auth.ledger, state, record, ...(provider !== undefined && { provider }) });
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
