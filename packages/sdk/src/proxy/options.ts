/**
 * What a hook answers: `true` lets the request through; a `Response` refuses it with that answer; anything else refuses with the default.
 */
export type ProxyVerdict = boolean | Response;

/** What {@link FlightSearchProxyOptions.beforeSearch} is given: the search, before anything is forwarded. */
export interface ProxySearch {
  /** The browser's request (its body already read: use `body`). */
  request: Request;
  /** The search body, parsed; `undefined` when it is not JSON. */
  body: unknown;
  /**
   * Quota units the search costs if the service accepts it: 1 for `tripType: 'ONE_WAY'`, otherwise 2.
   */
  cost: 1 | 2;
}

/** Options of {@link createFlightSearchProxy}. */
export interface FlightSearchProxyOptions {
  /** The server's API key, sent as `x-api-key` to the service, never to the browser. */
  apiKey: string;
  /** The service's absolute `http(s)` base URL (`https://api.example.com`). Never named in an answer. */
  baseUrl: string;
  /** The path the proxy answers under. Default `/api/flight-search`; `''` for the root. */
  prefix?: string | undefined;
  /**
   * The app's own check (a session cookie, a token), before the body is read. `false` answers 401 `PROXY_UNAUTHORIZED`.
   */
  authorize?: ((request: Request) => ProxyVerdict | Promise<ProxyVerdict>) | undefined;
  /**
   * Called for each search after `authorize`, with its parsed body and cost: a per-user budget. `false` answers 403 `BUDGET_EXCEEDED`.
   */
  beforeSearch?: ((search: ProxySearch) => ProxyVerdict | Promise<ProxyVerdict>) | undefined;
  /**
   * Origins besides the proxy's own whose pages may send searches; any other is refused with 403 `PROXY_CROSS_SITE`.
   * Behind a reverse proxy that changes the scheme or host, list the public origin here.
   * @example
   * createFlightSearchProxy({ apiKey, baseUrl, allowedOrigins: ['https://app.example.com'] });
   */
  allowedOrigins?: readonly string[] | undefined;
  /** Time-out of a forwarded request, answer included, in ms. Default 35 000. */
  timeoutMs?: number | undefined;
  /** Largest request body in bytes (413 `PAYLOAD_TOO_LARGE` past it). Default 1 MiB. */
  bodyLimit?: number | undefined;
  /** The fetch used to reach the service. Default: the global `fetch`, looked up per request. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
}

export interface ResolvedProxyOptions {
  apiKey: string;
  /** Without a trailing slash. */
  baseUrl: string;
  prefix: string;
  authorize: FlightSearchProxyOptions['authorize'];
  beforeSearch: FlightSearchProxyOptions['beforeSearch'];
  allowedOrigins: readonly string[];
  timeoutMs: number;
  bodyLimit: number;
  /** The fetch given in the options; `undefined`: the global one, looked up per request. */
  fetch: ((request: Request) => Promise<Response>) | undefined;
}

export const DEFAULT_PREFIX = '/api/flight-search';
export const DEFAULT_TIMEOUT_MS = 35_000;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
// setTimeout's largest delay: a longer one fires at once.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** What a value is, for a message, without its content. */
function kind(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value === '' ? 'an empty string' : `a string of ${value.length} characters`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A value for a message: the value itself for short non-secret scalars, its kind otherwise. */
function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined) return String(value);
  if (typeof value === 'string' && value.length <= 200) return JSON.stringify(value);
  return kind(value);
}

function invalid(name: string, expected: string, received: string): TypeError {
  return new TypeError(
    `createFlightSearchProxy: invalid option "${name}": expected ${expected}, received ${received}.`,
  );
}

/** Whether `value` is an origin as a browser's `Origin` header writes it. */
function isOrigin(value: unknown): boolean {
  try {
    return typeof value === 'string' && value !== 'null' && new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** The service's base URL without a trailing slash: absolute http(s), without credentials, query or fragment. */
function resolveBase(baseUrl: unknown): string {
  let base: URL | undefined;
  try {
    base = typeof baseUrl === 'string' ? new URL(baseUrl) : undefined;
  } catch {
    base = undefined;
  }
  if (base === undefined || (base.protocol !== 'http:' && base.protocol !== 'https:')) {
    throw invalid('baseUrl', 'the service\'s absolute http(s) URL, such as "https://api.example.com"', shown(baseUrl));
  }
  if (base.username !== '' || base.password !== '' || base.search !== '' || base.hash !== '') {
    throw invalid('baseUrl', 'a URL without credentials, query or fragment', 'a URL with one of them');
  }
  return base.href.replace(/\/+$/, '');
}

/** Checks `allowedOrigins`: an array of origins as a browser's `Origin` header writes them. */
function checkOrigins(allowedOrigins: unknown): void {
  if (!Array.isArray(allowedOrigins))
    throw invalid('allowedOrigins', 'an array of origins such as ["https://app.example.com"]', kind(allowedOrigins));
  for (const origin of allowedOrigins) {
    if (!isOrigin(origin)) {
      throw invalid(
        'allowedOrigins',
        'origins such as "https://app.example.com" (scheme, host and port only, no path or trailing slash)',
        shown(origin),
      );
    }
  }
}

/** Checks every option up front; a wrong one is a `TypeError` naming it, what it got and what it takes. */
export function resolveProxyOptions(options: FlightSearchProxyOptions): ResolvedProxyOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      `createFlightSearchProxy: expected an options object ({ apiKey, baseUrl, ... }), received ${kind(options)}.`,
    );
  }
  const {
    apiKey,
    baseUrl,
    prefix = DEFAULT_PREFIX,
    authorize,
    beforeSearch,
    allowedOrigins = [],
    timeoutMs = DEFAULT_TIMEOUT_MS,
    bodyLimit = DEFAULT_BODY_LIMIT,
    fetch: fetchImpl,
  } = options;

  if (typeof apiKey !== 'string' || apiKey.trim() === '')
    throw invalid('apiKey', 'the service API key, a non-empty string', kind(apiKey));
  if (/[\r\n\0]/.test(apiKey))
    throw invalid('apiKey', 'a key that can be sent as a header value', 'a string with a line break or NUL');

  const base = resolveBase(baseUrl);

  if (
    typeof prefix !== 'string' ||
    (prefix !== '' && (!prefix.startsWith('/') || prefix.endsWith('/') || /[?#\s]/.test(prefix)))
  ) {
    throw invalid(
      'prefix',
      'a path such as "/api/flight-search" (leading slash, no trailing slash, no query), or ""',
      shown(prefix),
    );
  }
  for (const [name, hook] of [
    ['authorize', authorize],
    ['beforeSearch', beforeSearch],
    ['fetch', fetchImpl],
  ] as const) {
    if (hook !== undefined && typeof hook !== 'function') throw invalid(name, 'a function', kind(hook));
  }
  checkOrigins(allowedOrigins);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw invalid(
      'timeoutMs',
      `an integer number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (default 35000, above the service's 29 s provider time)`,
      shown(timeoutMs),
    );
  }
  if (!Number.isInteger(bodyLimit) || bodyLimit <= 0)
    throw invalid('bodyLimit', 'a positive integer number of bytes (default 1048576)', shown(bodyLimit));

  return {
    apiKey,
    baseUrl: base,
    prefix,
    authorize,
    beforeSearch,
    allowedOrigins: [...allowedOrigins],
    timeoutMs,
    bodyLimit,
    fetch: fetchImpl,
  };
}
