import { describe, expect, it } from 'vitest';
import { call, useMockService } from './support/msw.js';

let clock = 1_000_000;
const service = useMockService({ now: () => clock });

describe('RATE-1 rate limit', () => {
  it('RATE-1: is off by default', async () => {
    service.mock();
    const statuses = await Promise.all(Array.from({ length: 30 }, () => call('/quota').then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('RATE-1: answers 429 RATE_LIMIT_EXCEEDED with Retry-After once a key used its window, per key', async () => {
    clock = 1_000_000;
    service.mock({ rateLimit: { requests: 2, windowMs: 10_000 } });
    expect((await call('/quota')).status).toBe(200);
    expect((await call('/quota')).status).toBe(200);
    clock += 2_500;
    const limited = await call('/quota');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('8');
    const { error } = await limited.json();
    expect(error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(error.message).toContain('8 seconds');
    expect((await call('/quota', { key: 'search-only-key' })).status).toBe(200);
    clock += 7_500;
    expect((await call('/quota')).status).toBe(200);
  });

  it('D2: the 429 comes after authentication and before negotiation', async () => {
    clock = 1_000_000;
    service.mock({ rateLimit: { requests: 1, windowMs: 1_000 } });
    await call('/quota');
    expect((await call('/quota', { key: null })).status).toBe(401);
    expect((await call('/quota', { headers: { accept: 'application/xml' } })).status).toBe(429);
  });
});
