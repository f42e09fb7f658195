import type { ProgramCode } from '@flight-search/contract';
import { describe, expect, it } from 'vitest';
import { generateFlights } from '../flights/index.js';
import { contractErrors, searchOf } from '../../../test/support/data-contract.js';
import { toRawData } from './index.js';

const rawOf = (overrides: Parameters<typeof searchOf>[0]) => {
  const search = searchOf({ responseFormat: 'RAW', ...overrides });
  return toRawData(search, generateFlights(42, search), 42) as Record<string, any>;
};

describe('toRawData', () => {
  it('answers a round trip with outbound, inbound and selectedOutboundOfferId, for every program', () => {
    const programs: ProgramCode[] = [
      'PROGRAM_1',
      'PROGRAM_2',
      'PROGRAM_3',
      'PROGRAM_3_INTERLINE',
      'PROGRAM_4',
      'PROGRAM_5',
      'PROGRAM_6',
      'PROGRAM_7',
    ];
    for (const program of programs) {
      const data = rawOf({ program, tripType: 'ROUND_TRIP', returnDate: '2026-12-29' });
      expect(contractErrors('RawProviderData', data)).toEqual([]);
      expect(Object.keys(data).sort(), program).toEqual(['inbound', 'outbound', 'selectedOutboundOfferId']);
      expect(data.selectedOutboundOfferId, program).toMatch(/\S/);
      expect(data.inbound, program).toBeTypeOf('object');
      expect(JSON.stringify(data.outbound), program).toContain(data.selectedOutboundOfferId);
    }
  });

  it('answers a one-way cash search with outbound and inbound null', () => {
    for (const program of ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_8'] as const) {
      const data = rawOf({ program, priceType: 'CASH', destination: 'LIS' });
      expect(data.inbound).toBeNull();
      expect(data.outbound.offers[0].price).toEqual({ amount: expect.any(Number), currency: expect.any(String) });
      expect(data.outbound.offers[0].price.amount).toBeGreaterThan(0);
    }
  });

  it('answers a one-way miles search with outbound only', () => {
    const data = rawOf({});
    expect(Object.keys(data)).toEqual(['outbound']);
  });

  it('gives each program family its own structure and naming', () => {
    const outbound = (program: ProgramCode) => rawOf({ program }).outbound;
    expect(outbound('PROGRAM_1').flights[0]).toMatchObject({
      code: expect.stringMatching(/^P1 /),
      fareList: expect.any(Array),
      legList: expect.any(Array),
    });
    expect(outbound('PROGRAM_2')).toMatchObject({ itineraries: expect.any(Array), offers: expect.any(Array) });
    expect(outbound('PROGRAM_2').offers[0].price).toEqual({
      points: expect.any(Number),
      basePoints: expect.toSatisfy((v: unknown) => v === null || typeof v === 'number'),
    });
    expect(outbound('PROGRAM_3').trips[0]).toMatchObject({
      trip_id: expect.any(String),
      segments: expect.any(Array),
      fare_options: expect.any(Array),
    });
    expect(outbound('PROGRAM_3').trips[0].fare_options[0].miles_required).toBeGreaterThan(0);
    expect(outbound('PROGRAM_7').Result.Journeys[0]).toMatchObject({
      JourneyKey: expect.any(String),
      Segments: expect.any(Array),
      Fares: expect.any(Array),
    });
    const shapes = new Set(
      (['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_7'] as const).map((program) =>
        Object.keys(outbound(program)).sort().join(),
      ),
    );
    expect(shapes.size).toBe(4);
  });

  it('answers cash and miles searches of the same program differently', () => {
    const miles = rawOf({ program: 'PROGRAM_3' }).outbound;
    const cash = rawOf({ program: 'PROGRAM_3', priceType: 'CASH' }).outbound;
    expect(Object.keys(miles)).toContain('trips');
    expect(Object.keys(cash)).toContain('offers');
  });

  it('carries the flights it was given, and nothing when there are none', () => {
    const search = searchOf({ responseFormat: 'RAW' });
    const flights = generateFlights(42, search);
    expect(
      (toRawData(search, flights, 42) as any).outbound.flights.map((flight: { uid: string }) => flight.uid),
    ).toEqual(flights.map((flight) => flight.id));
    const empty = toRawData(
      searchOf({ origin: 'ZZZ', tripType: 'ROUND_TRIP', returnDate: '2026-12-29' }),
      [],
      42,
    ) as any;
    expect(empty.outbound.flights).toEqual([]);
    expect(empty.selectedOutboundOfferId).toBe('');
  });

  it('is deterministic for a seed', () => {
    expect(rawOf({ program: 'PROGRAM_6' })).toEqual(rawOf({ program: 'PROGRAM_6' }));
  });
});
