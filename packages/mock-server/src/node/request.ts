import type { IncomingMessage } from 'node:http';
import type { MockRequest } from '../answer-types.js';

/** The origin-form (`/path?query`) of a request target, also for the absolute form a proxy sends. */
export function pathAndQuery(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return `/${target}`;
  }
}

/** The path of a request target without its query string. */
export function pathOf(target: string): string {
  const path = pathAndQuery(target);
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

/** The mock's plain request for a node:http request, without a Fetch round trip: headers as `Headers.get` gives them. */
export function toMockRequest(
  req: IncomingMessage,
  origin: string,
  body: Buffer | undefined,
  signal: () => AbortSignal,
  aborted: () => boolean,
): MockRequest {
  const raw = req.rawHeaders;
  return {
    method: req.method ?? 'GET',
    url: origin + pathAndQuery(req.url ?? '/'),
    headers: { get: (name: string) => rawHeader(raw, name) },
    rawHeaders: () => raw,
    text: () => Promise.resolve(body === undefined ? '' : decodeUtf8(body)),
    get signal() {
      return signal();
    },
    aborted,
  };
}

/** A header's value from node's flat `rawHeaders`, as `Headers.get` gives it (`req.headers` costs an object); `name` is lower case. */
export function rawHeader(raw: readonly string[], name: string): string | null {
  let found: string | null = null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const candidate = raw[i]!;
    if (candidate.length === name.length && (candidate === name || candidate.toLowerCase() === name)) {
      found = found === null ? raw[i + 1]! : `${found}, ${raw[i + 1]!}`;
    }
  }
  return found;
}

/** UTF-8 as Fetch's `text()` decodes it: a leading byte order mark is dropped. */
function decodeUtf8(bytes: Buffer): string {
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return bytes.toString('utf8', start);
}
