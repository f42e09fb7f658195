import { isPlainObject } from '@flight-search/contract';
import { connect } from './internal/connection.js';
import {
  AbortError,
  apiError,
  ConnectionError,
  FlightSearchError,
  InvalidResponseError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
  ValidationError,
} from './errors.js';
import { defaultRetryDelay, isTimeout, MAX_RETRY_AFTER_MS, wait } from './internal/retry.js';
import {
  checkOptions,
  type ClientOptions,
  type HistoryOptions,
  type Logger,
  type LogFields,
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
import { queryParams } from './internal/query.js';
import { validateHistoryQuery, validateSearchRequest } from './validate.js';

/**
 * The promise of a call's answer, with `withResponse()` for the answer's status and headers as well.
 * @example
 * const { data, response } = await client.getQuota().withResponse();
 * console.log(data.remaining, response.status, response.headers.get('content-type'), response.correlationId);
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

/** The answer type of a search: PARSED items for `responseFormat: 'PARSED'`, RAW when it is `'RAW'` or absent, either when unknown. */
export type SearchResponseFor<R extends SearchRequest> = R extends { responseFormat: 'PARSED' }
  ? ParsedSearchResponse
  : // tripType keeps this from being a weak (all-optional) type, which a request without responseFormat would not match.
    R extends { tripType: unknown; responseFormat?: 'RAW' | undefined }
    ? RawSearchResponse
    : SearchResponse;

/** The client returned by {@link createFlightSearchClient}. */
export interface FlightSearchClient {
  /**
   * `POST /flights/search`: searches one program live. Costs 1 unit (ONE_WAY) or 2 (ROUND_TRIP)
   * whenever the service accepts it, so it is retried only when answered 429 (refused before any work, `retrySearchOn429`). A provider failure is a result item
   * with `success: false`, not an exception.
   * @example
   * const { results } = await client.searchFlights({
   *   airlineLoyalty: ['PROGRAM_1'], tripType: 'ONE_WAY', cabinType: 'ECONOMY',
   *   origin: 'GRU', destination: 'JFK', departureDate: '2026-12-15',
   *   passengers: { adults: 1 }, responseFormat: 'PARSED',
   * });
   * if (results[0]?.success) console.log(results[0].flights.length);
   */
  searchFlights<const R extends SearchInput>(request: R & ExactSearch<R>, options?: SearchOptions): APIPromise<SearchResponseFor<R>>;
  /**
   * `GET /intelligence/flights/history`: stored price records of a route. Free; retried on transient failures.
   * The query is checked locally first ({@link validateHistoryQuery}); an invalid one throws `ValidationError` without a request.
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
}

/** A call's answer: its data, typed by each method's signature, and the response it came in. */
// biome-ignore lint/suspicious/noExplicitAny: the JSON of an answer, which each method's signature types
type Sent = { data: any; response: Response };

/**
 * Creates a client of the Flight Search service. Runs in browsers and Node (fetch and AbortController only).
 * Options are checked up front: a wrong one throws a `TypeError` naming it, what it must be and what it got.
 * @example
 * import { createFlightSearchClient } from '@flight-search/sdk';
 * const client = createFlightSearchClient({ apiKey: process.env.FLIGHT_SEARCH_KEY!, baseUrl: 'http://127.0.0.1:4010' });
 * console.log(await client.getQuota());
 */
export function createFlightSearchClient(options: ClientOptions): FlightSearchClient {
  const { origin, headers: keyless, withKey, redact } = connect('createFlightSearchClient', options);
  const {
    fetch: fetchImpl,
    timeoutMs = 35_000,
    maxRetries = 2,
    retryDelay = defaultRetryDelay,
    maxResponseBytes = 32 * 2 ** 20,
    hooks = {},
    logLevel = 'off',
    logger = console,
    retrySearchOn429 = true,
  } = options;
  const levels = ['off', 'error', 'warn', 'debug'];
  checkOptions('createFlightSearchClient', redact, [
    ['timeoutMs', timeoutMs, isTimeout(timeoutMs), 'a number of milliseconds over 0 and below 2 ** 31'],
    ['maxRetries', maxRetries, Number.isInteger(maxRetries) && maxRetries >= 0, 'a whole number of 0 or more'],
    ['retryDelay', retryDelay, typeof retryDelay === 'function', 'a function (attempt, retryAfterMs) => milliseconds'],
    ['maxResponseBytes', maxResponseBytes, Number.isInteger(maxResponseBytes) && maxResponseBytes > 0, 'a whole number of bytes over 0'],
    ['hooks', hooks, isPlainObject(hooks), 'an object of onRequest, onResponse and onError functions'],
    ['logLevel', logLevel, levels.includes(logLevel), levels.map((l) => `"${l}"`).join(', ')],
    ['logger', logger, isPlainObject(logger), 'an object with debug, warn and error methods'],
  ]);
  const level = levels.indexOf(logLevel);
  // D90: a logger that throws never changes a call's outcome (a charged search must not look failed);
  // its first failure is reported on console.error, the rest are ignored.
  let loggerFailed = 0;
  const log = (at: keyof Logger, message: string, fields: LogFields) => {
    try {
      logger[at](message, fields);
    } catch (e) {
      // console.error may be the logger that failed: nothing it throws gets out either.
      try {
        loggerFailed++ || console.error('[flight-search] logger failed, ignored from now on:', e);
      } catch {}
    }
  };
  const { onRequest, onResponse, onError } = hooks;
  // Header values that echo the key are redacted wherever an answer's headers are handed out.
  const clean = (headers: Headers) => new Headers([...headers].map(([name, value]) => [name, redact(value)] as [string, string]));
  const info = (response: Response): ResponseInfo => {
    const headers = clean(response.headers);
    return { status: response.status, headers, correlationId: headers.get('x-correlation-id') ?? headers.get('x-request-id') ?? undefined };
  };

  /**
   * One call: up to `retries + 1` attempts, each built once (the URL and the body are made once per call)
   * and handed to fetch as `(url, init)`, or as a `Request` to a custom `fetch` (D64).
   * Non-2xx answers, redirects, broken 2xx and oversized answers become typed errors; failures without an
   * answer become AbortError (the caller's signal), TimeoutError (this attempt's time-out) or ConnectionError.
   * `only429`: a search, retried on a 429 alone (D63). `any`: each method's signature gives the answer its type.
   */
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    query: object | undefined,
    body: unknown,
    opts: RequestOptions = {},
    retries: number,
    only429 = false,
  ): Promise<Sent> => {
    const { signal, timeoutMs: ms = timeoutMs } = opts;
    const url = origin + path;
    const search = query && queryParams(query).toString();
    const target = search ? `${url}?${search}` : url;
    const what = `${method} ${url}`;
    if (!isTimeout(ms)) throw new TypeError(`${what}: invalid option "timeoutMs"`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // What an error about an answer carries, its message `<status> <text> (<method> <url>)`; only an
    // error needs it, so a success copies no headers.
    const about = (response: Response, text = '') => ({
      status: response.status,
      method,
      url,
      headers: clean(response.headers),
      message: `${response.status} ${text} (${what})`,
    });

    /**
     * One attempt's exchange, up to the answer's text: refuses a redirect (D47), and reads the body whole but
     * at most `maxResponseBytes` of it (D50), counting the bytes themselves since a `Content-Length` may lie;
     * past the limit the stream is cancelled, which closes the connection.
     */
    const exchange = async (init: RequestInit): Promise<[Response, string]> => {
      const response = await (fetchImpl ? fetchImpl(new Request(target, init)) : fetch(target, init));
      const { status, body } = response;
      const reader = body?.getReader();
      let error;
      if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
        const location = response.headers.get('location');
        const to = location == null ? undefined : redact(location);
        error = new RedirectError({ ...about(response, `redirect${to ? ` to ${to}` : ''} not followed: the API key is sent to baseUrl only`), location: to });
      } else if (!(+response.headers.get('content-length')! > maxResponseBytes)) {
        // Within the announced size (or none announced): the bytes are counted as they come.
        const decoder = new TextDecoder();
        let text = '';
        let size = 0;
        while (reader) {
          const chunk = await reader.read();
          if (chunk.done) break;
          size += chunk.value.byteLength;
          if (size > maxResponseBytes) break;
          text += decoder.decode(chunk.value, { stream: true });
        }
        if (size <= maxResponseBytes) return [response, text + decoder.decode()];
      }
      error ??= new ResponseTooLargeError({
        ...about(response, `answer over maxResponseBytes (${maxResponseBytes} bytes), not read further`),
        maxResponseBytes,
      });
      reader?.cancel().catch(() => {});
      throw error;
    };

    for (let attempt = 1; ; attempt++) {
      let headers = keyless;
      if (onRequest) {
        // The hook sees and may change the headers, but never the key, set after it.
        const edited = new Headers(headers);
        await onRequest({ method, url: target, headers: edited, attempt });
        headers = Object.fromEntries(edited);
      }
      const started = performance.now();
      // A controller and a timer cleared on settling: in Node 20 AbortSignal.timeout() costs about 20 times
      // more per call (its timer stays armed until the signal is garbage-collected). The caller's signal
      // gets a listener for the attempt, removed on settling: AbortSignal.any() would keep about 50 bytes
      // per call on a long-lived caller signal in Node 20.
      const timeout = new AbortController();
      const stop = () => timeout.abort();
      const timer = setTimeout(stop, ms);
      signal?.addEventListener('abort', stop);
      let error: (FlightSearchError & { status?: number; retryAfterMs?: number }) | undefined;
      let response: Response | undefined;
      let data;
      try {
        signal?.throwIfAborted();
        let text;
        [response, text] = await Promise.race([
          exchange({
            method,
            headers: withKey(payload === undefined ? headers : { ...headers, 'content-type': 'application/json' }),
            body: payload,
            signal: timeout.signal,
            // D47: a redirect is never followed: fetch would re-send x-api-key to whatever origin the
            // Location names, and a 307/308 would send a search (a charge) again.
            redirect: 'manual',
          }),
          // D51: settles at the time-out or the caller's abort even when a custom fetch ignores the signal.
          new Promise<never>((_, reject) => timeout.signal.addEventListener('abort', () => reject(timeout.signal.reason))),
        ]);
        let parsed: unknown = text;
        try {
          // An empty body fails to parse too.
          parsed = JSON.parse(text);
        } catch (e) {
          // D89: the parser's message quotes the text around the failure, which may hold a piece of the key
          // no redaction can recognise: only the position it names, if any, is kept.
          const at = / at position \d+/.exec((e as Error).message)?.[0] ?? '';
          if (response.ok) error = new InvalidResponseError(about(response, text ? `invalid JSON${at}` : 'empty body'));
        }
        if (!response.ok) error = apiError(parsed, about(response), what, redact);
        data = parsed;
      } catch (e) {
        error = signal?.aborted
          ? new AbortError(`${what} aborted`, { cause: signal.reason })
          : timeout.signal.aborted
            ? new TimeoutError(`${what} timed out after ${ms} ms`, { timeoutMs: ms, cause: e })
            : e instanceof FlightSearchError
              ? e
              : new ConnectionError(`${what} failed: ${redact(String(e))}`, { cause: e });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
      }
      const durationMs = Math.round(performance.now() - started);
      const status = response?.status;
      const event = { method, url: target, attempt, durationMs };
      const fields: LogFields = { ...event, url: redact(target), status };
      const line = `[flight-search] ${method} ${fields.url} ${status ?? error?.name} in ${durationMs} ms (attempt ${attempt})`;
      if (level > 2) log('debug', line, fields);
      if (response && onResponse) await onResponse({ ...info(response), ...event });
      if (!error) return { data, response: response! };
      // Worth another try (GET; a search only on a 429, which the service refuses before any work, D63):
      // - no answer: a connection failure or this attempt's time-out;
      // - an unusable 2xx (empty or not JSON), as a proxy may send once;
      // - 408, 429 and 5xx, but not one over maxResponseBytes: it would be as large again.
      // A redirect and other 4xx are final.
      const after = error.retryAfterMs;
      const answered = error.status ?? 0;
      const transient = only429
        ? answered === 429
        : error instanceof ConnectionError ||
          error instanceof InvalidResponseError ||
          (!(error instanceof ResponseTooLargeError) && (answered === 408 || answered === 429 || answered >= 500));
      const retrying = attempt <= retries && transient && !(after! > MAX_RETRY_AFTER_MS);
      if (level > (retrying ? 1 : 0)) log(retrying ? 'warn' : 'error', `${line}: ${redact(error.message)}${retrying ? ', retrying' : ''}`, fields);
      if (onError) await onError({ ...event, error, retrying });
      if (!retrying) throw error;
      await wait(retryDelay(attempt - 1, after), signal);
    }
  };

  /** The call's promise of its data, with `withResponse()` for the answer's status and headers too. */
  const call = (sent: Promise<Sent>): APIPromise<Sent['data']> => {
    const data = sent.then((r) => r.data);
    return Object.assign(data, {
      // Whoever asks for the response handles the rejection there: the data promise must not report it as unhandled.
      withResponse: () => {
        data.catch(() => {});
        return sent.then((r) => ({ data: r.data, response: info(r.response) }));
      },
    });
  };
  /** Checks a request locally unless `validate: false`; an invalid one is a rejected call that sent nothing. */
  const checked = (what: string, errors: ValidationIssue[], send: () => Promise<Sent>) =>
    call(
      errors.length
        ? Promise.reject(
            new ValidationError({
              status: 422,
              code: 'VALIDATION_ERROR',
              errors,
              message: `invalid ${what}, nothing sent: ${errors.map((e) => `${e.field}: ${e.message}`).join(' ')}`,
            }),
          )
        : send(),
    );

  return {
    searchFlights: (request, opts) =>
      checked('search', opts?.validate === false ? [] : validateSearchRequest(request), () =>
        send('POST', '/flights/search', undefined, request, opts, retrySearchOn429 ? maxRetries : 0, true),
      ),
    // An array is sent as repeated parameters and a single value as one (queryParams).
    getPriceHistory: (query, opts) =>
      checked('history query', opts?.validate === false ? [] : validateHistoryQuery(query), () =>
        send('GET', '/intelligence/flights/history', query, undefined, opts, maxRetries),
      ),
    getQuota: (opts) => call(send('GET', '/quota', undefined, undefined, opts, maxRetries)),
  };
}
