import { describe, expect, it } from 'vitest';
import {
  formatLocal,
  localToUtc,
  wallClock,
  OFFSET_CACHE_CAP,
  offsetCacheSize,
  offsetMinutes,
  parseLocalDate,
  utcToLocal,
} from './index.js';

describe('time zone arithmetic', () => {
  it('gives the offset of a zone, including on both sides of a DST change', () => {
    expect(offsetMinutes('America/Sao_Paulo', Date.parse('2026-12-15T12:00:00Z'))).toBe(-180);
    expect(offsetMinutes('Asia/Kolkata', Date.parse('2026-12-15T12:00:00Z'))).toBe(330);
    // New York leaves DST on 2026-11-01 at 06:00 UTC.
    expect(offsetMinutes('America/New_York', Date.parse('2026-11-01T05:59:00Z'))).toBe(-240);
    expect(offsetMinutes('America/New_York', Date.parse('2026-11-01T06:01:00Z'))).toBe(-300);
  });

  it('turns a local wall-clock time into its UTC instant and back', () => {
    const local = parseLocalDate('2026-07-01') + 9 * 3_600_000;
    const utc = localToUtc('Europe/Paris', local);
    expect(new Date(utc).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(formatLocal(utcToLocal('Europe/Paris', utc))).toBe('2026-07-01T09:00:00');
  });
});

describe('utcToLocal, the cached path every search takes for local now', () => {
  it('agrees with Intl to the second every 97 minutes over a year in zones with and without DST, both hemispheres', () => {
    const zones = [
      'America/New_York',
      'America/Sao_Paulo',
      'Europe/London',
      'Australia/Sydney',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'UTC',
    ];
    const start = Date.UTC(2026, 0, 1, 0, 0, 17);
    for (const zone of zones) {
      for (let utc = start; utc < start + 365 * 86_400_000; utc += 97 * 60_000) {
        if (utcToLocal(zone, utc) !== wallClock(zone, utc)) expect.fail(`${zone} at ${new Date(utc).toISOString()}`);
      }
    }
  });
});

describe('time zone offset cache', () => {
  it('stays within its bound however many distinct dates are asked for, and still answers exactly', () => {
    const start = Date.UTC(2027, 0, 1);
    for (let day = 0; day < 20_000; day++) offsetMinutes('America/Sao_Paulo', start + day * 86_400_000 + 43_200_000);
    expect(offsetCacheSize()).toBeLessThanOrEqual(OFFSET_CACHE_CAP);
    expect(offsetCacheSize()).toBeGreaterThan(0);
    // Days long evicted are worked out again, the same as before.
    expect(offsetMinutes('America/New_York', Date.parse('2026-11-01T05:59:00Z'))).toBe(-240);
    expect(offsetMinutes('America/New_York', Date.parse('2026-11-01T06:01:00Z'))).toBe(-300);
    expect(offsetMinutes('America/Sao_Paulo', start + 43_200_000)).toBe(-180);
  });
});
