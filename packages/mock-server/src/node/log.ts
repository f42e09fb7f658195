import { redactPath } from '../recording/redaction.js';
import { pathOf } from './request.js';

/** What the server reports about one finished request. Never headers, bodies or query strings. */
export interface RequestLogEntry {
  /** The HTTP method. */
  method: string;
  /** The path without its query string (an absolute-form target without its scheme and host); an API key in it is replaced by `[redacted]`. */
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
  process.stderr.write(
    `${entry.method} ${entry.path} ${entry.status ?? 'aborted'} ${Math.round(entry.durationMs)}ms\n`,
  );
};

/** The part of a request target that is safe to log or echo: its path only (also of an absolute-form target), no API key. */
export function loggablePath(target: string): string {
  return redactPath(pathOf(target));
}
