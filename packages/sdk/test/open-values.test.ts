// Open values (D22): where the spec names values without closing the set, the service may send a
// value this SDK has never seen. The contract accepts it, the SDK returns it unchanged, and the types
// take any string while still offering (and narrowing to) the known ones. tsc checks the type-level
// half (packages/sdk/tsconfig.json includes test/): every @ts-expect-error must meet an error.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import { ValidationError } from '../src/index.js';
import type {
  CabinType,
  HistoryRecord,
  Leg,
  ParsedFlight,
  TripType,
  ValidationIssue,
  ValidationIssueType,
} from '../src/index.js';
import { client, envelope, json, oneWay, route } from './helpers.js';

const document = parse(readFileSync(fileURLToPath(new URL('../../../openapi.yaml', import.meta.url)), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: 'openapi.yaml' });
/** The problems of `value` against a schema of openapi.yaml ([] when the contract accepts it). */
const contractErrors = (schema: string, value: unknown): string[] => {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${schema}`)!;
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
};

const leg = {
  airlineCode: 'P1',
  flightNumber: '8040',
  cabinType: 'PREMIUM_ECONOMY',
  departureAirport: 'GRU',
  arrivalAirport: 'JFK',
  departureDate: '2026-12-15T22:40:00',
  arrivalDate: '2026-12-16T06:55:00',
  equipment: 'NEW-JET-9',
  classOfService: 'Z9',
  durationMinutes: 615,
  isConnection: false,
};
const fare = {
  fareType: 'SUPER_SAVER_PLUS',
  miles: 35000,
  money: 0,
  taxes: 61.2,
  fees: 0,
  totalMoney: 61.2,
  baseMiles: 35000,
  classOfService: 'Z9',
  productClass: 'BRAND_NEW_PRODUCT',
};
/** A PARSED answer with an unknown value in every open field of a flight. */
const parsedAnswer = {
  results: [
    {
      airline: 'PROGRAM_1',
      success: true,
      flights: [
        {
          id: '6f1c2a8e-3b7d-4c1e-9a0f-2d5b8c7e1a34',
          airlineLoyalty: 'PROGRAM_1',
          origin: 'GRU',
          destination: 'JFK',
          departureDate: '2026-12-15T22:40:00',
          arrivalDate: '2026-12-16T06:55:00',
          cabinType: 'ECONOMY',
          tripType: 'ONE_WAY',
          direction: 'STOPOVER',
          stops: 0,
          durationMinutes: 615,
          flightCode: 'P1 8040',
          availableSeats: 4,
          equipment: 'NEW-JET-9',
          fareSource: null,
          fares: [fare],
          legs: [leg],
        },
      ],
    },
  ],
  summary: { totalAirlinesRequested: 1, successfulSearches: 1, failedSearches: 0 },
};
/** A history answer with an unknown value in every open field of a record. */
const historyAnswer = {
  total: 1,
  lookbackDays: 7,
  flights: [
    {
      id: '0b9e4f57-5f0a-4d7e-8f6d-1c2b3a4d5e6f',
      airlineLoyalty: 'PARTNER_PROGRAM_X',
      departureDate: '2026-12-15T22:40:00',
      arrivalDate: '2026-12-16T06:55:00',
      cabinType: 'ECONOMY',
      concierge: null,
      origin: 'GRU',
      destination: 'JFK',
      flightCode: 'P1 8040',
      tripType: 'ONE_WAY',
      roundTrip: 'OUTBOUND',
      fareType: 'SUPER_SAVER_PLUS',
      basePrice: 35000,
      milesClubPrice: 31500,
      availableSeats: 4,
      createdAt: '2026-11-20T13:05:22Z',
      fares: [
        {
          fareType: 'SUPER_SAVER_PLUS',
          miles: 35000,
          money: 0,
          taxes: 61.2,
          fees: 0,
          totalMoney: 61.2,
          productClass: 'BRAND_NEW_PRODUCT',
          classOfService: 'Z9',
        },
      ],
      legs: [
        {
          equipment: 'NEW-JET-9',
          cabinType: 'PREMIUM_ECONOMY',
          airlineCode: 'P1',
          arrivalDate: '2026-12-16T06:55:00',
          flightNumber: '8040',
          departureDate: '2026-12-15T22:40:00',
          arrivalAirport: 'JFK',
          classOfService: 'Z9',
          departureAirport: 'GRU',
        },
      ],
    },
  ],
};

describe('open values (D22)', () => {
  it('the contract accepts an unknown direction, leg cabinType, fareType, productClass, classOfService and equipment in a PARSED answer', () => {
    expect(contractErrors('ParsedSearchResponse', parsedAnswer)).toEqual([]);
  });

  it('the contract accepts an unknown airlineLoyalty, leg cabinType, fareType, productClass, classOfService and equipment in a history record', () => {
    expect(contractErrors('HistoryResponse', historyAnswer)).toEqual([]);
  });

  it('the contract accepts an unknown validation issue type', () => {
    expect(
      contractErrors('ValidationIssue', { field: 'body.origin', message: 'is on a list.', type: 'embargoed_route' }),
    ).toEqual([]);
  });

  it('closed values stay closed: a flight cabinType, a tripType, a record roundTrip and a non-string open value are rejected', () => {
    const flight = parsedAnswer.results[0]!.flights[0]!;
    const withFlight = (change: object) => ({
      ...parsedAnswer,
      results: [{ ...parsedAnswer.results[0], flights: [{ ...flight, ...change }] }],
    });
    expect(contractErrors('ParsedSearchResponse', withFlight({ cabinType: 'PREMIUM_ECONOMY' }))).not.toEqual([]);
    expect(contractErrors('ParsedSearchResponse', withFlight({ tripType: 'MULTI_CITY' }))).not.toEqual([]);
    expect(contractErrors('ParsedSearchResponse', withFlight({ direction: 7 }))).not.toEqual([]);
    expect(contractErrors('HistoryRecord', { ...historyAnswer.flights[0], roundTrip: 'STOPOVER' })).not.toEqual([]);
    expect(contractErrors('HistoryRecord', { ...historyAnswer.flights[0], airlineLoyalty: null })).not.toEqual([]);
  });

  it('searchFlights returns a PARSED answer carrying unknown values unchanged', async () => {
    route('post', '/flights/search', () => json(parsedAnswer));
    const answer = await client().searchFlights({ ...oneWay(), responseFormat: 'PARSED' });
    expect(answer).toEqual(parsedAnswer);
    const item = answer.results[0]!;
    expect(item.success && item.flights[0]!.direction).toBe('STOPOVER');
    expect(item.success && item.flights[0]!.legs[0]!.cabinType).toBe('PREMIUM_ECONOMY');
  });

  it('getPriceHistory returns records carrying unknown values unchanged', async () => {
    route('get', '/intelligence/flights/history', () => json(historyAnswer));
    const answer = await client().getPriceHistory({
      origin: 'GRU',
      destination: 'JFK',
      cabinType: 'ECONOMY',
      lookbackDays: 7,
      airlineLoyalty: 'PROGRAM_1',
    });
    expect(answer).toEqual(historyAnswer);
  });

  it('a 422 whose issue has an unknown type is a ValidationError listing that issue', async () => {
    const errors = [{ field: 'body.origin', message: 'is on a list.', type: 'embargoed_route' }];
    route('post', '/flights/search', () =>
      json(envelope('VALIDATION_ERROR', 'The request is invalid.', { details: { errors } }), 422),
    );
    const error = await client()
      .searchFlights(oneWay())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual(errors);
  });
});

// Type-only: type-checked, never called.
function openTypes(flight: ParsedFlight, leg: Leg, record: HistoryRecord, issue: ValidationIssue) {
  // An unknown string is assignable to every open field...
  const unknownIssue: ValidationIssue = { field: 'body.origin', message: 'is on a list.', type: 'embargoed_route' };
  void unknownIssue;
  const direction: ParsedFlight['direction'] = 'STOPOVER';
  const legCabin: Leg['cabinType'] = 'PREMIUM_ECONOMY';
  const recordProgram: HistoryRecord['airlineLoyalty'] = 'PARTNER_PROGRAM_X';
  const recordLegCabin: NonNullable<HistoryRecord['legs']>[number]['cabinType'] = 'PREMIUM_ECONOMY';
  void [direction, legCabin, recordProgram, recordLegCabin];

  // ...while the known literals stay in the type (what editors offer), not swallowed by `string`:
  // Extract<string, 'RETURN'> would be never.
  expectTypeOf<Extract<ParsedFlight['direction'], string>>().not.toEqualTypeOf<string>();
  expectTypeOf<Extract<ParsedFlight['direction'], 'OUTBOUND' | 'RETURN'>>().toEqualTypeOf<'OUTBOUND' | 'RETURN'>();
  expectTypeOf<Extract<Leg['cabinType'], CabinType>>().toEqualTypeOf<CabinType>();
  expectTypeOf<
    Extract<NonNullable<HistoryRecord['legs']>[number]['cabinType'], CabinType>
  >().toEqualTypeOf<CabinType>();
  expectTypeOf<Extract<ValidationIssue['type'], ValidationIssueType>>().toEqualTypeOf<ValidationIssueType>();
  expectTypeOf<Extract<HistoryRecord['airlineLoyalty'], 'PROGRAM_1' | 'PROGRAM_7'>>().toEqualTypeOf<
    'PROGRAM_1' | 'PROGRAM_7'
  >();
  // A switch over the known values compiles (each case is a member of the type) and keeps a default for the rest.
  const label = (value: ParsedFlight['direction']) => {
    switch (value) {
      case 'OUTBOUND':
        return 'out';
      case 'RETURN':
        return 'back';
      default:
        return value;
    }
  };
  expectTypeOf(label(flight.direction)).toEqualTypeOf<string>();
  void [leg, record, issue];
  // An open field is not `any`: a number is still an error.
  // @ts-expect-error direction is a string
  const notAString: ParsedFlight['direction'] = 7;
  void notAString;

  // Closed values stay closed.
  // @ts-expect-error a flight's cabinType is ECONOMY or BUSINESS
  const flightCabin: ParsedFlight['cabinType'] = 'PREMIUM_ECONOMY';
  // @ts-expect-error tripType is ONE_WAY or ROUND_TRIP
  const trip: TripType = 'MULTI_CITY';
  // @ts-expect-error a record's roundTrip is OUTBOUND or RETURN (spec 2.3)
  const roundTrip: HistoryRecord['roundTrip'] = 'STOPOVER';
  void [flightCabin, trip, roundTrip];
}

describe('open value types', () => {
  it('take any string and keep the known literals (checked by tsc; this keeps the checks compiled)', () => {
    expectTypeOf(openTypes).returns.toBeVoid();
  });
});
