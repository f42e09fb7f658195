import { describe, expect, it } from 'vitest';
import { validateSearchRequest } from '@flight-search/contract';
import { issuesOf, quotaOf, roundTrip, search, useMockService, validSearch } from './support/msw.js';

const service = useMockService();

/** The [field, type] pairs of a 422 answer, as a set-comparable sorted list. */
async function problems(body: unknown, headers?: Record<string, string>) {
  service.mock();
  const issues = await issuesOf(await search(body, { headers }));
  for (const issue of issues) expect(issue.message.length).toBeGreaterThan(3);
  expect(new Set(issues.map((issue) => issue.field)).size).toBe(issues.length); // D6: one per field
  return issues.map(({ field, type }) => [field, type]).sort();
}

describe('POST /flights/search validation rules', () => {
  it('SEARCH-1: rejects an airlineLoyalty without exactly one program as out_of_range', async () => {
    expect(await problems(validSearch({ airlineLoyalty: [] }))).toEqual([['body.airlineLoyalty', 'out_of_range']]);
    expect(await problems(validSearch({ airlineLoyalty: ['PROGRAM_1', 'PROGRAM_2'] }))).toEqual([
      ['body.airlineLoyalty', 'out_of_range'],
    ]);
  });

  it('SEARCH-1: reports each bad element at its index besides the count', async () => {
    expect(await problems(validSearch({ airlineLoyalty: ['PROGRAM_9', 7] }))).toEqual([
      ['body.airlineLoyalty', 'out_of_range'],
      ['body.airlineLoyalty.0', 'invalid_enum'],
      ['body.airlineLoyalty.1', 'invalid_type'],
    ]);
  });

  it('SEARCH-2: rejects a program not allowed for the priceType (MILES by default) as cross_field', async () => {
    expect(await problems(validSearch({ airlineLoyalty: ['PROGRAM_8'] }))).toEqual([
      ['body.airlineLoyalty', 'cross_field'],
    ]);
    expect(await problems(validSearch({ airlineLoyalty: ['PROGRAM_1'], priceType: 'CASH' }))).toEqual([
      ['body.airlineLoyalty', 'cross_field'],
    ]);
  });

  it('SEARCH-2: accepts every allowed program for its price type', async () => {
    const mock = service.mock();
    for (const program of [
      'PROGRAM_1',
      'PROGRAM_2',
      'PROGRAM_3',
      'PROGRAM_3_INTERLINE',
      'PROGRAM_4',
      'PROGRAM_5',
      'PROGRAM_6',
      'PROGRAM_7',
    ]) {
      expect((await search(validSearch({ airlineLoyalty: [program], priceType: 'MILES' }))).status).toBe(200);
    }
    for (const program of ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_8']) {
      expect((await search(validSearch({ airlineLoyalty: [program], priceType: 'CASH' }))).status).toBe(200);
    }
    expect(mock.requests()).toHaveLength(11);
  });

  it('SEARCH-3: rejects adults + children above 9 at body.passengers.children', async () => {
    expect(await problems(validSearch({ passengers: { adults: 5, children: 5 } }))).toEqual([
      ['body.passengers.children', 'cross_field'],
    ]);
  });

  it('SEARCH-4: rejects more infants than adults at body.passengers.infants', async () => {
    expect(await problems(validSearch({ passengers: { adults: 1, infants: 2 } }))).toEqual([
      ['body.passengers.infants', 'cross_field'],
    ]);
  });

  it('SEARCH-5: rejects a search whose origin equals its destination', async () => {
    expect(await problems(validSearch({ destination: 'GRU' }))).toEqual([['body.destination', 'cross_field']]);
  });

  it('SEARCH-6: rejects a ROUND_TRIP whose returnDate is not after departureDate', async () => {
    expect(await problems(roundTrip({ returnDate: '2026-12-15' }))).toEqual([['body.returnDate', 'cross_field']]);
    expect(await problems(roundTrip({ returnDate: '2026-12-01' }))).toEqual([['body.returnDate', 'cross_field']]);
  });

  it('SEARCH-7: reports a ROUND_TRIP without returnDate as missing', async () => {
    expect(await problems(validSearch({ tripType: 'ROUND_TRIP' }))).toEqual([['body.returnDate', 'missing']]);
  });

  it('SEARCH-8: rejects a responseFormat other than RAW or PARSED as invalid_enum', async () => {
    expect(await problems(validSearch({ responseFormat: 'raw' }))).toEqual([['body.responseFormat', 'invalid_enum']]);
    expect(await problems(validSearch({ responseFormat: 1 }))).toEqual([['body.responseFormat', 'invalid_type']]);
  });

  it.each(['airlineLoyalty', 'tripType', 'cabinType', 'origin', 'destination', 'departureDate', 'passengers'])(
    'SEARCH-9: reports a missing %s as missing',
    async (field) => {
      const body: Record<string, unknown> = validSearch();
      delete body[field];
      expect(await problems(body)).toEqual([[`body.${field}`, 'missing']]);
    },
  );

  it('SEARCH-9: reports a missing passengers.adults, and every wrong type, format and bound of the schema', async () => {
    expect(await problems(validSearch({ passengers: { children: 1 } }))).toEqual([
      ['body.passengers.adults', 'missing'],
    ]);
    expect(
      await problems({
        airlineLoyalty: 'PROGRAM_1',
        priceType: 'GOLD',
        tripType: 3,
        cabinType: 'FIRST',
        origin: 'gru',
        destination: 'JFKX',
        departureDate: '15/12/2026',
        returnDate: '2026-04-31',
        passengers: { adults: 10, children: -1, infants: 5 },
      }),
    ).toEqual(
      [
        ['body.airlineLoyalty', 'invalid_type'],
        ['body.priceType', 'invalid_enum'],
        ['body.tripType', 'invalid_type'],
        ['body.cabinType', 'invalid_enum'],
        ['body.origin', 'invalid_format'],
        ['body.destination', 'invalid_format'],
        ['body.departureDate', 'invalid_format'],
        ['body.returnDate', 'invalid_date'],
        ['body.passengers.adults', 'out_of_range'],
        ['body.passengers.children', 'out_of_range'],
        ['body.passengers.infants', 'out_of_range'],
      ].sort(),
    );
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('SEARCH-10: rejects a body sent as %s with field body, type invalid_type (D13)', async (_name, headers) => {
    expect(await problems(validSearch(), headers)).toEqual([['body', 'invalid_type']]);
  });

  it('SEARCH-10: accepts a +json content type and charset parameters', async () => {
    service.mock();
    expect(
      (await search(validSearch(), { headers: { 'content-type': 'application/vnd.service.v1+json; charset=utf-8' } }))
        .status,
    ).toBe(200);
  });
});

describe('D6 validation errors', () => {
  it('D6: lists every problem, not only the first', async () => {
    expect(await problems(validSearch({ destination: 'GRU', passengers: { adults: 0 } }))).toEqual([
      ['body.destination', 'cross_field'],
      ['body.passengers.adults', 'out_of_range'],
    ]);
  });

  it('D6: a body that is not JSON is field body, type invalid_json', async () => {
    expect(await problems('{"airlineLoyalty": [')).toEqual([['body', 'invalid_json']]);
    expect(await problems('')).toEqual([['body', 'invalid_json']]);
  });

  it.each([
    ['an array', []],
    ['null', null],
    ['a string', 'x'],
    ['a number', 3],
  ])('D6: JSON that is %s is field body, type invalid_type', async (_name, body) => {
    expect(await problems(JSON.stringify(body))).toEqual([['body', 'invalid_type']]);
  });

  it('D6: no coercion in bodies: "2", 2.5 and 1e400 adults are invalid_type', async () => {
    expect(await problems(validSearch({ passengers: { adults: '2' } }))).toEqual([
      ['body.passengers.adults', 'invalid_type'],
    ]);
    expect(await problems(validSearch({ passengers: { adults: 2.5 } }))).toEqual([
      ['body.passengers.adults', 'invalid_type'],
    ]);
    const huge = JSON.stringify(validSearch({ passengers: { adults: 1 } })).replace('"adults":1', '"adults":1e400');
    expect(await problems(huge)).toEqual([['body.passengers.adults', 'invalid_type']]);
  });

  it('D6: a present null is invalid_type, not missing', async () => {
    expect(await problems(validSearch({ origin: null, passengers: null }))).toEqual([
      ['body.origin', 'invalid_type'],
      ['body.passengers', 'invalid_type'],
    ]);
  });

  it.each(['2025-02-29', '2026-13-01', '2026-04-31', '2026-00-10'])(
    'D6: %s is not a day on the calendar (invalid_date)',
    async (date) => {
      expect(await problems(validSearch({ departureDate: date }))).toEqual([['body.departureDate', 'invalid_date']]);
    },
  );

  it('D6: a leap day is a valid date', async () => {
    service.mock();
    expect((await search(validSearch({ departureDate: '2028-02-29' }))).status).toBe(200);
  });

  it('D6: unknown fields and __proto__ keys are ignored', async () => {
    service.mock();
    const body = JSON.stringify(validSearch({ extra: true })).replace(
      /^\{/,
      '{"__proto__":{"origin":"XXX","tripType":"ROUND_TRIP"},',
    );
    const response = await search(body);
    expect(response.status).toBe(200);
    expect((await quotaOf()).consumed).toBe(1);
  });

  it('D6: a cross-field rule is checked only when every field it reads is valid on its own', async () => {
    expect(await problems(validSearch({ origin: 'gru', destination: 'gru' }))).toEqual([
      ['body.destination', 'invalid_format'],
      ['body.origin', 'invalid_format'],
    ]);
    expect(await problems(validSearch({ passengers: { adults: 'x', infants: 3 } }))).toEqual([
      ['body.passengers.adults', 'invalid_type'],
    ]);
    expect(await problems(validSearch({ airlineLoyalty: ['PROGRAM_8'], priceType: 'cash' }))).toEqual([
      ['body.priceType', 'invalid_enum'],
    ]);
    expect(await problems(roundTrip({ departureDate: '2026-02-30', returnDate: '2026-01-01' }))).toEqual([
      ['body.departureDate', 'invalid_date'],
    ]);
  });

  it('D6: lists schema problems in schema order, then cross-field rules', () => {
    const issues = validateSearchRequest({
      ...validSearch({ destination: 'GRU', cabinType: 'X', passengers: { adults: 2, infants: 3 } }),
    });
    expect(issues.map((issue) => issue.field)).toEqual([
      'body.cabinType',
      'body.passengers.infants',
      'body.destination',
    ]);
    expect(issues.find((issue) => issue.field === 'body.destination')?.message).toBe(
      'origin and destination must differ (SEARCH-5).',
    );
  });
});

describe('D14 returnDate on a ONE_WAY search', () => {
  it('D14: is checked for its format', async () => {
    expect(await problems(validSearch({ returnDate: '2026-12' }))).toEqual([['body.returnDate', 'invalid_format']]);
  });

  it('D14: is otherwise ignored, even when before the departure (SEARCH-6 is ROUND_TRIP only)', async () => {
    service.mock();
    expect((await search(validSearch({ returnDate: '2026-01-01' }))).status).toBe(200);
  });
});

describe('D107 codes that name no airport', () => {
  it('D107: a search from or to a code that is no airport (ZZZ) or a city code (SAO) is a 422 naming the field, and costs nothing', async () => {
    service.mock();
    const response = await search(validSearch({ origin: 'ZZZ', destination: 'SAO' }));
    expect(await issuesOf(response)).toEqual([
      { field: 'body.origin', type: 'invalid_enum', message: 'ZZZ is no airport this service knows.' },
      {
        field: 'body.destination',
        type: 'invalid_enum',
        message: 'SAO is a city code; a search takes one of its airports: GRU, CGH, VCP.',
      },
    ]);
    expect((await quotaOf()).consumed).toBe(0);
  });

  it('D107: a code that is both an airport and a city code (BER) is searched as the airport', async () => {
    service.mock();
    expect((await search(validSearch({ destination: 'BER' }))).status).toBe(200);
  });

  it('D107: the SDK-side check (the contract validator without the airport table) leaves both to the service: only the format is checked', () => {
    expect(validateSearchRequest(validSearch({ origin: 'ZZZ', destination: 'SAO' }))).toEqual([]);
  });
});
