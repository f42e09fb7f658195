// tsc checks this file (packages/sdk/tsconfig.json includes test/): the generated request types leave a
// field with a default optional, and the response types keep required every field the service always sends.
import { describe, expectTypeOf, it } from 'vitest';
import type { components } from '../src/index.js';
import type { RawClient } from '../src/raw.js';

type Schemas = components['schemas'];
/** The keys of T that may be left out. */
// biome-ignore lint/complexity/noBannedTypes: `{}` is the type-level test "K may be left out"
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];

declare const raw: RawClient;

// Type-only: type-checked, never called.
async function requestTypes() {
  // The README's raw call: children, infants, priceType and responseFormat have defaults and are left out.
  const { data } = await raw.POST('/flights/search', {
    body: {
      airlineLoyalty: ['PROGRAM_1'],
      tripType: 'ONE_WAY',
      cabinType: 'ECONOMY',
      origin: 'GRU',
      destination: 'JFK',
      departureDate: '2026-12-15',
      passengers: { adults: 1 },
    },
  });
  void data;

  const passengers: Schemas['Passengers'] = { adults: 2 };
  void passengers;
  // @ts-expect-error adults has no default: it stays required
  const noAdults: Schemas['Passengers'] = { children: 1 };
  void noAdults;

  // Exactly the defaulted (and the conditional returnDate) request fields are optional.
  expectTypeOf<OptionalKeys<Schemas['Passengers']>>().toEqualTypeOf<'children' | 'infants'>();
  expectTypeOf<OptionalKeys<Schemas['SearchRequest']>>().toEqualTypeOf<'priceType' | 'returnDate' | 'responseFormat'>();
  // The history query's defaulted onlyFutureDepartures and the optional departureDate.
  type HistoryQuery = NonNullable<
    import('../src/index.js').paths['/intelligence/flights/history']['get']['parameters']['query']
  >;
  expectTypeOf<OptionalKeys<HistoryQuery>>().toEqualTypeOf<'onlyFutureDepartures' | 'departureDate'>();
}

// Response fields the service always sends are required: only the fields the spec says can be absent are optional.
function responseTypes() {
  expectTypeOf<OptionalKeys<Schemas['Fare']>>().toEqualTypeOf<never>();
  expectTypeOf<OptionalKeys<Schemas['Leg']>>().toEqualTypeOf<never>();
  expectTypeOf<OptionalKeys<Schemas['ParsedFlight']>>().toEqualTypeOf<never>();
  expectTypeOf<OptionalKeys<Schemas['SearchSummary']>>().toEqualTypeOf<never>();
  expectTypeOf<OptionalKeys<Schemas['Quota']>>().toEqualTypeOf<never>();
  expectTypeOf<OptionalKeys<Schemas['HistoryResponse']>>().toEqualTypeOf<never>();
  expectTypeOf<OptionalKeys<Schemas['HistoryFare']>>().toEqualTypeOf<never>();
  expectTypeOf<OptionalKeys<Schemas['HistoryLeg']>>().toEqualTypeOf<never>();
  // Spec 2.3: fares, legs, availableSeats, tripType and roundTrip depend on the provider and can be absent.
  expectTypeOf<OptionalKeys<Schemas['HistoryRecord']>>().toEqualTypeOf<
    'tripType' | 'roundTrip' | 'availableSeats' | 'fares' | 'legs'
  >();
  expectTypeOf<Schemas['Quota']['remaining']>().toEqualTypeOf<number>();
}

describe('request types follow defaults', () => {
  it('leaves defaulted request fields optional and response fields required (checked by tsc; this keeps the checks compiled)', () => {
    expectTypeOf(requestTypes).returns.resolves.toBeVoid();
    expectTypeOf(responseTypes).returns.toBeVoid();
  });
});
