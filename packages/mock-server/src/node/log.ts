/** What the server reports about one finished request. Never headers, bodies or query strings. */
export interface RequestLogEntry {
  /** The HTTP method. */
  method: string;
  /** The path without its query string; an API key in a control path is replaced by `[redacted]`. */
  path: string;
  /** The status sent, or `null` when the client went away before the answer. */
  status: number | null;
  /** From the request's arrival until its answer was written or the client went away, in ms. */
  durationMs: number;
}

/** The server's `log` option: called once per finished request; whatever it throws is ignored. */
export type RequestLogger = (entry: RequestLogEntry) => void;

/** The default logger: one line per request on stderr, such as `POST /flights/search 200 12ms`. */
export const stderrLogger: RequestLogger = (entry) => {
  process.stderr.write(`${entry.method} ${entry.path} ${entry.status ?? 'aborted'} ${Math.round(entry.durationMs)}ms\n`);
};

const KEY_PATH = /^(\/__mock\/keys\/)[^/]+/;

/** The part of a request target that is safe to log: no query string, no API key. */
export function loggablePath(target: string): string {
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  return path.replace(KEY_PATH, '$1[redacted]');
}
