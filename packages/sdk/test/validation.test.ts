import { describe, expect, it } from 'vitest';
import { validateSearchRequest, type SearchRequest } from '../src/index.js';
import { oneWay } from './helpers.js';

/** The issues of a request as [field, type] pairs (the differential test with the mock compares these). */
const issues = (request: unknown) => validateSearchRequest(request).map((i) => [i.field, i.type]);
const withBody = (patch: Record<string, unknown>) => ({ ...oneWay(), ...patch });
const roundTrip = (patch: Partial<SearchRequest> = {}): SearchRequest => ({
  ...oneWay(),
  tripType: 'ROUND_TRIP',
  returnDate: '2026-12-29',
  ...patch,
});

describe('validateSearchRequest', () => {
  it('accepts a valid one-way and a valid round-trip request', () => {
    expect(validateSearchRequest(oneWay())).toEqual([]);
    expect(
      validateSearchRequest({
        ...roundTrip({ priceType: 'CASH', airlineLoyalty: ['PROGRAM_8'] }),
        responseFormat: 'PARSED',
      }),
    ).toEqual([]);
  });

  it('SEARCH-1: airlineLoyalty must hold exactly one program', () => {
    expect(issues(oneWay({ airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'] }))).toEqual([
      ['body.airlineLoyalty', 'out_of_range'],
    ]);
    expect(issues(oneWay({ airlineLoyalty: [] }))).toEqual([['body.airlineLoyalty', 'out_of_range']]);
    expect(validateSearchRequest(oneWay({ airlineLoyalty: [] }))[0]!.message).toContain('SEARCH-1');
  });

  it('SEARCH-1: checks each element independently of the length', () => {
    expect(issues(withBody({ airlineLoyalty: ['PROGRAM_1', 'nope', 7] }))).toEqual([
      ['body.airlineLoyalty', 'out_of_range'],
      ['body.airlineLoyalty.1', 'invalid_enum'],
      ['body.airlineLoyalty.2', 'invalid_type'],
    ]);
    expect(issues(withBody({ airlineLoyalty: 'PROGRAM_1' }))).toEqual([['body.airlineLoyalty', 'invalid_type']]);
    // eslint-disable-next-line no-sparse-arrays
    // biome-ignore lint/suspicious/noSparseArray: a hole is what this test sends
    expect(issues(withBody({ airlineLoyalty: [, 'PROGRAM_1'] }))).toEqual([
      ['body.airlineLoyalty', 'out_of_range'],
      ['body.airlineLoyalty.0', 'invalid_type'],
    ]);
  });

  it('SEARCH-2: rejects a program not allowed for the priceType, at airlineLoyalty', () => {
    expect(issues(oneWay({ airlineLoyalty: ['PROGRAM_8'] }))).toEqual([['body.airlineLoyalty', 'cross_field']]);
    expect(issues(oneWay({ priceType: 'CASH', airlineLoyalty: ['PROGRAM_1'] }))).toEqual([
      ['body.airlineLoyalty', 'cross_field'],
    ]);
    expect(issues(oneWay({ priceType: 'CASH', airlineLoyalty: ['PROGRAM_3'] }))).toEqual([]);
    expect(issues(oneWay({ airlineLoyalty: ['PROGRAM_3_INTERLINE'] }))).toEqual([]);
    expect(validateSearchRequest(oneWay({ airlineLoyalty: ['PROGRAM_8'] }))[0]!.message).toContain('SEARCH-2');
  });

  it('never throws on values that cannot become text, such as an object whose toString is no function', () => {
    const hostile = [{ toString: {} }, Object.create(null), { valueOf: {}, toString: {} }, Symbol('s'), 10n];
    const fields = [
      'airlineLoyalty',
      'priceType',
      'tripType',
      'cabinType',
      'origin',
      'destination',
      'departureDate',
      'returnDate',
      'passengers',
      'responseFormat',
    ];
    for (const value of hostile)
      for (const field of fields) {
        expect(
          () => validateSearchRequest(withBody({ [field]: value })),
          `${field}: ${String(typeof value)}`,
        ).not.toThrow();
        // An object without its own fields is still an object: passengers then misses adults.
        expect(issues(withBody({ [field]: value })).map(([f]) => f)).toContain(
          field === 'passengers' && typeof value === 'object' ? 'body.passengers.adults' : `body.${field}`,
        );
      }
    expect(issues({ ...oneWay(), passengers: { adults: { toString: {} }, infants: Object.create(null) } })).toEqual([
      ['body.passengers.adults', 'invalid_type'],
      ['body.passengers.infants', 'invalid_type'],
    ]);
  });

  it('SEARCH-2: is not checked when priceType or the program is invalid on its own', () => {
    expect(issues(withBody({ priceType: 'POINTS', airlineLoyalty: ['PROGRAM_8'] }))).toEqual([
      ['body.priceType', 'invalid_enum'],
    ]);
    expect(issues(withBody({ priceType: 'CASH', airlineLoyalty: ['PROGRAM_1', 'PROGRAM_2'] }))).toEqual([
      ['body.airlineLoyalty', 'out_of_range'],
    ]);
  });

  it('SEARCH-3: adults + children must be at most 9, reported at children', () => {
    expect(issues(oneWay({ passengers: { adults: 5, children: 5 } }))).toEqual([
      ['body.passengers.children', 'cross_field'],
    ]);
    expect(issues(oneWay({ passengers: { adults: 5, children: 4 } }))).toEqual([]);
    expect(validateSearchRequest(oneWay({ passengers: { adults: 9, children: 1 } }))[0]!.message).toContain('SEARCH-3');
  });

  it('SEARCH-4: infants must be at most adults, reported at infants', () => {
    expect(issues(oneWay({ passengers: { adults: 1, infants: 2 } }))).toEqual([
      ['body.passengers.infants', 'cross_field'],
    ]);
    expect(issues(oneWay({ passengers: { adults: 2, infants: 2 } }))).toEqual([]);
  });

  it('SEARCH-3 and SEARCH-4: are not checked when a field they read is invalid, and only that rule is skipped', () => {
    expect(issues(withBody({ passengers: { adults: 5, children: 5, infants: 'x' } }))).toEqual([
      ['body.passengers.infants', 'invalid_type'],
      ['body.passengers.children', 'cross_field'],
    ]);
    expect(issues(withBody({ passengers: { adults: 10, children: 5, infants: 4 } }))).toEqual([
      ['body.passengers.adults', 'out_of_range'],
    ]);
  });

  it('SEARCH-5: origin and destination must differ, reported at destination', () => {
    expect(issues(oneWay({ destination: 'GRU' }))).toEqual([['body.destination', 'cross_field']]);
    expect(validateSearchRequest(oneWay({ destination: 'GRU' }))[0]!.message).toBe(
      'origin and destination must differ (SEARCH-5).',
    );
    expect(issues(withBody({ origin: 'gru', destination: 'gru' }))).toEqual([
      ['body.origin', 'invalid_format'],
      ['body.destination', 'invalid_format'],
    ]);
  });

  it('SEARCH-6: returnDate must be later than departureDate on a ROUND_TRIP', () => {
    expect(issues(roundTrip({ returnDate: '2026-12-15' }))).toEqual([['body.returnDate', 'cross_field']]);
    expect(issues(roundTrip({ returnDate: '2026-12-01' }))).toEqual([['body.returnDate', 'cross_field']]);
    expect(issues(roundTrip({ returnDate: '2026-12-16' }))).toEqual([]);
  });

  it('SEARCH-6: a returnDate on a ONE_WAY search is format-checked and otherwise ignored (D14)', () => {
    expect(issues(oneWay({ returnDate: '2026-12-01' }))).toEqual([]);
    expect(issues(oneWay({ returnDate: '2026/12/01' }))).toEqual([['body.returnDate', 'invalid_format']]);
  });

  it('SEARCH-7: returnDate is required on a ROUND_TRIP (type missing)', () => {
    expect(issues(oneWay({ tripType: 'ROUND_TRIP' }))).toEqual([['body.returnDate', 'missing']]);
    expect(validateSearchRequest(oneWay({ tripType: 'ROUND_TRIP' }))[0]!.message).toContain('SEARCH-7');
  });

  it('SEARCH-8: responseFormat, when sent, is exactly RAW or PARSED', () => {
    expect(issues(withBody({ responseFormat: 'raw' }))).toEqual([['body.responseFormat', 'invalid_enum']]);
    expect(issues(withBody({ responseFormat: 1 }))).toEqual([['body.responseFormat', 'invalid_type']]);
    expect(issues(withBody({ responseFormat: null }))).toEqual([['body.responseFormat', 'invalid_type']]);
    expect(issues(withBody({ responseFormat: 'PARSED' }))).toEqual([]);
  });

  it('SEARCH-9: reports every missing required field, in schema order', () => {
    expect(issues({})).toEqual([
      ['body.airlineLoyalty', 'missing'],
      ['body.tripType', 'missing'],
      ['body.cabinType', 'missing'],
      ['body.origin', 'missing'],
      ['body.destination', 'missing'],
      ['body.departureDate', 'missing'],
      ['body.passengers', 'missing'],
    ]);
    expect(issues(withBody({ passengers: {} }))).toEqual([['body.passengers.adults', 'missing']]);
    expect(issues(withBody({ cabinType: undefined }))).toEqual([['body.cabinType', 'missing']]);
  });

  it('SEARCH-9: a present null is invalid_type, not missing', () => {
    expect(issues(withBody({ origin: null, passengers: null }))).toEqual([
      ['body.origin', 'invalid_type'],
      ['body.passengers', 'invalid_type'],
    ]);
  });

  it('SEARCH-9: checks enums, IATA codes and calendar dates', () => {
    expect(
      issues(
        withBody({
          tripType: 'MULTI_CITY',
          cabinType: 'FIRST',
          origin: 'GRUX',
          destination: 3,
          departureDate: '2026-02-29',
        }),
      ),
    ).toEqual([
      ['body.tripType', 'invalid_enum'],
      ['body.cabinType', 'invalid_enum'],
      ['body.origin', 'invalid_format'],
      ['body.destination', 'invalid_type'],
      ['body.departureDate', 'invalid_date'],
    ]);
    for (const date of ['2025-02-29', '2026-13-01', '2026-04-31', '2026-00-10', '2026-01-00'])
      expect(issues(withBody({ departureDate: date })), date).toEqual([['body.departureDate', 'invalid_date']]);
    for (const date of ['2026-1-01', '2026-01-01T00:00', ' 2026-01-01', '20260101'])
      expect(issues(withBody({ departureDate: date })), date).toEqual([['body.departureDate', 'invalid_format']]);
    expect(issues(withBody({ departureDate: '2028-02-29' }))).toEqual([]);
    // Proleptic Gregorian leap years, as the service counts them (no 1900s mapping of years 0..99).
    for (const date of ['2000-02-29', '0000-02-29', '2400-02-29'])
      expect(issues(withBody({ departureDate: date })), date).toEqual([]);
    for (const date of ['1900-02-29', '2100-02-29', '0100-02-29'])
      expect(issues(withBody({ departureDate: date })), date).toEqual([['body.departureDate', 'invalid_date']]);
  });

  it('SEARCH-9: passenger counts are integers within bounds, without coercion', () => {
    for (const adults of ['2', 2.5, Number.POSITIVE_INFINITY, Number.NaN, true])
      expect(issues(withBody({ passengers: { adults } })), String(adults)).toEqual([
        ['body.passengers.adults', 'invalid_type'],
      ]);
    expect(issues(withBody({ passengers: { adults: 0, children: 9, infants: 5 } }))).toEqual([
      ['body.passengers.adults', 'out_of_range'],
      ['body.passengers.children', 'out_of_range'],
      ['body.passengers.infants', 'out_of_range'],
    ]);
    expect(issues(withBody({ passengers: { adults: 1, children: -1, infants: -1 } }))).toEqual([
      ['body.passengers.children', 'out_of_range'],
      ['body.passengers.infants', 'out_of_range'],
    ]);
    expect(issues(withBody({ passengers: [1] }))).toEqual([['body.passengers', 'invalid_type']]);
  });

  it('SEARCH-10: a body that is not a JSON object is one body/invalid_type issue', () => {
    for (const body of [null, [], 'x', 3, true, undefined])
      expect(issues(body), JSON.stringify(body)).toEqual([['body', 'invalid_type']]);
  });

  it('names an own __proto__ key (from JSON.parse) as an unknown field and never reads the prototype', () => {
    const parsed = JSON.parse(
      JSON.stringify({ ...oneWay(), passengers: { adults: 1 } }).replace('{', '{"__proto__":{"tripType":"X"},'),
    );
    expect(issues(parsed)).toEqual([['body.__proto__', 'invalid_enum']]);
    const inherited = Object.create({ origin: 'GRU' });
    Object.assign(inherited, { ...oneWay() });
    delete inherited.origin;
    expect(issues(inherited)).toEqual([['body.origin', 'missing']]);
  });

  it('issue 27 item 1: names each field the contract does not declare, with the closest known name (D142)', () => {
    expect(validateSearchRequest(withBody({ passengers: { adults: 1, childs: 2 } }))).toEqual([
      {
        field: 'body.passengers.childs',
        type: 'invalid_enum',
        message: 'passengers.childs is not a field of the request; did you mean passengers.children?',
      },
    ]);
    expect(validateSearchRequest(withBody({ responseFomat: 'PARSED' })).map((i) => i.message)).toEqual([
      'responseFomat is not a field of the request; did you mean responseFormat?',
    ]);
    // Nothing close enough to be what was meant: no guess.
    expect(validateSearchRequest(withBody({ foo: 1 })).map((i) => i.message)).toEqual([
      'foo is not a field of the request.',
    ]);
    // After the contract's own issues, as the mock lists them when it refuses unknown fields.
    expect(issues(withBody({ origin: 'gru', PriceType: 'CASH' }))).toEqual([
      ['body.origin', 'invalid_format'],
      ['body.PriceType', 'invalid_enum'],
    ]);
    expect(validateSearchRequest(withBody({ PriceType: 'CASH' }))[0]!.message).toContain('did you mean priceType?');
  });

  it('issue 27 item 3: a program code the SDK does not know but shaped like one is left to the service; a known one is checked against priceType (D143)', () => {
    for (const code of ['PROGRAM_9', 'PROGRAM_99', 'X', 'NEW_AIRLINE_2'])
      for (const priceType of ['MILES', 'CASH'] as const)
        expect(issues(oneWay({ priceType, airlineLoyalty: [code] })), code).toEqual([]);
    for (const code of ['program_9', '', 'PROGRAM-9', 'PROGRAM_1,PROGRAM_4', '9_PROGRAM'])
      expect(issues(oneWay({ airlineLoyalty: [code] })), code).toEqual([['body.airlineLoyalty.0', 'invalid_enum']]);
    expect(issues(oneWay({ priceType: 'CASH', airlineLoyalty: ['PROGRAM_1'] }))).toEqual([
      ['body.airlineLoyalty', 'cross_field'],
    ]);
  });

  it.each([
    [null, 'body', 'The body must be a JSON object (SEARCH-10).'],
    [{ airlineLoyalty: undefined }, 'body.airlineLoyalty', 'airlineLoyalty is required (SEARCH-9).'],
    [{ airlineLoyalty: 'PROGRAM_1' }, 'body.airlineLoyalty', 'must be an array (SEARCH-1).'],
    [{ airlineLoyalty: [] }, 'body.airlineLoyalty', 'must hold exactly one program (SEARCH-1).'],
    [{ airlineLoyalty: [1] }, 'body.airlineLoyalty.0', 'must be a string.'],
    [
      { airlineLoyalty: ['x'] },
      'body.airlineLoyalty.0',
      'must be one of PROGRAM_1, PROGRAM_2, PROGRAM_3, PROGRAM_3_INTERLINE, PROGRAM_4, PROGRAM_5, PROGRAM_6, PROGRAM_7, PROGRAM_8.',
    ],
    [
      { airlineLoyalty: ['PROGRAM_8'] },
      'body.airlineLoyalty',
      'PROGRAM_8 cannot be searched with priceType MILES; allowed: PROGRAM_1, PROGRAM_2, PROGRAM_3, PROGRAM_3_INTERLINE, PROGRAM_4, PROGRAM_5, PROGRAM_6, PROGRAM_7 (SEARCH-2).',
    ],
    [
      { priceType: 'CASH' },
      'body.airlineLoyalty',
      'PROGRAM_1 cannot be searched with priceType CASH; allowed: PROGRAM_2, PROGRAM_3, PROGRAM_8 (SEARCH-2).',
    ],
    [{ priceType: 'miles' }, 'body.priceType', 'must be one of MILES, CASH.'],
    [{ cabinType: 1 }, 'body.cabinType', 'must be a string.'],
    [{ origin: 'gru' }, 'body.origin', 'must match ^[A-Z]{3}$.'],
    [{ departureDate: '2026-1-1' }, 'body.departureDate', 'must match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$.'],
    [{ departureDate: '2026-02-30' }, 'body.departureDate', 'must be a day on the calendar.'],
    [{ passengers: [] }, 'body.passengers', 'must be an object.'],
    [{ passengers: {} }, 'body.passengers.adults', 'adults is required (SEARCH-9).'],
    [{ passengers: { adults: 1.5 } }, 'body.passengers.adults', 'must be an integer.'],
    [{ passengers: { adults: 0 } }, 'body.passengers.adults', 'must be >= 1.'],
    [{ passengers: { adults: 1, children: 9 } }, 'body.passengers.children', 'must be <= 8.'],
    [
      { passengers: { adults: 5, children: 5 } },
      'body.passengers.children',
      'adults + children must be at most 9 (SEARCH-3).',
    ],
    [
      { passengers: { adults: 1, infants: 2 } },
      'body.passengers.infants',
      'infants must not outnumber adults (SEARCH-4).',
    ],
    [{ destination: 'GRU' }, 'body.destination', 'origin and destination must differ (SEARCH-5).'],
    [
      { tripType: 'ROUND_TRIP', returnDate: '2026-12-15' },
      'body.returnDate',
      'returnDate must be later than departureDate (SEARCH-6).',
    ],
    [{ tripType: 'ROUND_TRIP' }, 'body.returnDate', 'returnDate is required when tripType is ROUND_TRIP (SEARCH-7).'],
    [{ responseFormat: 'XML' }, 'body.responseFormat', 'must be one of RAW, PARSED (SEARCH-8).'],
  ])("gives the service's message (the mock's, word for word) for %j: at %s, %j", (patch, field, message) => {
    expect(validateSearchRequest(patch && withBody(patch)).map((i) => [i.field, i.message])).toEqual([
      [field, message],
    ]);
  });

  it('reports at most one issue per field and readable messages for every issue', () => {
    const all = validateSearchRequest(
      withBody({
        airlineLoyalty: ['x', 'y'],
        priceType: 1,
        tripType: 'ROUND_TRIP',
        origin: 'JFK',
        destination: 'JFK',
        passengers: { adults: 1, infants: 3 },
      }),
    );
    const fields = all.map((i) => i.field);
    expect(new Set(fields).size).toBe(fields.length);
    for (const i of all) expect(i.message).toMatch(/^[a-z].{5,}/);
    expect(all.map((i) => [i.field, i.type])).toEqual([
      ['body.airlineLoyalty', 'out_of_range'],
      ['body.airlineLoyalty.0', 'invalid_enum'],
      ['body.airlineLoyalty.1', 'invalid_enum'],
      ['body.priceType', 'invalid_type'],
      ['body.passengers.infants', 'cross_field'],
      ['body.destination', 'cross_field'],
      ['body.returnDate', 'missing'],
    ]);
  });
});
