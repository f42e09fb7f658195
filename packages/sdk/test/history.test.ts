import { createQuerySerializer } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { PermissionDeniedError, validateHistoryQuery, ValidationError, type HistoryQuery } from '../src/index.js';
import { client, envelope, json, route } from './helpers.js';

const history = { total: 0, lookbackDays: 7, flights: [] };
const base = { origin: 'SAO', destination: 'NYC', cabinType: 'ECONOMY', lookbackDays: 7 } as const;

describe('getPriceHistory', () => {
  it('HISTORY-5: sends array values of airlineLoyalty and departureDate as repeated query parameters', async () => {
    const seen = route('get', '/intelligence/flights/history', () => json(history));
    const answer = await client().getPriceHistory({
      ...base,
      airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'],
      departureDate: ['2026-12-15', '2026-12-16'],
      onlyFutureDepartures: true,
    });
    expect(answer).toEqual(history);
    const query = new URL(seen[0]!.url).searchParams;
    expect(query.getAll('airlineLoyalty')).toEqual(['PROGRAM_1', 'PROGRAM_4']);
    expect(query.getAll('departureDate')).toEqual(['2026-12-15', '2026-12-16']);
    expect(query.get('onlyFutureDepartures')).toBe('true');
    expect(query.get('origin')).toBe('SAO');
    expect(query.get('destination')).toBe('NYC');
    expect(query.get('cabinType')).toBe('ECONOMY');
    expect(query.get('lookbackDays')).toBe('7');
  });

  it('HISTORY-2: accepts a single program and a single departure date as plain values', async () => {
    const seen = route('get', '/intelligence/flights/history', () => json(history));
    await client().getPriceHistory({
      ...base,
      airlineLoyalty: 'PROGRAM_2',
      departureDate: '2026-12-15',
      onlyFutureDepartures: false,
    });
    const query = new URL(seen[0]!.url).searchParams;
    expect(query.getAll('airlineLoyalty')).toEqual(['PROGRAM_2']);
    expect(query.getAll('departureDate')).toEqual(['2026-12-15']);
    expect(query.get('onlyFutureDepartures')).toBe('false');
  });

  it('leaves out departureDate and onlyFutureDepartures when they are not given', async () => {
    const seen = route('get', '/intelligence/flights/history', () => json(history));
    await client().getPriceHistory({ ...base, airlineLoyalty: 'PROGRAM_2' });
    const query = new URL(seen[0]!.url).searchParams;
    expect(query.has('departureDate')).toBe(false);
    expect(query.has('onlyFutureDepartures')).toBe(false);
  });

  it("writes a valid query byte for byte as openapi-fetch's default serializer does, an explicit undefined left out", async () => {
    const seen = route('get', '/intelligence/flights/history', () => json(history));
    const query = {
      ...base,
      airlineLoyalty: ['PROGRAM_1', 'PROGRAM_3_INTERLINE'],
      departureDate: ['2026-12-15', '2027-01-02'],
      onlyFutureDepartures: true,
    } as const;
    await client().getPriceHistory({ ...query, departureDate: query.departureDate });
    await client().getPriceHistory({ ...base, airlineLoyalty: 'PROGRAM_2', departureDate: undefined });
    expect(new URL(seen[0]!.url).search).toBe(`?${createQuerySerializer()(query)}`);
    expect(new URL(seen[1]!.url).search).toBe(`?${createQuerySerializer()({ ...base, airlineLoyalty: 'PROGRAM_2' })}`);
    expect(new URL(seen[1]!.url).searchParams.has('departureDate')).toBe(false);
  });

  it('AUTH-3: throws PermissionDeniedError for a key without the price-history product', async () => {
    route('get', '/intelligence/flights/history', () =>
      json(
        { error: { code: 'AUTHORIZATION_ERROR', message: 'This API key does not include the price-history product.' } },
        403,
      ),
    );
    const error = await client()
      .getPriceHistory({ ...base, airlineLoyalty: 'PROGRAM_1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe('AUTHORIZATION_ERROR');
    expect((error as PermissionDeniedError).correlationId).toBeUndefined();
  });

  it('HISTORY-3: maps a 422 on the query to ValidationError with the query field', async () => {
    const errors = [{ field: 'query.lookbackDays', message: 'must be <= 30.', type: 'out_of_range' }];
    route('get', '/intelligence/flights/history', () =>
      json(envelope('VALIDATION_ERROR', 'The request is invalid.', { details: { errors } }), 422),
    );
    await expect(
      client().getPriceHistory({ ...base, lookbackDays: 31, airlineLoyalty: 'PROGRAM_1' }, { validate: false }),
    ).rejects.toMatchObject({
      status: 422,
      errors,
    });
  });

  it('HISTORY-3: checks the query locally by default and throws ValidationError naming the field, without a request', async () => {
    const seen = route('get', '/intelligence/flights/history', () => json(history));
    const error = (await client()
      .getPriceHistory({ ...base, lookbackDays: 31, airlineLoyalty: 'PROGRAM_1' })
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors).toEqual([
      { field: 'query.lookbackDays', type: 'out_of_range', message: 'must be <= 30 (HISTORY-3).' },
    ]);
    expect(error.message).toBe('invalid history query, nothing sent: query.lookbackDays: must be <= 30 (HISTORY-3).');
    expect(seen).toHaveLength(0);
  });

  it('HISTORY-1: an object where a query value goes is a ValidationError naming the parameter, returned as a rejected call, never thrown', async () => {
    const seen = route('get', '/intelligence/flights/history', () => json(history));
    const origin = Object.create(null) as string;
    const call = () => client().getPriceHistory({ ...base, origin, airlineLoyalty: 'PROGRAM_1' });
    // Called once, inside the check that it does not throw; the promise it returns is what is awaited.
    let answer: Promise<unknown> | undefined;
    expect(() => {
      answer = call();
    }).not.toThrow();
    await expect(answer).rejects.toMatchObject({
      name: 'ValidationError',
      errors: [{ field: 'query.origin', type: 'invalid_type', message: 'must be a string (HISTORY-1).' }],
    });
    expect(seen).toHaveLength(0);
  });

  it('with validate: false, a value that cannot be query text rejects with a TypeError naming the parameter, and nothing is sent', async () => {
    const seen = route('get', '/intelligence/flights/history', () => json(history));
    const extra = {
      toString: () => {
        throw new Error('boom');
      },
    };
    const call = () =>
      client().getPriceHistory({ ...base, airlineLoyalty: 'PROGRAM_1', extra } as never, { validate: false });
    let answer: Promise<unknown> | undefined;
    expect(() => {
      answer = call();
    }).not.toThrow();
    await expect(answer).rejects.toThrow(
      /getPriceHistory: query parameter "extra" must be text, a number or a boolean/,
    );
    expect(seen).toHaveLength(0);
  });

  it('sends an invalid query with validate: false, for the service to judge', async () => {
    const seen = route('get', '/intelligence/flights/history', () => json(history));
    await client().getPriceHistory({ ...base, lookbackDays: 0, airlineLoyalty: 'PROGRAM_1' }, { validate: false });
    expect(new URL(seen[0]!.url).searchParams.get('lookbackDays')).toBe('0');
  });
});

describe('validateHistoryQuery', () => {
  const valid: HistoryQuery = {
    ...base,
    airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'],
    departureDate: ['2026-12-15'],
    onlyFutureDepartures: true,
  };

  it("HISTORY-1..5: names a value that cannot be query text (an object, one without a prototype too) as the wrong type, in the service's order, and never throws", () => {
    const query = { ...valid, origin: Object.create(null), airlineLoyalty: [{ code: 'PROGRAM_1' }], lookbackDays: 0 };
    expect(() => validateHistoryQuery(query)).not.toThrow();
    expect(validateHistoryQuery(query)).toEqual([
      { field: 'query.origin', type: 'invalid_type', message: 'must be a string (HISTORY-1).' },
      { field: 'query.airlineLoyalty', type: 'invalid_type', message: 'must be a string (HISTORY-2).' },
      { field: 'query.lookbackDays', type: 'out_of_range', message: 'must be >= 1 (HISTORY-3).' },
    ]);
  });

  it('accepts a valid query, with one value or lists', () => {
    expect(validateHistoryQuery(valid)).toEqual([]);
    expect(validateHistoryQuery({ ...base, airlineLoyalty: 'PROGRAM_7', departureDate: '2028-02-29' })).toEqual([]);
  });

  it("HISTORY-1..5: names every problem in the service's order and words", () => {
    const bad = {
      origin: 'sao',
      cabinType: 'FIRST',
      airlineLoyalty: [],
      lookbackDays: 0.5,
      onlyFutureDepartures: 'yes',
      departureDate: ['2026-02-30', '15/12/2026'],
    };
    expect(validateHistoryQuery(bad)).toEqual([
      { field: 'query.origin', type: 'invalid_format', message: 'must match ^[A-Z]{3}$ (HISTORY-1).' },
      { field: 'query.destination', type: 'missing', message: 'destination is required (HISTORY-1).' },
      { field: 'query.cabinType', type: 'invalid_enum', message: 'must be one of ECONOMY, BUSINESS.' },
      { field: 'query.airlineLoyalty', type: 'missing', message: 'airlineLoyalty is required (HISTORY-2).' },
      { field: 'query.lookbackDays', type: 'invalid_type', message: 'must be an integer (HISTORY-3).' },
      { field: 'query.onlyFutureDepartures', type: 'invalid_type', message: 'must be a boolean (HISTORY-4).' },
      {
        field: 'query.departureDate',
        type: 'invalid_format',
        message: 'must match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ (HISTORY-5).',
      },
    ]);
  });

  it('HISTORY-3: bounds lookbackDays to 1..30', () => {
    expect(validateHistoryQuery({ ...valid, lookbackDays: 0 })).toEqual([
      { field: 'query.lookbackDays', type: 'out_of_range', message: 'must be >= 1 (HISTORY-3).' },
    ]);
    expect(validateHistoryQuery({ ...valid, lookbackDays: 1 })).toEqual([]);
    expect(validateHistoryQuery({ ...valid, lookbackDays: 30 })).toEqual([]);
  });

  it('HISTORY-5: a date not on the calendar is invalid_date', () => {
    expect(validateHistoryQuery({ ...valid, departureDate: ['2026-12-15', '2026-04-31'] })).toEqual([
      { field: 'query.departureDate', type: 'invalid_date', message: 'must be a day on the calendar (HISTORY-5).' },
    ]);
  });

  it("HISTORY-2: leaves which programs have history to the service (no MILES-only check, D9 is the mock's decision)", () => {
    expect(validateHistoryQuery({ ...valid, airlineLoyalty: 'PROGRAM_8' as never })).toEqual([]);
  });
});
