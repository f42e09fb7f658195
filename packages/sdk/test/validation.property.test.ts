import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASH_PROGRAMS, MILES_PROGRAMS, validateSearchRequest } from '../src/index.js';

const day = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const iata = fc.stringMatching(/^[A-Z]{3}$/);

/** Requests valid under every rule: generated within the bounds, cross-field rules respected by construction. */
const validRequest = fc
  .record({
    priceType: fc.constantFrom('MILES', 'CASH'),
    tripType: fc.constantFrom('ONE_WAY', 'ROUND_TRIP'),
    cabinType: fc.constantFrom('ECONOMY', 'BUSINESS'),
    origin: iata,
    destination: iata,
    departureDate: day,
    stay: fc.integer({ min: 1, max: 60 }),
    adults: fc.integer({ min: 1, max: 9 }),
    children: fc.integer({ min: 0, max: 8 }),
    infants: fc.integer({ min: 0, max: 4 }),
    programIndex: fc.nat(),
    responseFormat: fc.constantFrom('RAW', 'PARSED', undefined),
  })
  .filter((r) => r.origin !== r.destination && r.adults + r.children <= 9 && r.infants <= r.adults)
  .map((r) => {
    const programs = r.priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;
    const back = new Date(Date.parse(r.departureDate) + r.stay * 86_400_000).toISOString().slice(0, 10);
    return {
      airlineLoyalty: [programs[r.programIndex % programs.length]!],
      priceType: r.priceType,
      tripType: r.tripType,
      cabinType: r.cabinType,
      origin: r.origin,
      destination: r.destination,
      departureDate: r.departureDate,
      ...(r.tripType === 'ROUND_TRIP' ? { returnDate: back } : {}),
      passengers: { adults: r.adults, children: r.children, infants: r.infants },
      ...(r.responseFormat ? { responseFormat: r.responseFormat } : {}),
    };
  });

describe('validateSearchRequest (properties)', () => {
  it('SEARCH-1..9: accepts every request generated within the rules', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        expect(validateSearchRequest(request)).toEqual([]);
      }),
    );
  });

  it('SEARCH-9: reports at most one issue per field for any JSON value in any property', () => {
    const keys = [
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
    const anyBody = fc.dictionary(fc.constantFrom(...keys, '__proto__', 'extra'), fc.jsonValue());
    fc.assert(
      fc.property(
        fc.oneof(
          anyBody,
          validRequest.chain((v) => anyBody.map((patch) => ({ ...v, ...patch }))),
        ),
        (body) => {
          const issues = validateSearchRequest(body);
          const fields = issues.map((i) => i.field);
          expect(new Set(fields).size).toBe(fields.length);
          // A declared field's path, or an undeclared key's (any text) under the body or its passengers.
          for (const issue of issues)
            expect(issue.field).toMatch(
              /^body(\.[A-Za-z]+(\.(\d+|adults|children|infants))?|\.passengers\..*|\.(?!passengers\.).*)?$/s,
            );
        },
      ),
    );
  });

  it('SEARCH-5: any valid request with destination set to its origin gets exactly the SEARCH-5 issue', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        expect(
          validateSearchRequest({ ...request, destination: request.origin }).map((i) => [i.field, i.type]),
        ).toEqual([['body.destination', 'cross_field']]);
      }),
    );
  });
});
