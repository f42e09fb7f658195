import {
  AbortError,
  apiError,
  ConnectionError,
  type FlightSearchError,
  InvalidResponseError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
} from '../errors.js';
import { timer } from './retry.js';

/** One call as each of its attempts sends it (the URL and the body are made once per call), and the client's settings they need. */
export interface Call {
  fetch: ((request: Request) => Promise<Response>) | undefined;
  maxResponseBytes: number;
  redact: (text: string) => string;
  method: 'GET' | 'POST';
  /** The URL without its query string, as errors name it. */
  url: string;
  /** The URL sent, query string included. */
  target: string;
  /** The JSON body, if any. */
  body: string | undefined;
  signal: AbortSignal | undefined;
  timeoutMs: number;
}

/** A failed attempt's error, with the status and `Retry-After` of its answer when it had one. */
export type AttemptError = FlightSearchError & { status?: number; retryAfterMs?: number };

/** How one attempt ended: `[answer, undefined, data]`, or `[answer, error]` with the answer absent when none came. */
export type Outcome = [response: Response | undefined, error?: AttemptError, data?: unknown];

/** A copy of `headers` with the values that echo the key redacted: how an answer's headers are handed out. */
export const redactHeaders = (headers: Headers, redact: (text: string) => string) =>
  new Headers([...headers].map(([name, value]) => [name, redact(value)] as [string, string]));

/**
 * One attempt: sends the request with its own time-out and the caller's signal, reads the answer and
 * classifies it. Never throws: a failure is the outcome's `error`.
 */
export async function attempt(call: Call, headers: Headers): Promise<Outcome> {
  const { method, url, signal, timeoutMs } = call;
  // A controller and a timer cleared on settling: in Node 20 AbortSignal.timeout() costs about 20 times
  // more per call (its timer stays armed until the signal is garbage-collected). The caller's signal
  // gets a listener for the attempt, removed on settling: AbortSignal.any() would keep about 50 bytes
  // per call on a long-lived caller signal in Node 20.
  const timeout = new AbortController();
  // D51: the timer rejects the attempt itself at the time-out or the caller's abort, even when a custom fetch
  // ignores the signal. No listener on the attempt's signal: undici keeps that signal until it collects the
  // Request, and a listener there would keep the attempt, its answer and its text as long (issue 40).
  let fail: (reason: unknown) => void;
  const stop = timer(timeoutMs, signal, () => {
    timeout.abort();
    fail(timeout.signal.reason);
  });
  try {
    signal?.throwIfAborted();
    const [response, text] = await new Promise<[Response, string?]>((resolve, reject) => {
      fail = reject;
      // D47: a redirect is never followed: fetch would re-send x-api-key to whatever origin the
      // Location names, and a 307/308 would send a search (a charge) again.
      read(call, { method, headers, body: call.body, signal: timeout.signal, redirect: 'manual' }).then(resolve, reject);
    });
    return classify(call, response, text);
  } catch (e) {
    return [
      undefined,
      signal?.aborted
        ? new AbortError(`${method} ${url} aborted`, { cause: signal.reason })
        : timeout.signal.aborted
          ? new TimeoutError(`${method} ${url} timed out after ${timeoutMs} ms`, { timeoutMs, cause: e })
          : new ConnectionError(`${method} ${url} failed: ${call.redact(String(e))}`, { cause: e }),
    ];
  } finally {
    stop();
  }
}

const isRedirect = ({ type, status }: Response) => type === 'opaqueredirect' || (status >= 300 && status < 400);

/**
 * Fetches the answer and reads its text whole, but at most `maxResponseBytes` of it (D50), counting the bytes
 * themselves since a `Content-Length` may lie. A redirect's body is not read, nor one past the limit: the
 * stream is cancelled, which closes the connection, and the text is `undefined`. A custom `fetch` gets a `Request` (D64).
 */
async function read({ fetch: fetchImpl, target, maxResponseBytes }: Call, init: RequestInit): Promise<[Response, string?]> {
  const response = await (fetchImpl ? fetchImpl(new Request(target, init)) : fetch(target, init));
  const reader = response.body?.getReader();
  if (!isRedirect(response) && !(+response.headers.get('content-length')! > maxResponseBytes)) {
    // Within the announced size (or none announced): the bytes are counted as they come.
    const decoder = new TextDecoder();
    let text = '';
    let size = 0;
    while (reader) {
      const chunk = await reader.read();
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxResponseBytes) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    if (size <= maxResponseBytes) return [response, text + decoder.decode()];
  }
  reader?.cancel().catch(() => {});
  return [response];
}

/**
 * What an answer means: its JSON as the call's data, or the typed error of a redirect (D47), of an answer over
 * `maxResponseBytes` (no `text`), of a 2xx that is not JSON, or of its status.
 */
function classify({ method, url, redact, maxResponseBytes }: Call, response: Response, text?: string): Outcome {
  const { status, headers } = response;
  // What an error about the answer carries, its message `<status> <text> (<method> <url>)`; only an
  // error needs it, so a success copies no headers.
  const about = (text = '') => ({ status, method, url, headers: redactHeaders(headers, redact), message: `${status} ${text} (${method} ${url})` });
  if (isRedirect(response)) {
    const location = headers.get('location');
    const to = location == null ? undefined : redact(location);
    return [response, new RedirectError({ ...about(`redirect${to ? ` to ${to}` : ''} not followed: the API key is sent to baseUrl only`), location: to })];
  }
  if (text === undefined)
    return [response, new ResponseTooLargeError({ ...about(`answer over maxResponseBytes (${maxResponseBytes} bytes), not read further`), maxResponseBytes })];
  let data: unknown = text;
  try {
    // An empty body fails to parse too.
    data = JSON.parse(text);
  } catch (e) {
    // D89: the parser's message quotes the text around the failure, which may hold a piece of the key
    // no redaction can recognise: only the position it names, if any, is kept.
    const at = / at position \d+/.exec((e as Error).message)?.[0] ?? '';
    if (response.ok) return [response, new InvalidResponseError(about(text ? `invalid JSON${at}` : 'empty body'))];
  }
  return [response, response.ok ? undefined : apiError(data, about(), `${method} ${url}`, redact), data];
}
