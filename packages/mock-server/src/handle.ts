import type { Answer } from './answer.js';
import { authenticate } from './auth/authenticate.js';
import { internalError, notAcceptable, rateLimited, routeNotFound } from './errors/envelopes.js';
import { FALLBACK_MEDIA_TYPE, negotiateMediaType } from './negotiation/negotiate.js';
import { matchRoute, type Route } from './routes/table.js';
import type { MockState } from './state.js';
import type { RecordedRequest } from './types.js';

/**
 * The request pipeline, in the order of checks of openapi.yaml (D2): route,
 * `AUTH-1`, `AUTH-2`, `AUTH-3`, `RATE-1`, `NEG-1`, then the route's own rules
 * (validation 422, `QUOTA-1` 402, the provider). Returns `null` for requests
 * that are not the service's.
 */
export async function handle(state: MockState, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const match = matchRoute(url, request.method, state.options.baseUrl);
  if (!match) return null;
  const record = state.log.start(request, match.path, state.options.now());
  // Every answer, errors before negotiation included, goes out as the negotiated type when there is one.
  const mediaType = negotiateMediaType(request.headers.get('accept'));
  let answer: Answer;
  try {
    answer = match.route ? await run(state, request, url, match.route, mediaType, record) : routeNotFound(request.method, match.path);
  } catch (error) {
    if (request.signal.aborted) return finishAborted(state, record);
    answer = internalError();
    reportUnexpected(error);
  }
  if (request.signal.aborted) return finishAborted(state, record);
  record.status = answer.status;
  record.endedAt = state.options.now();
  const contentType = answer.status === 406 ? FALLBACK_MEDIA_TYPE : (mediaType ?? FALLBACK_MEDIA_TYPE);
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': contentType, ...answer.headers },
  });
}

async function run(
  state: MockState,
  request: Request,
  url: URL,
  route: Route,
  mediaType: string | undefined,
  record: RecordedRequest,
): Promise<Answer> {
  const auth = authenticate(request.headers, state.ledgers, route.product);
  if (!auth.ok) return auth.answer;
  if (state.rateLimiter) {
    const taken = state.rateLimiter.take(auth.key, state.options.now());
    if (!taken.ok) return rateLimited(taken.retryAfterSeconds);
  }
  if (mediaType === undefined) return notAcceptable(request.headers.get('accept') ?? '');
  return route.run({ request, url, ledger: auth.ledger, state, record });
}

/** The client went away: nobody reads an answer, so answer as a network error would. */
function finishAborted(state: MockState, record: RecordedRequest): Response {
  record.aborted = true;
  record.endedAt = state.options.now();
  return Response.error();
}

/** The 500 answer never carries the error; the console is where a developer looks for it. */
function reportUnexpected(error: unknown): void {
  console.error('[flight-search-mock] unexpected error', error);
}
