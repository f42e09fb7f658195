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

/** Waits `ms`, or less when `signal` aborts first (the caller then sees the abort on its next step); leaves no listener behind. */
export const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
