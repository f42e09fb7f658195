import type { MockRequest } from '../answer.js';
import { RECORDED_REQUESTS_CAP } from '../defaults.js';
import type { RecordedRequest } from '../types.js';

const REDACTED = '[redacted]';

/**
 * One received request as the log keeps it: the request's own header pairs and
 * query string, turned into `RecordedRequest`'s records (lower-case names,
 * `x-api-key` redacted) only when `requests()` is read, so recording costs a
 * request almost nothing. The pipeline fills `body`, `status`, `endedAt`, `aborted`.
 */
export interface LogEntry {
  readonly id: number;
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly rawHeaders: readonly string[];
  /** A body that is not text (the default `null`). */
  body: unknown;
  /** The body's text as received: `requests()` lists it parsed when it is JSON (kept as text, a few hundred bytes instead of an object tree per request). */
  bodyText?: string;
  readonly receivedAt: number;
  endedAt?: number;
  status?: number;
  aborted: boolean;
}

/** What the mock received, bounded to the most recent requests, with API keys redacted. */
export class RequestLog {
  #next = 1;
  #entries: LogEntry[] = [];
  #head = 0;

  constructor(private readonly cap: number = RECORDED_REQUESTS_CAP) {}

  /** Starts a record for `request` (its parsed `url`) at mock time `now`. */
  start(request: MockRequest, url: URL, path: string, now: number): LogEntry {
    const entry: LogEntry = {
      id: this.#next++,
      method: request.method,
      path,
      search: url.search,
      rawHeaders: request.rawHeaders(),
      body: null,
      receivedAt: now,
      aborted: false,
    };
    // With cap 0 the pipeline still fills the entry (status, times), but nothing keeps it.
    if (this.cap === 0) return entry;
    this.#entries.push(entry);
    // Drop the oldest in batches, so a full log does not shift 10 000 entries per request.
    if (this.#entries.length - this.#head > this.cap) {
      this.#head++;
      if (this.#head >= 1024 || this.#head * 2 >= this.#entries.length) {
        this.#entries = this.#entries.slice(this.#head);
        this.#head = 0;
      }
    }
    return entry;
  }

  /** Fresh copies, so a caller cannot change the log. */
  list(): RecordedRequest[] {
    const list: RecordedRequest[] = [];
    for (let i = this.#head; i < this.#entries.length; i++) list.push(toRecorded(this.#entries[i]!));
    return list;
  }
}

function toRecorded(entry: LogEntry): RecordedRequest {
  const query: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(entry.search)) (query[name] ??= []).push(value);
  // As Fetch's Headers list them: lower-case names in order, repeated values joined by ", ".
  const joined = new Map<string, string>();
  const raw = entry.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name.charCodeAt(0) === 58) continue; // HTTP/2 pseudo-headers (":path")
    const value = raw[i + 1]!;
    const before = joined.get(name);
    joined.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  const headers: Record<string, string> = {};
  for (const name of [...joined.keys()].sort()) headers[name] = name === 'x-api-key' ? REDACTED : joined.get(name)!;
  const recorded: RecordedRequest = {
    id: entry.id,
    method: entry.method,
    path: entry.path,
    query,
    headers,
    body: entry.bodyText === undefined ? structuredClone(entry.body) : parseBody(entry.bodyText),
    receivedAt: entry.receivedAt,
    aborted: entry.aborted,
  };
  if (entry.status !== undefined) recorded.status = entry.status;
  if (entry.endedAt !== undefined) recorded.endedAt = entry.endedAt;
  return recorded;
}

/** The parsed JSON body, the raw text when it is not JSON, or `null` for an empty one. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text === '' ? null : text;
  }
}
