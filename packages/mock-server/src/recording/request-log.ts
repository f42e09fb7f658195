import { RECORDED_REQUESTS_CAP } from '../defaults.js';
import type { RecordedRequest } from '../types.js';

const REDACTED = '[redacted]';

/** What the mock received, bounded to the most recent requests, with API keys redacted. */
export class RequestLog {
  #next = 1;
  #entries: RecordedRequest[] = [];

  /** Starts a record for `request` at mock time `now`; the caller fills `body`, `status`, `endedAt`, `aborted`. */
  start(request: Request, path: string, now: number): RecordedRequest {
    const url = new URL(request.url);
    const query: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = name === 'x-api-key' ? REDACTED : value;
    });
    const record: RecordedRequest = {
      id: this.#next++,
      method: request.method,
      path,
      query,
      headers,
      body: null,
      receivedAt: now,
      aborted: false,
    };
    this.#entries.push(record);
    if (this.#entries.length > RECORDED_REQUESTS_CAP) this.#entries.splice(0, this.#entries.length - RECORDED_REQUESTS_CAP);
    return record;
  }

  /** Copies, so a caller cannot change the log. */
  list(): RecordedRequest[] {
    return this.#entries.map((entry) => structuredClone(entry));
  }
}
