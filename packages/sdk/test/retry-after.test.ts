import { describe, expect, it, vi } from 'vitest';
import { ServerError } from '../src/index.js';
import { retryAfterMs } from '../src/internal/retry-after.js';
import { client, envelope, json, quotaAnswer, route } from './helpers.js';

// Counts how often Retry-After is parsed.
vi.mock('../src/internal/retry-after.js', async (original) => {
  const { retryAfterMs } = await original<typeof import('../src/internal/retry-after.js')>();
  return { retryAfterMs: vi.fn(retryAfterMs) };
});

describe('Retry-After, read in one place', () => {
  it('is parsed once per answer: the error carries it and the retry waits what the error says', async () => {
    route('get', '/quota', (_, n) =>
      n === 1 ? json(envelope('RATE_LIMIT_EXCEEDED', 'Slow down.'), 429, { 'Retry-After': '4' }) : json(quotaAnswer),
    );
    vi.mocked(retryAfterMs).mockClear();
    const retryDelay = vi.fn(() => 0);
    await client({ retryDelay }).getQuota();
    expect(retryDelay.mock.calls).toEqual([[0, 4000]]);
    expect(retryAfterMs).toHaveBeenCalledTimes(1);
  });

  it('is on every API error that has it: a 503 ServerError with Retry-After has retryAfterMs', async () => {
    route('get', '/quota', () => json(envelope('HTTP_ERROR', 'Maintenance.'), 503, { 'Retry-After': '7' }));
    const error = (await client({ maxRetries: 0 })
      .getQuota()
      .catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.retryAfterMs).toBe(7000);
  });
});
