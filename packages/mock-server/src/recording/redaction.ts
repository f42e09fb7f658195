/** What stands in for an API key wherever the mock would otherwise show it. */
export const REDACTED = '[redacted]';

const MENTIONS_KEY = /key/i;

/**
 * A path as the mock may show it: everything after the first segment that mentions "key" (any case,
 * percent-decoded) is `[redacted]`; a segment hiding a slash (`keys%2FSECRET`) is redacted whole.
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

/** Whether `name` mentions "key", in any case and percent-decoded: what the mock redacts after or under. */
export function mentionsKey(name: string): boolean {
  return MENTIONS_KEY.test(decode(name));
}

/**
 * A query string as the mock may show it: the value of each parameter whose name mentions "key" redacted.
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
