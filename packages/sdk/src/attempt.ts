import { AbortError, apiError, ConnectionError, FlightSearchError, TimeoutError } from './errors.js';

/** What openapi-fetch resolves with. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export const aborted = (what: string, signal: AbortSignal) => new AbortError(what + ' aborted', { cause: signal.reason });

/**
 * One attempt of one call. It gets its own AbortController, aborted by its own time-out or by
 * the caller's signal, so a retry never inherits an aborted signal; the timer and the listener
 * are released when the attempt settles. Non-2xx answers become typed errors; failures without
 * an answer become AbortError (the caller's signal), TimeoutError or ConnectionError.
 */
export async function attempt(
  call: (signal: AbortSignal) => Promise<FetchResult>,
  what: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  if (signal?.aborted) throw aborted(what, signal);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const { data, error, response } = await call(controller.signal);
    if (response.ok) return data;
    throw apiError(response.status, error, response.headers, what);
  } catch (e) {
    throw e instanceof FlightSearchError
      ? e
      : signal?.aborted
        ? aborted(what, signal)
        : controller.signal.aborted
          ? new TimeoutError(`${what} timed out after ${timeoutMs} ms`, { timeoutMs, cause: e })
          : new ConnectionError(`${what} failed: ${e}`, { cause: e });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
