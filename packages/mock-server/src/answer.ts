import {
  ABORTED,
  DROP_AFTER_HEADERS,
  DROP_BEFORE_HEADERS,
  type Answer,
  type CoreResult,
  type MockRequest,
  type PlainAnswer,
} from './answer-types.js';
import { authenticate } from './auth/authenticate.js';
import {
  errorEnvelope,
  internalError,
  methodNotAllowed,
  notAcceptable,
  rateLimited,
  routeNotFound,
} from './errors/envelopes.js';
import { wait } from './provider/wait.js';
import { FALLBACK_MEDIA_TYPE, negotiateMediaType } from './negotiation/negotiate.js';
import type { LogEntry } from './recording/request-log.js';
import { redactPath } from './recording/redaction.js';
import { allowedMethods, matchRoute, type Route, type RouteMatch } from './routes/table.js';
import type { MockState } from './state.js';
import { describeFault, faultAnswer, responseAnswer, trickled } from './stubs/answers.js';
import type { Stub, StubRequest } from './stubs/set.js';
import { headerStubs } from './stubs/shortcuts.js';
import type { ProgramBehavior } from './types.js';

/**
 * The request pipeline, in openapi.yaml's order of checks (D2): route, stubs, `AUTH-1..3`, `RATE-1`, `NEG-1`,
 * the route's rules. `null` for requests that are not the service's; `'aborted'` when the client went away.
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
      const text = await original.text();
      state.log.recordBody(record, text);
      request = withText(original, text);
      const stubbed = await applyStubs(
        state,
        request,
        stubRequest(request, match.path, url, text),
        record,
        header?.stubs,
      );
      if (typeof stubbed === 'string') return stubbed;
      ({ answer, trickleMs } = stubbed);
      if (answer === undefined && match.route)
        answer = await run(state, request, url, match.route, mediaType, record, stubbed.provider);
    } else if (match.route) answer = await run(state, request, url, match.route, mediaType, record);
    answer ??=
      match.route || match.allow === undefined
        ? routeNotFound(request.method, match.path)
        : methodNotAllowed(request.method, match.path, match.allow);
  } catch (error) {
    if (request.aborted()) return finishAborted(state, record);
    answer = internalError();
    reportUnexpected(error);
  }
  return finish(state, request, record, answer, mediaType, trickleMs);
}

/** The request with its body read once: the rules read it again through this copy. */
function withText(original: MockRequest, text: string): MockRequest {
  return {
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
}

type Stubbed = { answer?: Answer; trickleMs?: number; provider?: ProgramBehavior };

/** The one place an override is applied: the stubs the request uses, in order; a drop ends it. */
async function applyStubs(
  state: MockState,
  client: MockRequest,
  request: StubRequest,
  record: LogEntry,
  transient: Stub[] | undefined,
): Promise<Stubbed | typeof DROP_BEFORE_HEADERS | typeof DROP_AFTER_HEADERS> {
  const found = state.stubs.match(request, transient);
  const stubbed: Stubbed = {};
  for (const stub of found.used) {
    const { fault, response, provider } = stub.definition;
    if (stub.order > 0) record.stub = stub.id;
    if (fault !== undefined) record.fault = describeFault(fault);
    if (fault?.delayMs !== undefined) await wait(fault.delayMs, client.signal);
    if (fault?.drop !== undefined) {
      record.endedAt = state.options.now();
      return fault.drop === 'before-headers' ? DROP_BEFORE_HEADERS : DROP_AFTER_HEADERS;
    }
    stubbed.trickleMs = fault?.trickleMs ?? stubbed.trickleMs;
    stubbed.answer = fault?.status !== undefined ? faultAnswer(fault) : response && responseAnswer(response);
    stubbed.provider = provider ?? stubbed.provider;
  }
  if (found.nearMiss) {
    record.nearMiss = found.nearMiss;
    const { stub, differs } = found.nearMiss;
    const why = `No stub matches ${record.method} ${redactPath(request.path)}: the nearest, ${stub}, differs in ${differs.join(', ')}.`;
    if (state.options.unmatched === 'not-found') stubbed.answer = errorEnvelope(404, 'HTTP_ERROR', why);
  }
  return stubbed;
}

/** The request as the stubs read it, the body parsed at most once. */
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
  return {
    method: request.method === 'HEAD' ? 'GET' : request.method,
    path,
    url,
    headers: request.headers,
    text,
    json,
  };
}

/** With any origin, a request of a path no route has is the mock's when a stub names the path (D161). */
function stubbedPath(state: MockState, url: URL): RouteMatch | null {
  if (state.options.baseUrls !== undefined || state.stubs.size === 0 || !state.stubs.names(url.pathname)) return null;
  const allow = allowedMethods(url.pathname);
  return allow === undefined
    ? { route: undefined, path: url.pathname }
    : { route: undefined, path: url.pathname, allow };
}

/** The answer as it goes out, recorded, as the negotiated type when there is one. */
function finish(
  state: MockState,
  request: MockRequest,
  record: LogEntry,
  answer: Answer,
  mediaType: string | undefined,
  trickleMs?: number,
): CoreResult {
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

/** `negotiateMediaType`'s answers for the last few distinct headers. */
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

/** The 500 answer never carries the error: the console does. */
function reportUnexpected(error: unknown): void {
  console.error('[flight-search-mock] unexpected error', error);
}
