import { describe, expect, it } from 'vitest';
import { PermissionDeniedError } from '../src/index.js';
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
    await client().getPriceHistory({ ...base, airlineLoyalty: 'PROGRAM_2', departureDate: '2026-12-15', onlyFutureDepartures: false });
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

  it('AUTH-3: throws PermissionDeniedError for a key without the price-history product', async () => {
    route('get', '/intelligence/flights/history', () =>
      json({ error: { code: 'AUTHORIZATION_ERROR', message: 'This API key does not include the price-history product.' } }, 403),
    );
    const error = await client().getPriceHistory({ ...base, airlineLoyalty: 'PROGRAM_1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe('AUTHORIZATION_ERROR');
    expect((error as PermissionDeniedError).correlationId).toBeUndefined();
  });

  it('HISTORY-3: maps a 422 on the query to ValidationError with the query field', async () => {
    const errors = [{ field: 'query.lookbackDays', message: 'must be <= 30.', type: 'out_of_range' }];
    route('get', '/intelligence/flights/history', () => json(envelope('VALIDATION_ERROR', 'The request is invalid.', { details: { errors } }), 422));
    await expect(client().getPriceHistory({ ...base, lookbackDays: 31, airlineLoyalty: 'PROGRAM_1' })).rejects.toMatchObject({ status: 422, errors });
  });
});
