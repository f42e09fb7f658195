import { ConnectionError, type FlightSearchError, InvalidResponseError, ResponseTooLargeError } from '../errors.js';

/** A time-out a timer can wait: over 0 and below 2 ** 31 ms (longer ones fire at once). */
export const isTimeout = (ms: unknown): boolean => (ms as number) > 0 && (ms as number) < 2 ** 31;

/** Longest `Retry-After` the client waits for; a longer one is thrown to the caller instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The default wait before retry number `attempt + 1`: the service's `Retry-After` when it sent
 * one, otherwise exponential backoff from 500 ms, doubling, capped at 8 s, minus up to 25 %
 * jitter so that many clients do not retry in step.
 */
export const defaultRetryDelay = (attempt: number, retryAfter: number | undefined): number =>
  retryAfter ?? Math.min(8000, 500 * 2 ** attempt) * (1 - Math.random() / 4);

/**
 * Calls `done` once, after `ms` or when `signal` aborts, whichever comes first; the function it returns
 * cancels both and leaves no listener on `signal` (a caller's signal may live much longer than one call).
 */
export const timer = (ms: number, signal: AbortSignal | undefined, done: () => void) => {
  const fire = () => {
    stop();
    done();
  };
  const stop = () => {
    clearTimeout(id);
    signal?.removeEventListener('abort', fire);
  };
  const id = setTimeout(fire, ms);
  signal?.addEventListener('abort', fire);
  return stop;
};

/** Waits `ms`, or less when `signal` aborts first (the caller then sees the abort on its next step). */
export const wait = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => timer(ms, signal, resolve));

/** When a failed attempt is tried again: the client's retry rule as data, one per call. */
export interface RetryPolicy {
  /** Retries after the first attempt (`maxRetries`). */
  retries: number;
  /** Answers worth another try; a search's are only the 429 of `searchOn429`. */
  statuses: (status: number) => boolean;
  /** A search answered 429 is tried again (`retrySearchOn429`). */
  searchOn429: boolean;
}

/** The answers a GET call tries again: 408, 429 and every 5xx. */
export const TRANSIENT = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/**
 * Whether attempt number `attempt`, which ended with `error`, is followed by another. `search`: a POST
 * /flights/search, charged whenever the service accepts it.
 */
export function shouldRetry(
  policy: RetryPolicy,
  search: boolean,
  attempt: number,
  error: FlightSearchError & { status?: number; retryAfterMs?: number },
): boolean {
  const status = error.status ?? 0;
  // Out of retries, or the service asks for a longer wait than the client waits: the error goes to the caller.
  if (attempt > policy.retries || error.retryAfterMs! > MAX_RETRY_AFTER_MS) return false;
  // A search only on a 429, which the service refuses before any work, so nothing was charged (D63).
  if (search) return policy.searchOn429 && status === 429;
  // No answer (a connection failure or this attempt's time-out), or an unusable 2xx (empty or not JSON), as a proxy may send once.
  if (error instanceof ConnectionError || error instanceof InvalidResponseError) return true;
  // An answer over maxResponseBytes would be as large again; a redirect, other 4xx and an abort are final.
  return !(error instanceof ResponseTooLargeError) && policy.statuses(status);
}
