import { describe, expect, it } from 'vitest';
import { AIRPORTS } from '../generated/airports.js';
import { cityCodes } from '../../../test/support/data-contract.js';
import { airport, distanceKm, expandCityCode, localNow } from './index.js';

describe('airport', () => {
  it('knows real airports with their name, country, zone and position', () => {
    expect(airport('GRU')).toMatchObject({ iata: 'GRU', country: 'BR', timeZone: 'America/Sao_Paulo' });
    expect(airport('GRU')?.lat).toBeCloseTo(-23.43, 1);
    expect(airport('JFK')).toMatchObject({
      name: 'John F. Kennedy International Airport',
      country: 'US',
      timeZone: 'America/New_York',
    });
    expect(airport('LHR')).toMatchObject({ country: 'GB', timeZone: 'Europe/London' });
  });

  it('returns undefined for a code that is no airport of the data set', () => {
    expect(airport('ZZZ')).toBeUndefined();
    expect(airport('NYC')).toBeUndefined();
  });

  it('has every airport of x-city-codes, and only time zones the runtime knows', () => {
    for (const code of Object.values(cityCodes).flat()) expect(airport(code), code).toBeDefined();
    const zones = new Set(AIRPORTS.split('\n').map((line) => airport(line.slice(0, 3))?.timeZone));
    for (const zone of zones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), zone).not.toThrow();
  });

  it('measures great-circle distances (GRU-JFK about 7 680 km)', () => {
    const gru = airport('GRU');
    const jfk = airport('JFK');
    if (!gru || !jfk) throw new Error('airports missing');
    expect(distanceKm(gru, jfk)).toBeGreaterThan(7600);
    expect(distanceKm(gru, jfk)).toBeLessThan(7750);
  });
});

describe('expandCityCode', () => {
  it('HISTORY-1: expands every IATA city code of openapi.yaml to its airports', () => {
    expect(expandCityCode('NYC')).toEqual(['JFK', 'LGA', 'EWR']);
    expect(expandCityCode('SAO')).toEqual(['GRU', 'CGH', 'VCP']);
    for (const [city, airports] of Object.entries(cityCodes)) expect(expandCityCode(city)).toEqual(airports);
  });

  it('HISTORY-1: expands a plain airport code (or an unknown code) to itself', () => {
    expect(expandCityCode('GRU')).toEqual(['GRU']);
    expect(expandCityCode('ZZZ')).toEqual(['ZZZ']);
    expect(expandCityCode('toString')).toEqual(['toString']);
  });

  it('returns a copy the caller may change', () => {
    expandCityCode('NYC').push('XXX');
    expect(expandCityCode('NYC')).toEqual(['JFK', 'LGA', 'EWR']);
  });
});

describe('localNow', () => {
  it('HISTORY-4: reads the wall clock in the airport zone, without a zone suffix', () => {
    const instant = Date.parse('2026-12-15T12:00:00Z');
    expect(localNow('GRU', instant)).toBe('2026-12-15T09:00:00');
    expect(localNow('JFK', instant)).toBe('2026-12-15T07:00:00');
    expect(localNow('NRT', instant)).toBe('2026-12-15T21:00:00');
  });

  it('HISTORY-4: follows daylight saving time (London in July is UTC+1)', () => {
    expect(localNow('LHR', Date.parse('2026-07-01T23:30:15Z'))).toBe('2026-07-02T00:30:15');
    expect(localNow('LHR', Date.parse('2026-01-01T23:30:15Z'))).toBe('2026-01-01T23:30:15');
  });

  it('reads UTC for an unknown airport', () => {
    expect(localNow('ZZZ', Date.parse('2026-12-15T12:00:00Z'))).toBe('2026-12-15T12:00:00');
  });
});
