import { ConnectionError, type FlightSearchError, InvalidResponseError, ResponseTooLargeError } from '../errors.js';

/** A time-out a timer can wait: over 0 and below 2 ** 31 ms. */
export const isTimeout = (ms: unknown): boolean => (ms as number) > 0 && (ms as number) < 2 ** 31;

/** Longest `Retry-After` the client waits for. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The default wait before retry `attempt + 1`: `Retry-After`, else backoff from 500 ms, doubling to 8 s, minus up to 25 % jitter.
 */
export const defaultRetryDelay = (attempt: number, retryAfter: number | undefined): number =>
  retryAfter ?? Math.min(8000, 500 * 2 ** attempt) * (1 - Math.random() / 4);

/**
 * Calls `done` once, after `ms` or when `signal` aborts; the function it returns cancels both and leaves no listener.
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

/** Waits `ms`, or less when `signal` aborts first. */
export const wait = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => timer(ms, signal, resolve));

/** When a failed attempt is tried again, per call. */
export interface RetryPolicy {
  /** Retries after the first attempt (`maxRetries`). */
  retries: number;
  /** Answers worth another try (GET calls). */
  statuses: (status: number) => boolean;
  /** A search answered 429 is tried again (`retrySearchOn429`). */
  searchOn429: boolean;
}

/** The answers a GET call tries again: 408, 429 and every 5xx. */
export const TRANSIENT = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/**
 * Whether attempt `attempt`, which ended with `error`, is followed by another. `search`: a charged POST /flights/search.
 */
export function shouldRetry(
  policy: RetryPolicy,
  search: boolean,
  attempt: number,
  error: FlightSearchError & { status?: number; retryAfterMs?: number },
): boolean {
  const status = error.status ?? 0;
  if (attempt > policy.retries || error.retryAfterMs! > MAX_RETRY_AFTER_MS) return false;
  // A search only on a 429, refused before any work, so not charged.
  if (search) return policy.searchOn429 && status === 429;
  if (error instanceof ConnectionError || error instanceof InvalidResponseError) return true;
  return !(error instanceof ResponseTooLargeError) && policy.statuses(status);
}
