import { aborted } from './attempt.js';
import { ConnectionError, FlightSearchApiError } from './errors.js';
import { retryAfterMs } from './retry-after.js';

/** Longest `Retry-After` the client waits for; a longer one is thrown to the caller instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The default wait before retry number `attempt + 1`: the service's `Retry-After` when it sent
 * one, otherwise exponential backoff from 500 ms, doubling, capped at 8 s, minus up to 25 %
 * jitter so that many clients do not retry in step.
 */
export const defaultRetryDelay = (attempt: number, retryAfter: number | undefined): number =>
  retryAfter ?? Math.min(8000, 500 * 2 ** attempt) * (1 - Math.random() / 4);

/** 408, 429, 5xx and failures without an answer (connection, per-attempt time-out) are worth another try. */
const retryable = (e: unknown) =>
  e instanceof ConnectionError || (e instanceof FlightSearchApiError && (e.status == 408 || e.status == 429 || e.status >= 500));

/**
 * Runs `once` up to `retries + 1` times. Only for calls that cost nothing (GET): a search is
 * never passed here. The caller's signal ends the wait between attempts with an AbortError.
 */
export async function withRetries<T>(
  once: () => Promise<T>,
  retries: number,
  delay: (attempt: number, retryAfterMs: number | undefined) => number,
  what: string,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await once();
    } catch (e) {
      const after = e instanceof FlightSearchApiError ? retryAfterMs(e.headers) : undefined;
      if (n >= retries || !retryable(e) || after! > MAX_RETRY_AFTER_MS) throw e;
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          signal?.aborted ? reject(aborted(what, signal)) : resolve();
        };
        const timer = setTimeout(done, delay(n, after));
        signal?.addEventListener('abort', done);
      });
    }
  }
}
