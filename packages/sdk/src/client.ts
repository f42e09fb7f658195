import createClient, { type Client } from 'openapi-fetch';
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
  /**
   * The API key, sent as `x-api-key` to `baseUrl` only (redirects are never followed). From 8 characters on, never appears in errors.
   * Leave it out only in a browser whose requests go through your own server on the page's origin
   * (`createFlightSearchProxy` from `@flight-search/sdk/proxy`), which adds the key: a key in page code is public.
   */
  apiKey?: string | undefined;
  /**
   * The service's base URL: absolute (`https://api.example.com`, `http://127.0.0.1:4010`), or, in a browser,
   * a path on the page's origin such as `/api/flight-search` (resolved against `location`).
   */
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
  /**
   * Largest answer body read, in bytes (after any decoding). Default 32 MiB (33 554 432). An answer that
   * announces more in `Content-Length`, or sends more, fails with `ResponseTooLargeError` and the rest
   * of it is not read.
   * @example
   * createFlightSearchClient({ apiKey, baseUrl, maxResponseBytes: 4 * 1024 * 1024 });
   */
  maxResponseBytes?: number | undefined;
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

// How an option's wrong value is shown: a string or a number as written, anything else by its kind;
// the key and the headers (which may hold credentials) only by their kind.
const received = (value: unknown, secret: boolean, redact: (text: string) => string) =>
  value == null
    ? String(value)
    : value === ''
      ? 'an empty string'
      : Array.isArray(value)
        ? 'an array'
        : secret || typeof value == 'object' || typeof value == 'function'
          ? `a${typeof value == 'object' ? 'n' : ''} ${typeof value}`
          : typeof value == 'string'
            ? JSON.stringify(redact(value))
            : String(value);

/**
 * Creates a client of the Flight Search service. Runs in browsers and Node (fetch and AbortController only).
 * Options are checked up front: a wrong one throws a `TypeError` naming it, what it must be and what it got.
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
    maxResponseBytes = 32 * 2 ** 20,
  } = options ?? ({} as ClientOptions);
  // D-B2: a key of 8 characters or more is replaced wherever it occurs (also as JSON escapes it);
  // a shorter one cannot be told from ordinary text and is left alone.
  const redact = (text: string) =>
    typeof apiKey != 'string' || apiKey.length < 8 ? text : text.replaceAll(apiKey, '[redacted]').replaceAll(JSON.stringify(apiKey).slice(1, -1), '[redacted]');
  // A path is resolved against the page; without a page (Node) there is nothing to resolve it against.
  const page = (globalThis as { location?: { href: string; origin: string } }).location;
  const base = typeof baseUrl == 'string' && baseUrl[0] == '/' && page ? new URL(baseUrl, page.href).href : baseUrl;
  // Keyless only towards the page's own origin (a proxy that adds the key): never a keyless client to the service by mistake.
  const samePage = page != null && typeof base == 'string' && base.startsWith(page.origin + '/');
  for (const [name, value, ok, expected] of [
    [
      'apiKey',
      apiKey,
      (apiKey === undefined && samePage) || (apiKey && typeof apiKey == 'string'),
      page ? "a non-empty string (it may be left out only when baseUrl is on the page's own origin, behind a proxy that adds the key)" : 'a non-empty string',
    ],
    [
      'baseUrl',
      baseUrl,
      /^https?:\/\/./.test(base),
      'an absolute http(s) URL such as "https://api.example.com"' +
        (page ? ' or a path on the page\'s origin such as "/api/flight-search"' : base?.[0] == '/' ? ' (a path such as "/api" needs a page to resolve it against)' : ''),
    ],
    ['fetch', fetchImpl, !fetchImpl || typeof fetchImpl == 'function', 'a function (request) => Promise<Response>'],
    ['timeoutMs', timeoutMs, isTimeout(timeoutMs), 'a number of milliseconds over 0 and below 2 ** 31'],
    ['maxRetries', maxRetries, Number.isInteger(maxRetries) && maxRetries >= 0, 'a whole number of 0 or more'],
    ['mediaType', mediaType, /^application\/(vnd\.service\.v1\+)?json$/.test(mediaType), '"application/vnd.service.v1+json" or "application/json"'],
    ['headers', headers, headers && typeof headers == 'object' && !Array.isArray(headers), 'an object of header names and values'],
    ['retryDelay', retryDelay, typeof retryDelay == 'function', 'a function (attempt, retryAfterMs) => milliseconds'],
    ['maxResponseBytes', maxResponseBytes, Number.isInteger(maxResponseBytes) && maxResponseBytes > 0, 'a whole number of bytes over 0'],
  ] as const)
    if (!ok) throw new TypeError(`createFlightSearchClient: option "${name}" must be ${expected}; received ${received(value, name == 'apiKey' || name == 'headers', redact)}`);

  const raw = createClient<paths>({
    baseUrl: base,
    // Looked up per call, not captured now, so fetch mocks installed later (msw) still apply.
    fetch: (request) => (fetchImpl ?? fetch)(request),
    headers: { ...headers, ...(apiKey !== undefined && { 'x-api-key': apiKey }), accept: mediaType },
    // D-B1: a redirect is never followed, by the SDK's calls or by `raw`: fetch would re-send x-api-key
    // to whatever origin the Location names, and a 307/308 would send a search (a charge) again.
    redirect: 'manual',
  });
  const origin = base.replace(/\/+$/, '');
  const clean = (headers: Headers) => new Headers([...headers].map(([name, value]) => [name, redact(value)] as [string, string]));

  /**
   * One call: up to `retries + 1` attempts (GET only; a search passes 0 and makes exactly one).
   * Each attempt has its own controller, aborted by its timer or by the caller's signal; the timer
   * and the listener are released when the attempt settles.
   * Non-2xx answers, redirects, broken 2xx and oversized answers become typed errors; failures
   * without an answer become AbortError (the caller's signal), TimeoutError (this attempt's
   * time-out) or ConnectionError.
   * `any`: each method's signature gives the answer its type.
   */
  const send = async (method: 'GET' | 'POST', path: string, init: object, opts: RequestOptions = {}, retries = 0): Promise<any> => {
    const { signal, timeoutMs: ms = timeoutMs } = opts;
    const url = origin + path;
    const what = `${method} ${url}`;
    if (!isTimeout(ms)) throw new TypeError(`${what}: invalid option "timeoutMs"`);

    /**
     * The fetch of each attempt: refuses a redirect (D-B1), and reads the body whole but at most
     * `maxResponseBytes` of it (D-B4), counting the bytes themselves since a `Content-Length` may lie;
     * past the limit the stream is cancelled, which closes the connection.
     */
    const read = async (request: Request) => {
      const response = await (fetchImpl ?? fetch)(request);
      const { status, body } = response;
      const fields = () => ({ status, method, url, headers: clean(response.headers) });
      const reader = body?.getReader();
      let error;
      if (response.type == 'opaqueredirect' || (status >= 300 && status < 400)) {
        const answer = fields();
        const location = answer.headers.get('location') ?? undefined;
        error = new RedirectError({ ...answer, location, message: `${status} redirect${location ? ' to ' + location : ''} not followed: the API key is sent to baseUrl only (${what})` });
      } else if (!(+response.headers.get('content-length')! > maxResponseBytes)) {
        // Within the announced size (or none announced): the bytes are counted as they come.
        if (!reader) return response;
        const chunks: BlobPart[] = [];
        let size = 0;
        for (let chunk; !(chunk = await reader.read()).done && (size += chunk.value.byteLength) <= maxResponseBytes; ) chunks.push(chunk.value);
        // Most answers arrive in one chunk, which needs no Blob (about 25 µs a call in Node 20).
        if (size <= maxResponseBytes) return new Response(chunks.length == 1 ? chunks[0] : new Blob(chunks), response);
      }
      error ??= new ResponseTooLargeError({ ...fields(), maxResponseBytes, message: `${status} answer over maxResponseBytes (${maxResponseBytes} bytes), not read further (${what})` });
      reader?.cancel().catch(() => {});
      throw error;
    };

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
        const { data, error: body, response } = await Promise.race([
          (raw[method] as Function)(path, { ...init, signal: timeout.signal, parseAs: 'text', fetch: read }),
          // D-B5: settles at the time-out or the caller's abort even when a custom fetch ignores the signal.
          new Promise((_, reject) => timeout.signal.addEventListener('abort', () => reject(timeout.signal.reason))),
        ]);
        // Only an error needs them: a success pays for no header copy.
        const fields = () => ({ status: response.status, method, url, headers: clean(response.headers) });
        if (!response.ok) error = apiError(body, fields(), what, redact);
        else
          try {
            // An empty body (undefined or '') fails to parse too.
            return JSON.parse(data);
          } catch (e) {
            const why = data ? 'invalid JSON: ' + redact((e as Error).message) : 'empty body';
            error = new InvalidResponseError({ ...fields(), message: `${response.status} ${why} (${what})` });
          }
      } catch (e) {
        error = signal?.aborted
          ? new AbortError(what + ' aborted', { cause: signal.reason })
          : timeout.signal.aborted
            ? new TimeoutError(`${what} timed out after ${ms} ms`, { timeoutMs: ms, cause: e })
            : e instanceof FlightSearchError
              ? e
              : new ConnectionError(`${what} failed: ${redact(String(e))}`, { cause: e });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
      }
      // Worth another try (GET only; never a search, which the service may have charged):
      // - no answer: a connection failure or this attempt's time-out;
      // - an unusable 2xx (empty or not JSON), as a proxy may send once;
      // - 408, 429 and 5xx, but not one over maxResponseBytes: it would be as large again.
      // A redirect and other 4xx are final.
      const after = error.headers && retryAfterMs(error.headers);
      const transient =
        error instanceof ConnectionError ||
        error instanceof InvalidResponseError ||
        (!(error instanceof ResponseTooLargeError) && /^(408|429|5..)$/.test(error.status));
      if (n >= retries || !transient || after! > MAX_RETRY_AFTER_MS) throw error;
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
