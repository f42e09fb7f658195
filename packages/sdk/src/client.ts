import { isPlainObject } from '@flight-search/contract';
import { ValidationError } from './errors.js';
import { type AttemptError, attempt, type Call, redactHeaders } from './internal/attempt.js';
import { type Connection, connect } from './internal/connection.js';
import { queryParams } from './internal/query.js';
import { defaultRetryDelay, type RetryPolicy, shouldRetry, TRANSIENT, wait } from './internal/retry.js';
import {
  type AttemptInfo,
  callChecks,
  checkOptions,
  type ClientOptions,
  LOG_LEVEL_NAMES,
  LOG_LEVELS,
  type HistoryOptions,
  type LogFields,
  type Logger,
  type LogLevel,
  type RequestOptions,
  type ResponseInfo,
  type SearchOptions,
} from './options.js';
import type {
  ExactSearch,
  HistoryQuery,
  HistoryResponse,
  ParsedSearchResponse,
  Quota,
  RawSearchResponse,
  SearchInput,
  SearchRequest,
  SearchResponse,
  ValidationIssue,
} from './types.js';
import { validateHistoryQuery, validateSearchRequest } from './validate.js';

/**
 * The promise of a call's answer, with `withResponse()` for the answer's status and headers as well.
 * @example
 * const { data, response } = await client.getQuota().withResponse();
 * console.log(data.remaining, response.status, response.correlationId);
 */
export interface APIPromise<T> extends Promise<T> {
  /** The answer and its {@link ResponseInfo}; rejects as the call does. */
  withResponse(): Promise<WithResponse<T>>;
}

/** What {@link APIPromise.withResponse} resolves to. */
export interface WithResponse<T> {
  /** The call's answer, typed as the call. */
  data: T;
  /** The answer's status, headers and correlation id. */
  response: ResponseInfo;
}

/** The answer type of a search: PARSED items for `responseFormat: 'PARSED'`, else RAW, either when unknown. */
export type SearchResponseFor<R extends SearchRequest> = R extends { responseFormat: 'PARSED' }
  ? ParsedSearchResponse
  : // tripType keeps this from being a weak (all-optional) type, which a request without responseFormat would not match.
    R extends { tripType: unknown; responseFormat?: 'RAW' | undefined }
    ? RawSearchResponse
    : SearchResponse;

/** The client returned by {@link createFlightSearchClient}. */
export interface FlightSearchClient {
  /**
   * `POST /flights/search`: searches one program live, costing 1 unit (ONE_WAY) or 2 (ROUND_TRIP), so it is retried only
   * when answered 429. A provider failure is a result item with `success: false`.
   * @example
   * const { results } = await client.searchFlights({
   *   airlineLoyalty: ['PROGRAM_1'], tripType: 'ONE_WAY', cabinType: 'ECONOMY',
   *   origin: 'GRU', destination: 'JFK', departureDate: '2026-12-15',
   *   passengers: { adults: 1 }, responseFormat: 'PARSED',
   * });
   * if (results[0]?.success) console.log(results[0].flights.length);
   */
  searchFlights<const R extends SearchInput>(
    request: R & ExactSearch<R>,
    options?: SearchOptions,
  ): APIPromise<SearchResponseFor<R>>;
  /**
   * `GET /intelligence/flights/history`: stored price records of a route. Free; checked locally first.
   * @example
   * const { flights } = await client.getPriceHistory({
   *   origin: 'SAO', destination: 'NYC', cabinType: 'ECONOMY',
   *   airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'], lookbackDays: 30, onlyFutureDepartures: true,
   * });
   */
  getPriceHistory(query: HistoryQuery, options?: HistoryOptions): APIPromise<HistoryResponse>;
  /**
   * `GET /quota`: the key's quota. Free; retried on transient failures.
   * @example
   * const { remaining } = await client.getQuota();
   */
  getQuota(options?: RequestOptions): APIPromise<Quota>;
  /**
   * A client with these options over this one's (`headers` and `hooks` merged by name), sharing no mutable state with it.
   * @example
   * const patient = client.withOptions({ timeoutMs: 60_000, maxRetries: 5, headers: { 'x-team': 'pricing' } });
   */
  withOptions(overrides: ClientOptions): FlightSearchClient;
}

/** A call's answer: the response it came in and its data, typed by each method's signature. */
// biome-ignore lint/suspicious/noExplicitAny: the JSON of an answer, which each method's signature types
type Sent = [response: Response, error: undefined, data: any];

/** `options` with `overrides` over them, in new objects: `headers` and `hooks` merged by name. */
const merged = (options: ClientOptions, overrides?: ClientOptions): ClientOptions => ({
  ...options,
  ...overrides,
  headers: { ...options.headers, ...overrides?.headers },
  hooks: { ...options.hooks, ...overrides?.hooks },
});

/** An answer's status, headers (redacted) and correlation id. */
const info = (response: Response, redact: Redact): ResponseInfo => {
  const headers = redactHeaders(response.headers, redact);
  return {
    status: response.status,
    headers,
    correlationId: headers.get('x-correlation-id') ?? headers.get('x-request-id') ?? undefined,
  };
};

type Redact = (text: string) => string;
type Event = AttemptInfo & { method: Call['method'] };

/**
 * The client's log: one line per attempt at its outcome's level. A logger that throws never changes a call's outcome:
 * its first failure goes to console.error.
 */
function logOf(logLevel: LogLevel, logger: Logger | undefined, redact: Redact) {
  const level = LOG_LEVELS.indexOf(logLevel);
  let failed = 0;
  return (event: Event, response: Response | undefined, error: AttemptError | undefined, retrying: boolean) => {
    const at = error ? (retrying ? 'warn' : 'error') : 'debug';
    if (level < LOG_LEVELS.indexOf(at)) return;
    const fields: LogFields = {
      ...event,
      url: redact(event.url),
      ...(response && { status: response.status }),
      ...(error && { error: error.name, retrying }),
    };
    const end = error ? `: ${redact(error.message)}${retrying ? ', retrying' : ''}` : '';
    const line = `[flight-search] ${event.method} ${fields.url} ${fields.status ?? fields.error} in ${fields.durationMs} ms (attempt ${event.attempt})${end}`;
    try {
      logger ? logger[at](line, fields) : console[at](line);
    } catch (e) {
      try {
        failed++ || console.error('[flight-search] logger failed, ignored from now on:', e);
      } catch {}
    }
  };
}

/**
 * The client's options checked, and its one call path: attempts until one succeeds or the retry policy says no more, hooks and log around each.
 */
function sender({ origin, headers: keyless, withKey, redact }: Connection, options: ClientOptions) {
  const {
    fetch,
    timeoutMs = 35_000,
    maxRetries = 2,
    retryDelay = defaultRetryDelay,
    maxResponseBytes = 32 * 2 ** 20,
    hooks = {},
    logLevel = 'off',
    logger,
    retrySearchOn429 = true,
  } = options;
  checkOptions('createFlightSearchClient', redact, [
    ...callChecks({ timeoutMs, maxRetries }),
    ['retryDelay', retryDelay, typeof retryDelay === 'function', 'a function (attempt, retryAfterMs) => milliseconds'],
    [
      'maxResponseBytes',
      maxResponseBytes,
      Number.isInteger(maxResponseBytes) && maxResponseBytes > 0,
      'a whole number of bytes over 0',
    ],
    ['hooks', hooks, isPlainObject(hooks), 'an object of onRequest, onResponse and onError functions'],
    ['logLevel', logLevel, LOG_LEVELS.includes(logLevel), LOG_LEVEL_NAMES],
    ['logger', logger, !logger || isPlainObject(logger), 'an object with debug, warn and error methods'],
  ]);
  const { onRequest, onResponse, onError } = hooks;
  const log = logOf(logLevel, logger, redact);
  return async (method: Call['method'], path: string, opts: RequestOptions = {}, data?: object): Promise<Sent> => {
    const { signal, timeoutMs: ms = timeoutMs, maxRetries: retries = maxRetries, headers: extra = {} } = opts;
    const url = origin + path;
    const what = `${method} ${url}`;
    const checks = callChecks(opts);
    if (checks.some(([name, , valid]) => name === 'timeoutMs' && !valid))
      throw new TypeError(`${what}: invalid option "timeoutMs"`);
    checkOptions(what, redact, checks);
    const search = method === 'GET' && data && queryParams(data).toString();
    const body = method === 'POST' ? JSON.stringify(data) : undefined;
    const target = search ? `${url}?${search}` : url;
    const policy: RetryPolicy = { retries, statuses: TRANSIENT, searchOn429: retrySearchOn429 };
    const call: Call = { fetch, maxResponseBytes, redact, method, url, target, body, signal, timeoutMs: ms };
    const common = new Headers(keyless);
    for (const [name, value] of new Headers(extra)) common.set(name, value);
    for (let n = 1; ; n++) {
      const headers = new Headers(common);
      // The hook sees and may change the headers, but never the key, set after it.
      if (onRequest) await onRequest({ method, url: target, headers, attempt: n });
      if (body) headers.set('content-type', 'application/json');
      const started = performance.now();
      const outcome = await attempt(call, withKey(headers));
      const [response, error] = outcome;
      const event = { method, url: target, attempt: n, durationMs: Math.round(performance.now() - started) };
      const retrying = !!error && shouldRetry(policy, method === 'POST', n, error);
      log(event, response, error, retrying);
      if (response && onResponse) await onResponse({ ...info(response, redact), ...event });
      if (!error) return outcome as Sent;
      if (onError) await onError({ ...event, error, retrying });
      if (!retrying) throw error;
      await wait(retryDelay(n - 1, error.retryAfterMs), signal);
    }
  };
}

/** The call's promise of its data, with `withResponse()` for the answer's status and headers too. */
const call = (sent: Promise<Sent>, redact: Redact): APIPromise<Sent[2]> => {
  const data = sent.then((r) => r[2]);
  return Object.assign(data, {
    // Asking for the response handles the rejection there: the data promise must not report it as unhandled.
    withResponse: () => {
      data.catch(() => {});
      return sent.then(([response, , data]) => ({ data, response: info(response, redact) }));
    },
  });
};

/** A request checked locally unless `validate: false`: an invalid one is a rejected call that sent nothing. */
const checked = (what: string, errors: ValidationIssue[] | false, send: () => Promise<Sent>, redact: Redact) =>
  call(
    errors && errors.length > 0
      ? Promise.reject(
          new ValidationError({
            status: 422,
            code: 'VALIDATION_ERROR',
            errors,
            message: `invalid ${what}, nothing sent: ${errors.map((e) => `${e.field}: ${e.message}`).join(' ')}`,
          }),
        )
      : send(),
    redact,
  );

/**
 * Creates a client of the Flight Search service, for browsers and server runtimes. A wrong option is a `TypeError`.
 * @example
 * import { createFlightSearchClient } from '@flight-search/sdk';
 * const client = createFlightSearchClient({ apiKey: process.env.FLIGHT_SEARCH_API_KEY!, baseUrl: 'http://127.0.0.1:4010' });
 * console.log(await client.getQuota());
 */
export function createFlightSearchClient(options: ClientOptions): FlightSearchClient {
  const connection = connect('createFlightSearchClient', options);
  const { redact } = connection;
  const send = sender(connection, options);
  const own = merged(options);
  return {
    searchFlights: (request, opts) =>
      checked(
        'search',
        opts?.validate !== false && validateSearchRequest(request),
        () => send('POST', '/flights/search', opts, request),
        redact,
      ),
    getPriceHistory: (query, opts) =>
      checked(
        'history query',
        opts?.validate !== false && validateHistoryQuery(query),
        () => send('GET', '/intelligence/flights/history', opts, query),
        redact,
      ),
    getQuota: (opts) => call(send('GET', '/quota', opts), redact),
    withOptions: (overrides) => createFlightSearchClient(merged(own, overrides)),
  };
}
