import createClient, { type Client } from 'openapi-fetch';
import { AbortError, apiError, ConnectionError, TimeoutError, ValidationError } from './errors.js';
import { retryAfterMs } from './retry-after.js';
import { defaultRetryDelay, isTimeout, MAX_RETRY_AFTER_MS, wait } from './retry.js';
import type {
  HistoryQuery,
  HistoryResponse,
  ParsedSearchResponse,
  paths,
  Quota,
  RawSearchResponse,
  SearchRequest,
  SearchResponse,
} from './types.js';
import { validateSearchRequest } from './validate.js';

/** The media types the service serves (`Accept`, section 9 of the spec). */
export type MediaType = 'application/vnd.service.v1+json' | 'application/json';

/** Options of {@link createFlightSearchClient}. */
export interface ClientOptions {
  /** The API key, sent as `x-api-key`. Never appears in error messages. */
  apiKey: string;
  /** The service's base URL, absolute (`https://api.example.com` or `http://127.0.0.1:4010`). */
  baseUrl: string;
  /** A fetch implementation (tests, proxies, instrumentation). Default: the global `fetch`, looked up at call time. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Time-out of each attempt in ms. Default 35 000: above the service's 29 s provider limit. */
  timeoutMs?: number | undefined;
  /** Retries of GET calls (history, quota) on 408, 429, 5xx and failures without an answer. Default 2. Searches are never retried. */
  maxRetries?: number | undefined;
  /** The `Accept` media type. Default `application/vnd.service.v1+json`. */
  mediaType?: MediaType | undefined;
  /** Extra headers sent with every request. */
  headers?: Record<string, string> | undefined;
  /**
   * Milliseconds to wait before retry number `attempt + 1`; `retryAfterMs` is the service's
   * `Retry-After` when it sent one (over 60 s the error is thrown instead). Default: exponential backoff
   * from 500 ms, doubling, capped at 8 s, with jitter, or `Retry-After`. Override it to test without waiting.
   */
  retryDelay?: ((attempt: number, retryAfterMs: number | undefined) => number) | undefined;
}

/** Options of one call. */
export interface RequestOptions {
  /** Aborts the call (and the wait between retries) with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Time-out of each attempt of this call in ms, instead of the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
}

/** Options of {@link FlightSearchClient.searchFlights}. */
export interface SearchOptions extends RequestOptions {
  /** Check the request locally first (default `true`); an invalid one throws `ValidationError` without a request. */
  validate?: boolean | undefined;
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
   * whenever the service accepts it, so it is never retried. A provider failure is a result item
   * with `success: false`, not an exception.
   * @example
   * const { results } = await client.searchFlights({
   *   airlineLoyalty: ['PROGRAM_1'], tripType: 'ONE_WAY', cabinType: 'ECONOMY',
   *   origin: 'GRU', destination: 'JFK', departureDate: '2026-12-15',
   *   passengers: { adults: 1 }, responseFormat: 'PARSED',
   * });
   * if (results[0]?.success) console.log(results[0].flights.length);
   */
  searchFlights<R extends SearchRequest>(request: R, options?: SearchOptions): Promise<SearchResponseFor<R>>;
  /**
   * `GET /intelligence/flights/history`: stored price records of a route. Free; retried on transient failures.
   * @example
   * const { flights } = await client.getPriceHistory({
   *   origin: 'SAO', destination: 'NYC', cabinType: 'ECONOMY',
   *   airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'], lookbackDays: 30, onlyFutureDepartures: true,
   * });
   */
  getPriceHistory(query: HistoryQuery, options?: RequestOptions): Promise<HistoryResponse>;
  /**
   * `GET /quota`: the key's quota. Free; retried on transient failures.
   * @example
   * const { remaining } = await client.getQuota();
   */
  getQuota(options?: RequestOptions): Promise<Quota>;
  /** The underlying openapi-fetch client (same base URL and headers) for `{ data, error }` results, without retries or typed errors. */
  raw: Client<paths>;
}

/**
 * Creates a client of the Flight Search service. Runs in browsers and Node (fetch and AbortController only).
 * Options are checked up front: a wrong one throws a `TypeError` naming it.
 * @example
 * import { createFlightSearchClient } from '@flight-search/sdk';
 * const client = createFlightSearchClient({ apiKey: process.env.FLIGHT_SEARCH_KEY!, baseUrl: 'http://127.0.0.1:4010' });
 * console.log(await client.getQuota());
 */
export function createFlightSearchClient(options: ClientOptions): FlightSearchClient {
  const {
    apiKey,
    baseUrl,
    fetch: fetchImpl,
    timeoutMs = 35_000,
    maxRetries = 2,
    mediaType = 'application/vnd.service.v1+json',
    headers = {},
    retryDelay = defaultRetryDelay,
  } = options ?? ({} as ClientOptions);
  for (const [name, ok] of Object.entries({
    apiKey: apiKey && typeof apiKey == 'string',
    baseUrl: /^https?:\/\/./.test(baseUrl),
    fetch: !fetchImpl || typeof fetchImpl == 'function',
    timeoutMs: isTimeout(timeoutMs),
    maxRetries: Number.isInteger(maxRetries) && maxRetries >= 0,
    mediaType: /^application\/(vnd\.service\.v1\+)?json$/.test(mediaType),
    headers: typeof headers == 'object',
    retryDelay: typeof retryDelay == 'function',
  }))
    if (!ok) throw new TypeError(`createFlightSearchClient: invalid option "${name}" (see ClientOptions)`);

  const raw = createClient<paths>({
    baseUrl,
    // Looked up per call, not captured now, so fetch mocks installed later (msw) still apply.
    fetch: fetchImpl ?? ((request) => fetch(request)),
    headers: { ...headers, 'x-api-key': apiKey, accept: mediaType },
  });
  const origin = baseUrl.replace(/\/+$/, '');

  /**
   * One call: up to `retries + 1` attempts (GET only; a search passes 0 and makes exactly one).
   * Each attempt has its own controller, aborted by its timer or by the caller's signal; the timer
   * and the listener are released when the attempt settles.
   * Non-2xx answers become typed errors; failures without an answer become AbortError (the
   * caller's signal), TimeoutError (this attempt's time-out) or ConnectionError.
   * `any`: each method's signature gives the answer its type.
   */
  const send = async (method: 'GET' | 'POST', path: string, init: object, opts: RequestOptions = {}, retries = 0): Promise<any> => {
    const { signal, timeoutMs: ms = timeoutMs } = opts;
    const what = `${method} ${origin}${path}`;
    if (!isTimeout(ms)) throw new TypeError(`${what}: invalid option "timeoutMs"`);
    for (let n = 0; ; n++) {
      // A controller and a timer cleared on settling: in Node 20 AbortSignal.timeout() costs about 20 times
      // more per call (its timer stays armed until the signal is garbage-collected). The caller's signal
      // gets a listener for the attempt, removed on settling: AbortSignal.any() would keep about 50 bytes
      // per call on a long-lived caller signal in Node 20.
      const timeout = new AbortController();
      const stop = () => timeout.abort();
      const timer = setTimeout(stop, ms);
      signal?.addEventListener('abort', stop);
      let error: any;
      try {
        signal?.throwIfAborted();
        const { data, error: body, response } = await (raw[method] as Function)(path, { ...init, signal: timeout.signal });
        if (response.ok) return data;
        error = apiError(response.status, body, response.headers, what, apiKey);
      } catch (e) {
        error = signal?.aborted
          ? new AbortError(what + ' aborted', { cause: signal.reason })
          : timeout.signal.aborted
            ? new TimeoutError(`${what} timed out after ${ms} ms`, { timeoutMs: ms, cause: e })
            : new ConnectionError(`${what} failed: ${e}`, { cause: e });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
      }
      // 408, 429, 5xx and failures without an answer (connection, this attempt's time-out) are worth another try.
      const after = error.headers && retryAfterMs(error.headers);
      if (n >= retries || !(error instanceof ConnectionError || /^(408|429|5..)$/.test(error.status)) || after! > MAX_RETRY_AFTER_MS) throw error;
      await wait(retryDelay(n, after), signal);
    }
  };

  return {
    raw,
    searchFlights(request, opts) {
      const errors = opts?.validate === false ? [] : validateSearchRequest(request);
      return errors.length
        ? Promise.reject(
            new ValidationError({
              status: 422,
              code: 'VALIDATION_ERROR',
              errors,
              message: 'invalid search, nothing sent: ' + errors.map((e) => `${e.field}: ${e.message}`).join(' '),
            }),
          )
        : send('POST', '/flights/search', { body: request }, opts);
    },
    getPriceHistory(query, opts) {
      // openapi-fetch sends an array as repeated parameters and a single value as one.
      return send('GET', '/intelligence/flights/history', { params: { query } }, opts, maxRetries);
    },
    getQuota(opts) {
      return send('GET', '/quota', {}, opts, maxRetries);
    },
  };
}
