/** What the server reports about one finished request. Never headers, bodies or query strings. */
export interface RequestLogEntry {
  method: string;
  /** The path without its query string; an API key in a control path is replaced by `[redacted]`. */
  path: string;
  /** The status sent, or `null` when the client went away before the answer. */
  status: number | null;
  durationMs: number;
}

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
