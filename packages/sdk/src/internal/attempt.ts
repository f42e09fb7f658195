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

/** One call as each attempt sends it. */
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

/** A failed attempt's error, with its answer's status and `Retry-After`. */
export type AttemptError = FlightSearchError & { status?: number; retryAfterMs?: number };

/** How one attempt ended: `[answer, undefined, data]`, or `[answer?, error]`. */
export type Outcome = [response: Response | undefined, error?: AttemptError, data?: unknown];

/** A copy of `headers` with the values that echo the key redacted. */
export const redactHeaders = (headers: Headers, redact: (text: string) => string) =>
  new Headers([...headers].map(([name, value]) => [name, redact(value)] as [string, string]));

/**
 * One attempt: sends the request with its time-out and the caller's signal, reads and classifies the answer. Never throws.
 */
export async function attempt(call: Call, headers: Headers): Promise<Outcome> {
  const { method, url, signal, timeoutMs } = call;
  // A controller and a timer cleared on settling (cheaper than AbortSignal.timeout and .any in Node 20); the timer
  // rejects the attempt itself, even when a custom fetch ignores the signal.
  const timeout = new AbortController();
  let fail: (reason: unknown) => void;
  const stop = timer(timeoutMs, signal, () => {
    timeout.abort();
    fail(timeout.signal.reason);
  });
  try {
    signal?.throwIfAborted();
    const [response, text] = await new Promise<[Response, string?]>((resolve, reject) => {
      fail = reject;
      // A redirect is never followed: fetch would re-send the key, and a 307/308 a charged search.
      read(call, { method, headers, body: call.body, signal: timeout.signal, redirect: 'manual' }).then(
        resolve,
        reject,
      );
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
 * Fetches the answer and reads its text, at most `maxResponseBytes` counted as they come (a `Content-Length` may lie);
 * a redirect's body or one past the limit is cancelled unread, and the text is `undefined`.
 */
async function read(
  { fetch: fetchImpl, target, maxResponseBytes }: Call,
  init: RequestInit,
): Promise<[Response, string?]> {
  const response = await (fetchImpl ? fetchImpl(new Request(target, init)) : fetch(target, init));
  const reader = response.body?.getReader();
  if (!isRedirect(response) && !(+response.headers.get('content-length')! > maxResponseBytes)) {
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
 * What an answer means: its JSON as the call's data, or the typed error of a redirect, an answer too large, a 2xx that is not JSON, or its status.
 */
function classify({ method, url, redact, maxResponseBytes }: Call, response: Response, text?: string): Outcome {
  const { status, headers } = response;
  // An error's fields, its message `<status> <text> (<method> <url>)`: only an error copies the headers.
  const about = (text = '') => ({
    status,
    method,
    url,
    headers: redactHeaders(headers, redact),
    message: `${status} ${text} (${method} ${url})`,
  });
  if (isRedirect(response)) {
    const location = headers.get('location');
    const to = location == null ? undefined : redact(location);
    return [
      response,
      new RedirectError({
        ...about(`redirect${to ? ` to ${to}` : ''} not followed: the API key is sent to baseUrl only`),
        location: to,
      }),
    ];
  }
  if (text === undefined)
    return [
      response,
      new ResponseTooLargeError({
        ...about(`answer over maxResponseBytes (${maxResponseBytes} bytes), not read further`),
        maxResponseBytes,
      }),
    ];
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch (e) {
    // The parser's message quotes the text, which may hold a piece of the key: only the position is kept.
    const at = / at position \d+/.exec((e as Error).message)?.[0] ?? '';
    if (response.ok) return [response, new InvalidResponseError(about(text ? `invalid JSON${at}` : 'empty body'))];
  }
  return [response, response.ok ? undefined : apiError(data, about(), `${method} ${url}`, redact), data];
}
