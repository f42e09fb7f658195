import { ABORTED, DROP_AFTER_HEADERS, DROP_BEFORE_HEADERS, type Answer, type CoreResult, type MockRequest } from './answer-types.js';
import { authenticate } from './auth/authenticate.js';
import { errorEnvelope, internalError, methodNotAllowed, notAcceptable, rateLimited, routeNotFound } from './errors/envelopes.js';
import { describeFault, faultAnswer, parseScenario, SCENARIO_HEADER, scenarioAnswer, takeFault } from './faults.js';
import { wait } from './provider/wait.js';
import { FALLBACK_MEDIA_TYPE, negotiateMediaType } from './negotiation/negotiate.js';
import type { LogEntry } from './recording/request-log.js';
import { redactPath } from './recording/redaction.js';
import { allowedMethods, matchRoute, type Route, type RouteMatch } from './routes/table.js';
import { scopeOf, type KeyScope, type MockState } from './state.js';

/**
 * The request pipeline, in the order of checks of openapi.yaml (D2): route,
 * `AUTH-1`, `AUTH-2`, `AUTH-3`, `RATE-1`, `NEG-1`, then the route's own rules
 * (validation 422, `QUOTA-1` 402, the provider). Takes a plain request and
 * gives a plain answer (status, headers, JSON text): it is what a mock's
 * `answer` runs, the one entry that the msw handlers, `mock.handle` (src/fetch.ts)
 * and the standalone server (src/node/server.ts) adapt. `null` for requests
 * that are not the service's; `'aborted'` when the client went away.
 */
export async function answerRequest(state: MockState, original: MockRequest): Promise<CoreResult> {
  let request = original;
  const url = new URL(request.url);
  const match = matchRoute(url, request.method, state.options.baseUrls) ?? stubbedPath(state, url);
  if (!match) return null;
  const record = state.log.start(request, url, match.path, state.options.now());
  // Every answer, errors before negotiation included, goes out as the negotiated type when there is one.
  const mediaType = negotiate(request.headers.get('accept'));
  // Looked up by the key sent, before it is authenticated: a key's own fault comes first too (D154).
  const scope = scopeOf(state, request.headers.get('x-api-key'));
  let answer: Answer;
  try {
    // Stubs come first (issue 30): the test declared these answers, over the mock's own rules and faults.
    if (state.stubs.size > 0) {
      const text = await request.text();
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
      const found = state.stubs.match({ method: request.method === 'HEAD' ? 'GET' : request.method, path: match.path, url, headers: request.headers, text });
      if (found !== undefined && 'stub' in found) {
        record.stub = found.stub.id;
        const fault = found.stub.definition.fault;
        if (fault?.delayMs !== undefined) await wait(fault.delayMs, request.signal);
        if (fault?.drop !== undefined) {
          record.endedAt = state.options.now();
          return fault.drop === 'before-headers' ? DROP_BEFORE_HEADERS : DROP_AFTER_HEADERS;
        }
        if (fault === undefined || fault.status !== undefined) return finish(state, request, record, found.stub.answer(), mediaType);
      } else if (found !== undefined) {
        record.nearMiss = { stub: found.nearMiss.stub, differs: found.nearMiss.differs.slice(0, 10) };
        if (state.options.unmatched === 'not-found') {
          const { stub, differs } = record.nearMiss;
          const why = `No stub matches ${request.method} ${redactPath(match.path)}: the nearest, ${stub}, differs in ${differs.join(', ')}.`;
          return finish(state, request, record, errorEnvelope(404, 'HTTP_ERROR', why), mediaType);
        }
      }
    }
    if (!match.route) {
      answer = match.allow === undefined ? routeNotFound(request.method, match.path) : methodNotAllowed(request.method, match.path, match.allow);
    } else if (request.headers.get(SCENARIO_HEADER) !== null) {
      // D128: the request chooses its own answer; no fault, and a forced status consumes nothing.
      const scenario = parseScenario(request.headers.get(SCENARIO_HEADER)!, match.route.name);
      record.scenario = 'problem' in scenario ? request.headers.get(SCENARIO_HEADER)!.trim().slice(0, 200) : scenario.text;
      if ('problem' in scenario) answer = errorEnvelope(400, 'INVALID_MOCK_SCENARIO', scenario.problem);
      else {
        if (scenario.delayMs !== undefined) await wait(scenario.delayMs, request.signal);
        if (scenario.drop) {
          record.endedAt = state.options.now();
          return DROP_BEFORE_HEADERS;
        }
        answer =
          scenario.status !== undefined
            ? scenarioAnswer(scenario.status)
            : await run(state, request, url, match.route, mediaType, record, scope, scenario.providerFailure);
      }
    } else {
      // A service fault comes before the key is looked at: it never consumes quota or a rate-limit slot.
      // The key's own fault first, then the global one (D154).
      const fault = ((scope && takeFault(scope.faults, match.route.name)) ?? takeFault(state.faults, match.route.name))?.fault;
      if (fault !== undefined) {
        record.fault = describeFault(fault);
        if (fault.delayMs !== undefined) await wait(fault.delayMs, request.signal);
        if (fault.drop !== undefined) {
          record.endedAt = state.options.now();
          return fault.drop === 'before-headers' ? DROP_BEFORE_HEADERS : DROP_AFTER_HEADERS;
        }
      }
      answer = fault?.status !== undefined ? faultAnswer(fault) : await run(state, request, url, match.route, mediaType, record, scope);
    }
  } catch (error) {
    if (request.aborted()) return finishAborted(state, record);
    answer = internalError();
    reportUnexpected(error);
  }
  return finish(state, request, record, answer, mediaType);
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
function finish(state: MockState, request: MockRequest, record: LogEntry, answer: Answer, mediaType: string | undefined): CoreResult {
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

async function run(
  state: MockState,
  request: MockRequest,
  url: URL,
  route: Route,
  mediaType: string | undefined,
  record: LogEntry,
  scope: KeyScope | undefined,
  providerFailure?: number,
): Promise<Answer> {
  const auth = authenticate(request.headers, state.ledgers, route.product);
  if (!auth.ok) return auth.answer;
  // The key's own limit replaces the global one (D154).
  const limiter = scope?.rateLimiter ?? state.rateLimiter;
  if (limiter) {
    const taken = limiter.take(auth.key, state.options.now());
    if (!taken.ok) return rateLimited(taken.retryAfterSeconds);
  }
  if (mediaType === undefined) return notAcceptable();
  return route.run({ request, url, ledger: auth.ledger, state, record, scope, ...(providerFailure !== undefined && { providerFailure }) });
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
