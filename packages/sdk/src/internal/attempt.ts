import {
  AbortError,
  apiError,
  ConnectionError,
  FlightSearchError,
  InvalidResponseError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
} from '../errors.js';

/** One call as each of its attempts sends it (the URL and the body are made once per call), and the client's settings they need. */
export interface Call {
  fetch: ((request: Request) => Promise<Response>) | undefined;
  maxResponseBytes: number;
  redact: (text: string) => string;
  method: 'GET' | 'POST';
  /** The URL without its query string, as errors name it. */
  url: string;
  /** `<method> <url>`, as error messages name the request. */
  what: string;
  /** The URL sent, query string included. */
  target: string;
  /** The JSON body, if any. */
  body: string | undefined;
  signal: AbortSignal | undefined;
  timeoutMs: number;
}

/** How one attempt ended: `[answer, data]`, or `[answer, , error]` with the answer absent when none was read. */
export type Outcome = [response: Response | undefined, data?: unknown, error?: FlightSearchError & { status?: number; retryAfterMs?: number }];

/** A copy of `headers` with the values that echo the key redacted: how an answer's headers are handed out. */
export const redactHeaders = (headers: Headers, redact: (text: string) => string) =>
  new Headers([...headers].map(([name, value]) => [name, redact(value)] as [string, string]));

// What an error about an answer carries, its message `<status> <text> (<method> <url>)`; only an
// error needs it, so a success copies no headers.
const about = (call: Call, response: Response, text = '') => ({
  status: response.status,
  method: call.method,
  url: call.url,
  headers: redactHeaders(response.headers, call.redact),
  message: `${response.status} ${text} (${call.what})`,
});

/**
 * One attempt: sends the request with its own time-out and the caller's signal, reads the answer and
 * classifies it. Never throws: a failure is the outcome's `error`.
 */
export async function attempt(call: Call, headers: Record<string, string>): Promise<Outcome> {
  const { signal } = call;
  // A controller and a timer cleared on settling: in Node 20 AbortSignal.timeout() costs about 20 times
  // more per call (its timer stays armed until the signal is garbage-collected). The caller's signal
  // gets a listener for the attempt, removed on settling: AbortSignal.any() would keep about 50 bytes
  // per call on a long-lived caller signal in Node 20.
  const timeout = new AbortController();
  const stop = () => timeout.abort();
  const timer = setTimeout(stop, call.timeoutMs);
  signal?.addEventListener('abort', stop);
  try {
    signal?.throwIfAborted();
    const [response, text] = await Promise.race([
      read(call, {
        method: call.method,
        headers,
        body: call.body,
        signal: timeout.signal,
        // D47: a redirect is never followed: fetch would re-send x-api-key to whatever origin the
        // Location names, and a 307/308 would send a search (a charge) again.
        redirect: 'manual',
      }),
      // D51: settles at the time-out or the caller's abort even when a custom fetch ignores the signal.
      new Promise<never>((_, reject) => timeout.signal.addEventListener('abort', () => reject(timeout.signal.reason))),
    ]);
    return classify(call, response, text);
  } catch (e) {
    const { what } = call;
    return [
      undefined,
      undefined,
      signal?.aborted
        ? new AbortError(`${what} aborted`, { cause: signal.reason })
        : timeout.signal.aborted
          ? new TimeoutError(`${what} timed out after ${call.timeoutMs} ms`, { timeoutMs: call.timeoutMs, cause: e })
          : e instanceof FlightSearchError
            ? e
            : new ConnectionError(`${what} failed: ${call.redact(String(e))}`, { cause: e }),
    ];
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * The exchange, up to the answer's text: refuses a redirect (D47), and reads the body whole but at most
 * `maxResponseBytes` of it (D50), counting the bytes themselves since a `Content-Length` may lie; past the
 * limit the stream is cancelled, which closes the connection. A custom `fetch` gets a `Request` (D64).
 */
async function read(call: Call, init: RequestInit): Promise<[Response, string]> {
  const { maxResponseBytes, redact } = call;
  const response = await (call.fetch ? call.fetch(new Request(call.target, init)) : fetch(call.target, init));
  const { status, body } = response;
  const reader = body?.getReader();
  let error;
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    const location = response.headers.get('location');
    const to = location == null ? undefined : redact(location);
    error = new RedirectError({
      ...about(call, response, `redirect${to ? ` to ${to}` : ''} not followed: the API key is sent to baseUrl only`),
      location: to,
    });
  } else if (!(+response.headers.get('content-length')! > maxResponseBytes)) {
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
  error ??= new ResponseTooLargeError({
    ...about(call, response, `answer over maxResponseBytes (${maxResponseBytes} bytes), not read further`),
    maxResponseBytes,
  });
  reader?.cancel().catch(() => {});
  throw error;
}

/** An answer's text as the call's data, or as the typed error of its status (or of a 2xx that is not JSON). */
function classify(call: Call, response: Response, text: string): Outcome {
  let data: unknown = text;
  try {
    // An empty body fails to parse too.
    data = JSON.parse(text);
  } catch (e) {
    // D89: the parser's message quotes the text around the failure, which may hold a piece of the key
    // no redaction can recognise: only the position it names, if any, is kept.
    const at = / at position \d+/.exec((e as Error).message)?.[0] ?? '';
    if (response.ok) return [response, undefined, new InvalidResponseError(about(call, response, text ? `invalid JSON${at}` : 'empty body'))];
  }
  return response.ok ? [response, data] : [response, undefined, apiError(data, about(call, response), call.what, call.redact)];
}
