import {
  SEARCH_REQUEST_SCHEMA,
  searchCost,
  validateSearchRequest,
  type ValidationIssue,
} from '@flight-search/contract';
import type { SearchRequest, SearchResponse } from '@flight-search/contract';
import type { Answer } from '../answer-types.js';
import { placeProblem, type NormalizedSearch } from '../data/index.js';
import { quotaExceeded, unsupportedContentEncoding, validationFailed } from '../errors/envelopes.js';
import { callProvider, providerLatencyMs, type ProviderOutcome } from '../provider/simulate.js';
import { isJsonContentType } from '../validation/content-type.js';
import { unknownFieldsOf } from '../validation/unknown-fields.js';
import type { RouteContext } from './context.js';

/** Applies the contract's defaults (priceType MILES, responseFormat RAW, children and infants 0). */
export function normalizeSearch(body: SearchRequest): NormalizedSearch {
  return {
    program: body.airlineLoyalty[0]!,
    priceType: body.priceType ?? 'MILES',
    tripType: body.tripType,
    cabinType: body.cabinType,
    origin: body.origin,
    destination: body.destination,
    departureDate: body.departureDate,
    ...(body.returnDate !== undefined && { returnDate: body.returnDate }),
    passengers: {
      adults: body.passengers.adults,
      children: body.passengers.children ?? 0,
      infants: body.passengers.infants ?? 0,
    },
    responseFormat: body.responseFormat ?? 'RAW',
  };
}

/** The body as JSON, or why not: an encoding (415, D29), then `SEARCH-10` content type (D13), then `invalid_json` (D6). */
async function readJsonBody({
  request,
  record,
  state,
}: RouteContext): Promise<{ ok: true; value: unknown } | { ok: false; answer: Answer }> {
  const encoding = request.headers.get('content-encoding');
  if (encoding !== null && !isIdentity(encoding)) return { ok: false, answer: unsupportedContentEncoding(encoding) };
  const text = await request.text();
  state.log.recordBody(record, text);
  const refused = (type: ValidationIssue['type'], message: string) => ({
    ok: false as const,
    answer: validationFailed([{ field: 'body', type, message }]),
  });
  if (!isJsonContentType(request.headers.get('content-type')))
    return refused('invalid_type', 'The body must be sent as application/json (SEARCH-10).');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return refused('invalid_json', 'The body is not valid JSON.');
  }
}

/** `identity`, alone or repeated; an empty coding says nothing either. */
function isIdentity(encoding: string): boolean {
  return encoding.split(',').every((coding) => {
    const name = coding.trim().toLowerCase();
    return name === '' || name === 'identity';
  });
}

/** The result of a search whose provider failed (`PROVIDER-1`, `PROVIDER-2`). */
function failedItem(search: NormalizedSearch, outcome: ProviderFailure): SearchResponse['results'][number] {
  const airline = search.program;
  const error = { message: outcome.message, providerStatusCode: outcome.providerStatusCode };
  return search.responseFormat === 'PARSED'
    ? { airline, success: false, flights: null, error }
    : { airline, success: false, data: null, error };
}

type ProviderFailure = Extract<ProviderOutcome, { ok: false }>;

/**
 * `POST /flights/search`: `SEARCH-10`, `SEARCH-1`..`SEARCH-9` (422), `QUOTA-1` (402), then the provider
 * (`PROVIDER-1`, `PROVIDER-2`). A successful MILES search's flights join the price history (D9).
 */
export async function searchRoute(context: RouteContext): Promise<Answer> {
  const body = await readJsonBody(context);
  if (!body.ok) return body.answer;
  const unknown = unknownFieldsOf(context, SEARCH_REQUEST_SCHEMA, body.value, 'body');
  return unknown.warned(await searchWith(context, body.value, unknown.refused));
}

/** A search whose body is JSON: the contract's checks, then the search. */
async function searchWith(context: RouteContext, value: unknown, refused: ValidationIssue[]): Promise<Answer> {
  const { ledger, request } = context;
  // The spec's rules, and known airports only (D107).
  const issues = [...validateSearchRequest(value, { decisions: true, place: placeProblem }), ...refused];
  if (issues.length > 0) return validationFailed(issues);
  const search = normalizeSearch(value as SearchRequest);
  // No await between the check and the consumption: concurrent searches never overspend (D4).
  const cost = searchCost(search.tripType);
  const consumption = ledger.tryConsume(cost, search.program);
  if (!consumption.ok) return quotaExceeded(cost, consumption.remaining);
  try {
    return await answerSearch(context, search);
  } catch (error) {
    // A search that failed inside the mock (not one the client abandoned) is not charged.
    if (!request.aborted()) ledger.refund(cost, search.program);
    throw error;
  }
}

/** The provider's outcome and the answer of a search already charged. */
async function answerSearch(context: RouteContext, search: NormalizedSearch): Promise<Answer> {
  const { state, request } = context;
  const behavior = context.provider;
  // A signal is made only for a wait (the node server creates it on demand).
  const waits = behavior?.hang === true || providerLatencyMs(search.program, behavior, state.options) > 0;
  const outcome = await callProvider(search.program, behavior, state.options, waits ? request.signal : undefined);
  if (outcome.ok) {
    const searchedAt = state.options.now();
    const generated = state.searches.get(search, searchedAt);
    if (search.priceType === 'MILES') state.history.addFlights(generated.flights, searchedAt);
    // Exactly JSON.stringify of the response object, serialized and encoded once per distinct search and format.
    const field = search.responseFormat === 'PARSED' ? 'flights' : 'data';
    const bytes = state.searches.body(
      search,
      generated,
      `{"results":[{"airline":${JSON.stringify(search.program)},"success":true,"${field}":`,
      '}],"summary":{"totalAirlinesRequested":1,"successfulSearches":1,"failedSearches":0}}',
    );
    return { status: 200, body: undefined, bytes };
  }
  const response: SearchResponse = {
    results: [failedItem(search, outcome)],
    summary: { totalAirlinesRequested: 1, successfulSearches: 0, failedSearches: 1 },
  } as SearchResponse;
  return { status: 200, body: response };
}
