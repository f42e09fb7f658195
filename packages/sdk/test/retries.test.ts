import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  AuthenticationError,
  ConnectionError,
  FlightSearchApiError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ValidationError,
} from '../src/index.js';
import { defaultRetryDelay } from '../src/internal/retry.js';
import { client, envelope, json, quotaAnswer, route } from './helpers.js';

const fail = (status: number, headers?: Record<string, string>) => json(envelope('X', 'failed'), status, headers);

describe('retries', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries a GET answered %i and returns the later success', async (status) => {
    const seen = route('get', '/quota', (_, n) => (n < 3 ? fail(status) : json(quotaAnswer)));
    await expect(client().getQuota()).resolves.toEqual(quotaAnswer);
    expect(seen).toHaveLength(3);
  });

  it('gives up after maxRetries + 1 attempts and throws the last error', async () => {
    const seen = route('get', '/quota', () => fail(503));
    await expect(client({ maxRetries: 2 }).getQuota()).rejects.toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(3);
  });

  it('makes one attempt with maxRetries: 0', async () => {
    const seen = route('get', '/quota', () => fail(503));
    await expect(client({ maxRetries: 0 }).getQuota()).rejects.toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(1);
  });

  it.each([
    [400, FlightSearchApiError],
    [401, AuthenticationError],
    [404, NotFoundError],
    [422, ValidationError],
  ])('does not retry a GET answered %i', async (status, Class) => {
    const seen = route('get', '/quota', () => fail(status));
    await expect(client({ maxRetries: 3 }).getQuota()).rejects.toBeInstanceOf(Class);
    expect(seen).toHaveLength(1);
  });

  it('retries a GET after a connection failure and throws ConnectionError with its cause when they persist', async () => {
    const seen = route('get', '/quota', () => HttpResponse.error());
    const error = (await client({ maxRetries: 1 })
      .getQuota()
      .catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toBeInstanceOf(Error);
    expect(seen).toHaveLength(2);
  });

  it('retries the price history too', async () => {
    const seen = route('get', '/intelligence/flights/history', (_, n) =>
      n === 1 ? fail(500) : json({ total: 0, lookbackDays: 1, flights: [] }),
    );
    await client().getPriceHistory({
      origin: 'GRU',
      destination: 'JFK',
      cabinType: 'ECONOMY',
      airlineLoyalty: 'PROGRAM_1',
      lookbackDays: 1,
    });
    expect(seen).toHaveLength(2);
  });

  it('RATE-1: passes Retry-After to the delay (attempt number, milliseconds)', async () => {
    route('get', '/quota', (_, n) =>
      n === 1 ? fail(429, { 'Retry-After': '3' }) : n === 2 ? fail(503) : json(quotaAnswer),
    );
    const retryDelay = vi.fn(() => 0);
    await client({ retryDelay }).getQuota();
    expect(retryDelay.mock.calls).toEqual([
      [0, 3000],
      [1, undefined],
    ]);
  });

  it('RATE-1: throws instead of waiting when Retry-After is over 60 s', async () => {
    const seen = route('get', '/quota', () => fail(429, { 'Retry-After': '120' }));
    const error = (await client()
      .getQuota()
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(seen).toHaveLength(1);
  });

  it("ends the wait between attempts when the caller's signal aborts, and sends nothing more", async () => {
    const seen = route('get', '/quota', () => fail(503));
    const controller = new AbortController();
    const call = client({ retryDelay: () => 60_000 }).getQuota({ signal: controller.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort(new Error('user left'));
    const error = (await call.catch((e: unknown) => e)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect((error.cause as Error).message).toBe('user left');
    expect(seen).toHaveLength(1);
  });

  describe('the default retryDelay, on a fake clock', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    /** Attempts the service has seen after `ms` more of fake time. */
    const after = async (seen: Request[], ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return seen.length;
    };

    it('RATE-1: a 429 with Retry-After: 2 is retried 2 s later, not before', async () => {
      const seen = route('get', '/quota', (_, n) => (n === 1 ? fail(429, { 'Retry-After': '2' }) : json(quotaAnswer)));
      const call = client({ retryDelay: undefined }).getQuota();
      expect(await after(seen, 1999)).toBe(1);
      expect(await after(seen, 1)).toBe(2);
      await expect(call).resolves.toEqual(quotaAnswer);
    });

    it.each([
      [500, 0],
      [450, 0.4],
      [380, 0.96],
    ])(
      'a 503 is retried first after 375 to 500 ms: 500 ms less up to a quarter as jitter, here %i ms with Math.random() at %s',
      async (ms, random) => {
        vi.spyOn(Math, 'random').mockReturnValue(random);
        const seen = route('get', '/quota', (_, n) => (n === 1 ? fail(503) : json(quotaAnswer)));
        const call = client({ retryDelay: undefined }).getQuota();
        expect(await after(seen, 374)).toBe(1);
        expect(await after(seen, ms - 375)).toBe(1);
        expect(await after(seen, 1)).toBe(2);
        await expect(call).resolves.toEqual(quotaAnswer);
      },
    );
  });

  describe('defaultRetryDelay', () => {
    it('starts near 500 ms and doubles, with up to 25 % jitter below', () => {
      for (let i = 0; i < 50; i++) {
        expect(defaultRetryDelay(0, undefined)).toBeGreaterThanOrEqual(375);
        expect(defaultRetryDelay(0, undefined)).toBeLessThanOrEqual(500);
        expect(defaultRetryDelay(1, undefined)).toBeGreaterThanOrEqual(750);
        expect(defaultRetryDelay(1, undefined)).toBeLessThanOrEqual(1000);
        expect(defaultRetryDelay(2, undefined)).toBeGreaterThanOrEqual(1500);
      }
    });

    it('caps the backoff at 8 s', () => {
      for (let i = 0; i < 50; i++) {
        expect(defaultRetryDelay(10, undefined)).toBeLessThanOrEqual(8000);
        expect(defaultRetryDelay(10, undefined)).toBeGreaterThanOrEqual(6000);
      }
    });

    it('jitters: repeated calls do not all agree', () => {
      expect(new Set(Array.from({ length: 20 }, () => defaultRetryDelay(3, undefined))).size).toBeGreaterThan(1);
    });

    it('honours Retry-After when the service sent it', () => {
      expect(defaultRetryDelay(0, 2000)).toBe(2000);
      expect(defaultRetryDelay(4, 0)).toBe(0);
    });
  });
});
