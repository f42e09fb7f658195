import { describe, expect, it } from 'vitest';
import type { HistoryRecord } from '@flight-search/sdk';
import { dailyMinimum } from '../src/history-series.js';

let next = 0;
const record = (
  airlineLoyalty: HistoryRecord['airlineLoyalty'],
  createdAt: string,
  basePrice: number,
  roundTrip: HistoryRecord['roundTrip'] = 'OUTBOUND',
): HistoryRecord => ({
  id: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
  airlineLoyalty,
  departureDate: '2026-12-15T22:40:00',
  arrivalDate: '2026-12-16T06:55:00',
  cabinType: 'ECONOMY',
  concierge: null,
  origin: 'GRU',
  destination: 'JFK',
  flightCode: 'P1 8040',
  tripType: 'ONE_WAY',
  roundTrip,
  fareType: 'LIGHT',
  basePrice,
  milesClubPrice: Math.round(basePrice * 0.9),
  availableSeats: 4,
  createdAt,
});

describe('dailyMinimum', () => {
  it('keeps the lowest base price per UTC collection day, one series per program in the order asked', () => {
    const data = dailyMinimum(
      [
        record('PROGRAM_1', '2026-11-20T23:30:00Z', 40_000),
        record('PROGRAM_1', '2026-11-20T01:00:00Z', 35_000),
        record('PROGRAM_2', '2026-11-21T12:00:00Z', 50_000),
        record('PROGRAM_1', '2026-11-22T09:00:00Z', 38_000),
      ],
      ['PROGRAM_2', 'PROGRAM_1'],
    );
    expect(data.labels).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(data.series).toEqual([
      { program: 'PROGRAM_2', values: [null, 50_000, null], records: 1 },
      { program: 'PROGRAM_1', values: [35_000, null, 38_000], records: 3 },
    ]);
  });

  it('fills the days between the first and the last collection, so gaps show as gaps', () => {
    const data = dailyMinimum(
      [record('PROGRAM_1', '2026-11-28T10:00:00Z', 1), record('PROGRAM_1', '2026-12-02T10:00:00Z', 2)],
      ['PROGRAM_1'],
    );
    expect(data.labels).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(data.series[0]?.values).toEqual([1, null, null, null, 2]);
  });

  it('leaves out return legs and programs that were not asked for, and keeps an empty series for a program without records', () => {
    const data = dailyMinimum(
      [
        record('PROGRAM_1', '2026-11-20T10:00:00Z', 9, 'RETURN'),
        record('PROGRAM_1', '2026-11-20T10:00:00Z', 30),
        record('PROGRAM_4', '2026-11-20T10:00:00Z', 5),
      ],
      ['PROGRAM_1', 'PROGRAM_5'],
    );
    expect(data.series).toEqual([
      { program: 'PROGRAM_1', values: [30], records: 1 },
      { program: 'PROGRAM_5', values: [null], records: 0 },
    ]);
  });

  it('returns no labels for no records', () => {
    expect(dailyMinimum([], ['PROGRAM_1'])).toEqual({
      labels: [],
      series: [{ program: 'PROGRAM_1', values: [], records: 0 }],
    });
  });
});
