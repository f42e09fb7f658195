/** What stands in for an API key wherever the mock would otherwise show it. */
export const REDACTED = '[redacted]';

const MENTIONS_KEY = /key/i;

/**
 * A path as the mock may show it (in logs, 404 messages, recorded requests):
 * everything after the first segment that mentions "key" (any case, after
 * percent-decoding: `keys`, `Keys`, `api-key`, `%6Beys`) is replaced by
 * `[redacted]`, so `/__mock/keys/SECRET`, `/__mock//keys/SECRET/x` and a
 * mistyped `/__mock/key/SECRET` never show the key. A segment that itself
 * hides a slash (`keys%2FSECRET`) is redacted whole. Paths of the service
 * never mention a key, so they are shown as they are.
 *
 * @example
 * redactPath('/__mock//keys/sk-live-1'); // '/__mock//keys/[redacted]'
 */
export function redactPath(path: string): string {
  if (!MENTIONS_KEY.test(path) && !path.includes('%')) return path;
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const decoded = decode(segments[i]!);
    if (!MENTIONS_KEY.test(decoded)) continue;
    if (decoded.includes('/')) return `${segments.slice(0, i).join('/')}/${REDACTED}`;
    const rest = segments.slice(i + 1);
    return rest.some((segment) => segment !== '') ? `${segments.slice(0, i + 1).join('/')}/${REDACTED}` : path;
  }
  return path;
}

/**
 * Whether `name` (a path segment, a query parameter's or a header's name)
 * mentions "key", in any case and after percent-decoding: what the mock
 * redacts after or under it (`keys`, `api_key`, `x-goog-api-key`, `%6Bey`).
 */
export function mentionsKey(name: string): boolean {
  return MENTIONS_KEY.test(decode(name));
}

/**
 * A query string as the mock may show it, by the rule of {@link redactPath}:
 * the value of each parameter whose name mentions "key" is replaced by
 * `[redacted]` (a parameter without a value that mentions it, whole); the
 * rest is kept as sent.
 *
 * @example
 * redactQuery('?key=sk-live-1&method=GET'); // '?key=[redacted]&method=GET'
 */
export function redactQuery(search: string): string {
  if (!MENTIONS_KEY.test(search) && !search.includes('%')) return search;
  const query = search.startsWith('?') ? search.slice(1) : search;
  const shown = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (!mentionsKey(name.replaceAll('+', ' '))) return pair;
    return equals === -1 ? REDACTED : `${name}=${REDACTED}`;
  });
  return `${search.startsWith('?') ? '?' : ''}${shown.join('&')}`;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
