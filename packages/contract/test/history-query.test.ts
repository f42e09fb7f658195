import { describe, expect, it } from 'vitest';
import { isCalendarDate, validateHistoryQuery } from '../src/index.js';

const VALID = 'origin=SAO&destination=NYC&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=30';
const check = (query: string, decisions?: boolean) => validateHistoryQuery(new URLSearchParams(query), { decisions });

describe("validateHistoryQuery: the spec and the contract's decisions apart", () => {
  it('HISTORY-2: takes any program by default, as the spec shows no list (a client never refuses what the service may accept)', () => {
    expect(check(VALID.replace('PROGRAM_1', 'PROGRAM_8'))).toMatchObject({ ok: true });
  });

  it('HISTORY-2: with decisions, refuses a program that is not a MILES program (D9), naming the parameter', () => {
    expect(check(VALID.replace('PROGRAM_1', 'PROGRAM_8'), true)).toEqual({
      ok: false,
      issues: [
        {
          field: 'query.airlineLoyalty',
          type: 'invalid_enum',
          message:
            'must be one of PROGRAM_1, PROGRAM_2, PROGRAM_3, PROGRAM_3_INTERLINE, PROGRAM_4, PROGRAM_5, PROGRAM_6, PROGRAM_7 (HISTORY-2).',
        },
      ],
    });
  });

  it('HISTORY-1..5: reads a valid query as its declared types, repeatable parameters as lists', () => {
    expect(check(`${VALID}&airlineLoyalty=PROGRAM_4&departureDate=2026-12-15&onlyFutureDepartures=true`, true)).toEqual(
      {
        ok: true,
        query: {
          origin: 'SAO',
          destination: 'NYC',
          cabinType: 'ECONOMY',
          airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'],
          lookbackDays: 30,
          onlyFutureDepartures: true,
          departureDate: ['2026-12-15'],
        },
      },
    );
  });

  it('HISTORY-4: onlyFutureDepartures is false when absent', () => {
    expect(check(VALID)).toMatchObject({ ok: true, query: { onlyFutureDepartures: false } });
  });
});

describe('validateHistoryQuery: query text read as the declared types (D16)', () => {
  const lookback = (text: string) => check(VALID.replace('lookbackDays=30', `lookbackDays=${text}`));

  it.each(['3e1', '0x1e', '%207', '30.0', '+7', 'Infinity', '1e400', '030', '07', '+5', '-07'])(
    "HISTORY-3: lookbackDays=%s, a number only in some reader's reading (030 is 24 to an octal one), is not a decimal integer as JSON writes it (D108)",
    (text) => {
      expect(lookback(text)).toEqual({
        ok: false,
        issues: [
          { field: 'query.lookbackDays', type: 'invalid_type', message: 'must be a decimal integer (HISTORY-3).' },
        ],
      });
    },
  );

  it.each(['', 'abc', '30.5', 'NaN'])('HISTORY-3: lookbackDays=%s is not an integer', (text) => {
    expect(lookback(text)).toEqual({
      ok: false,
      issues: [{ field: 'query.lookbackDays', type: 'invalid_type', message: 'must be an integer (HISTORY-3).' }],
    });
  });

  it.each([
    ['0', '>= 1'],
    ['31', '<= 30'],
    ['-0', '>= 1'],
  ])('HISTORY-3: lookbackDays=%s is out of range', (text, bound) => {
    expect(lookback(text)).toEqual({
      ok: false,
      issues: [{ field: 'query.lookbackDays', type: 'out_of_range', message: `must be ${bound} (HISTORY-3).` }],
    });
  });

  it('HISTORY-1..4: a parameter that is not repeatable, given twice, is invalid_type saying so, even when each value is valid; destination names HISTORY-1 as origin does', () => {
    expect(
      check(
        `${VALID}&destination=LON&cabinType=ECONOMY&lookbackDays=7&lookbackDays=6&onlyFutureDepartures=true&onlyFutureDepartures=false`.replace(
          'origin=SAO',
          'origin=SAO&origin=GRU',
        ),
      ),
    ).toEqual({
      ok: false,
      issues: [
        { field: 'query.origin', type: 'invalid_type', message: 'must be given once, not 2 times (HISTORY-1).' },
        { field: 'query.destination', type: 'invalid_type', message: 'must be given once, not 2 times (HISTORY-1).' },
        { field: 'query.cabinType', type: 'invalid_type', message: 'must be given once, not 2 times.' },
        { field: 'query.lookbackDays', type: 'invalid_type', message: 'must be given once, not 3 times (HISTORY-3).' },
        {
          field: 'query.onlyFutureDepartures',
          type: 'invalid_type',
          message: 'must be given once, not 2 times (HISTORY-4).',
        },
      ],
    });
  });

  it('HISTORY-2, HISTORY-5: airlineLoyalty takes up to 9 values and departureDate up to 366 (D108), both checked by clients too', () => {
    const repeated = (name: string, values: string[]) => values.map((value) => `&${name}=${value}`).join('');
    const dates = (count: number) =>
      Array.from({ length: count }, (_, day) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10));
    const programs = (count: number) => Array.from({ length: count }, (_, index) => `PROGRAM_${(index % 7) + 1}`);
    expect(
      check(`${VALID}${repeated('airlineLoyalty', programs(8))}${repeated('departureDate', dates(366))}`),
    ).toMatchObject({ ok: true });
    expect(check(`${VALID}${repeated('airlineLoyalty', programs(9))}${repeated('departureDate', dates(367))}`)).toEqual(
      {
        ok: false,
        issues: [
          {
            field: 'query.airlineLoyalty',
            type: 'out_of_range',
            message: 'must NOT have more than 9 items (HISTORY-2).',
          },
          {
            field: 'query.departureDate',
            type: 'out_of_range',
            message: 'must NOT have more than 366 items (HISTORY-5).',
          },
        ],
      },
    );
  });

  it('HISTORY-5: a date of year 0000 is a calendar date, as RFC 3339 and JSON Schema read format: date (D108)', () => {
    expect(check(`${VALID}&departureDate=0000-01-01&departureDate=0000-02-29`)).toMatchObject({ ok: true });
  });

  it('HISTORY-5: a calendar date follows the Gregorian leap years and month lengths, and is written YYYY-MM-DD alone', () => {
    const days = ['2024-02-29', '2000-02-29', '0000-02-29', '2026-04-30', '2026-12-31', '9999-12-31', '2026-01-01'];
    const notDays = [
      '2025-02-29',
      '1900-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-06-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
    ];
    const notDates = ['2026-1-01', '2026-01-01T00:00:00Z', ' 2026-01-01', '+002026-01-01', '20260101', ''];
    expect([...days, ...notDays, ...notDates].filter(isCalendarDate)).toEqual(days);
  });

  it('HISTORY-5: among repeated dates, a bad format outranks a day not on the calendar (D6)', () => {
    expect(check(`${VALID}&departureDate=2026-02-30&departureDate=15/12/2026`)).toEqual({
      ok: false,
      issues: [
        {
          field: 'query.departureDate',
          type: 'invalid_format',
          message: 'must match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ (HISTORY-5).',
        },
      ],
    });
  });
});
