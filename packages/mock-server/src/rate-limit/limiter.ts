/**
 * Fixed-window request counter per API key (`RATE-1`, D10). `take` counts the
 * request when the window has room, or says how many seconds until it has.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly requests: number,
    private readonly windowMs: number,
  ) {}

  /** Forgets `key`'s window: its next request starts a new one (a key's reset, D154). */
  forget(key: string): void {
    this.#windows.delete(key);
  }

  take(key: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    let window = this.#windows.get(key);
    if (!window || now >= window.start + this.windowMs || now < window.start) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    if (window.count >= this.requests) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) };
    }
    window.count++;
    return { ok: true };
  }
}
