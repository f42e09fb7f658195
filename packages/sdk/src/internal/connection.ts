import { isPlainObject } from '@flight-search/contract';
import { checkOptions, type ConnectionOptions } from '../options.js';
import { SDK_VERSION } from './version.js';

/** What both clients send every request with. */
export interface Connection {
  /** The base URL, resolved, without a trailing slash. */
  origin: string;
  /** The headers of every request, without the key. */
  headers: Headers;
  /**
   * A copy of the given headers (`headers` by default) with `x-api-key` set last, so nothing set before
   * (your headers, a hook) replaces the key, and no one else's object holds it.
   */
  withKey(headers?: HeadersInit): Headers;
  /** Replaces the API key wherever it occurs in a text. */
  redact(text: string): string;
}

/**
 * Replaces a key of 8 characters or more wherever it occurs, in every form a server or a URL may echo it: as sent,
 * escaped or percent-encoded, and in base64 or base64url. A shorter key cannot be told from ordinary text.
 */
const redactor = (apiKey: string | null | undefined) => {
  let forms: RegExp | undefined;
  return (text: string) => {
    if (!apiKey?.[7]) return text;
    // Each sign as itself (a backslash before it matches it alone) or its hex after % or \u00, after an optional backslash.
    forms ??= new RegExp(
      `${apiKey.replace(/[^\da-z]/gi, (c) => `\\\\?(\\${c}|(%|\\\\u00)${c.charCodeAt(0).toString(16)})`)}|${btoa(apiKey)
        .slice(0, apiKey.length / 0.75)
        .replace(/[+/]/g, '[$&_-]')}`,
      'gi',
    );
    return text.replace(forms, '[redacted]');
  };
};

/**
 * Checks the options both clients share and gives what every request carries: the base URL, headers and key.
 */
export function connect(caller: string, options: ConnectionOptions): Connection {
  const {
    apiKey,
    baseUrl,
    fetch,
    mediaType = 'application/vnd.service.v1+json',
    headers = {},
    sdkHeader = true,
  } = options ?? ({} as ConnectionOptions);
  const redact = redactor(apiKey);
  const page = (globalThis as { location?: { href: string; origin: string } }).location;
  const path = typeof baseUrl === 'string' && baseUrl[0] === '/';
  const base = (path && page ? new URL(baseUrl, page.href).href : baseUrl) as string;
  // Keyless by intent (`apiKey: null`), or left out towards the page's own origin (a proxy that adds the key).
  const keyless = apiKey === null;
  const samePage = page != null && typeof base === 'string' && base.startsWith(`${page.origin}/`);
  checkOptions(caller, redact, [
    [
      'apiKey',
      apiKey,
      keyless || (apiKey === undefined && samePage) || (apiKey && typeof apiKey === 'string'),
      page
        ? "a non-empty string (it may be left out only when baseUrl is on the page's own origin, behind a proxy that adds the key)"
        : 'a non-empty string, or null for a keyless client of your own proxy (createFlightSearchProxy), which adds the key',
    ],
    // Headers would refuse CR, LF and NUL with the whole key in its message, and trim spaces around it.
    ['apiKey', apiKey, !/[^ -~]|^ | $/.test(apiKey as string), 'trimmed printable ASCII'],
    [
      'baseUrl',
      baseUrl,
      // A keyless client made before there is a page (server rendering) may keep a path for the browser's copy.
      /^https?:\/\/./.test(base) || (keyless && !page && path),
      'an absolute http(s) URL such as "https://api.example.com"' +
        (page
          ? ' or a path on the page\'s origin such as "/api/flight-search"'
          : path
            ? ' (a path such as "/api" needs a page to resolve it against)'
            : ''),
    ],
    ['fetch', fetch, !fetch || typeof fetch === 'function', 'a function (request) => Promise<Response>'],
    [
      'mediaType',
      mediaType,
      /^application\/(vnd\.service\.v1\+)?json$/.test(mediaType),
      '"application/vnd.service.v1+json" or "application/json"',
    ],
    ['headers', headers, isPlainObject(headers), 'an object of header names and values'],
  ]);
  const common = new Headers(headers);
  common.set('accept', mediaType);
  // Not from a browser: a header the service's CORS does not allow would fail the preflight.
  if (sdkHeader && !page) common.set('x-flight-search-sdk', SDK_VERSION);
  return {
    origin: base.replace(/\/+$/, ''),
    headers: common,
    withKey: (headers = common) => {
      const copy = new Headers(headers);
      if (apiKey != null) copy.set('x-api-key', apiKey);
      return copy;
    },
    redact,
  };
}
