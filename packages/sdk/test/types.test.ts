// tsc checks this file (packages/sdk/tsconfig.json includes test/): every @ts-expect-error
// must meet an error, so the narrowing it documents cannot silently regress.
import { describe, expectTypeOf, it } from 'vitest';
import { compareProgramsStreaming, type FlightSearchError } from '../src/index.js';
import type {
  CashProgram,
  components,
  Fare,
  FlightSearchClient,
  HistoryQuery,
  HistoryRecord,
  HistoryResponse,
  Leg,
  MilesProgram,
  ParsedFlight,
  ParsedResultItem,
  ParsedSearchResponse,
  paths,
  Program,
  ProgramCode,
  Quota,
  RawResultItem,
  RawSearchResponse,
  ResponseFormat,
  SearchRequest,
  SearchResponse,
} from '../src/index.js';
import { oneWay } from './helpers.js';

declare const client: FlightSearchClient;
// Type-only: these functions are type-checked, never called.
async function typeChecks() {
  const parsed = await client.searchFlights({ ...oneWay(), responseFormat: 'PARSED' });
  expectTypeOf(parsed).toEqualTypeOf<ParsedSearchResponse>();
  // `success` narrows an item in place, without a cast: flights on success, null on a provider failure.
  const flights = parsed.results[0]?.success && parsed.results[0].flights;
  expectTypeOf(flights).toEqualTypeOf<false | undefined | ParsedFlight[]>();
  const item = parsed.results[0]!;
  if (item.success) expectTypeOf(item.flights[0]!.fares[0]!.miles).toEqualTypeOf<number>();
  else expectTypeOf(item.flights).toEqualTypeOf<null>();
  // @ts-expect-error a PARSED answer has no RAW `data`
  void item.data;
  // @ts-expect-error nor has a successful PARSED item
  void (parsed.results[0]?.success && parsed.results[0].data);

  const raw = await client.searchFlights({ ...oneWay(), responseFormat: 'RAW' });
  expectTypeOf(raw).toEqualTypeOf<RawSearchResponse>();
  // @ts-expect-error a RAW answer has no `flights`
  void raw.results[0]!.flights;

  const byDefault = await client.searchFlights({
    airlineLoyalty: ['PROGRAM_1'],
    tripType: 'ONE_WAY',
    cabinType: 'ECONOMY',
    origin: 'GRU',
    destination: 'JFK',
    departureDate: '2026-12-15',
    passengers: { adults: 1 },
  });
  expectTypeOf(byDefault).toEqualTypeOf<RawSearchResponse>();

  const format = 'PARSED' as ResponseFormat;
  const unknownFormat = await client.searchFlights({ ...oneWay(), responseFormat: format });
  expectTypeOf(unknownFormat).toEqualTypeOf<SearchResponse>();

  // @ts-expect-error responseFormat takes RAW or PARSED only (SEARCH-8)
  await client.searchFlights({ ...oneWay(), responseFormat: 'XML' });
  // @ts-expect-error a known code is checked against priceType's table: PROGRAM_8 is a CASH airline (D143)
  await client.searchFlights({ ...oneWay(), priceType: 'MILES', airlineLoyalty: ['PROGRAM_8'] });
  await client.getPriceHistory({
    origin: 'GRU',
    destination: 'JFK',
    cabinType: 'ECONOMY',
    lookbackDays: 7,
    // @ts-expect-error history takes MILES programs only (HISTORY-2): PROGRAM_8 is cash
    airlineLoyalty: 'PROGRAM_8',
  });
  await client.getPriceHistory({
    origin: 'GRU',
    destination: 'JFK',
    cabinType: 'ECONOMY',
    lookbackDays: 7,
    airlineLoyalty: ['PROGRAM_1', 'PROGRAM_2'],
    departureDate: '2026-12-15',
  });
  expectTypeOf((await client.getQuota()).remaining).toEqualTypeOf<number>();

  // An `error` outcome carries the SDK's error: its fields need no cast.
  const { airlineLoyalty: _, ...comparison } = oneWay();
  for await (const o of compareProgramsStreaming(client, { ...comparison, responseFormat: 'PARSED' }))
    if (o.kind === 'error') expectTypeOf(o.error).toEqualTypeOf<FlightSearchError>();
}

// The readable names the SDK exports (issue 3): renaming or dropping one fails type-checking here.
function exportedNames(request: SearchRequest, query: HistoryQuery, record: HistoryRecord, leg: Leg, fare: Fare) {
  expectTypeOf<SearchResponse>().toEqualTypeOf<RawSearchResponse | ParsedSearchResponse>();
  expectTypeOf<RawResultItem>().toEqualTypeOf<RawSearchResponse['results'][number]>();
  expectTypeOf<ParsedResultItem>().toEqualTypeOf<ParsedSearchResponse['results'][number]>();
  expectTypeOf<HistoryResponse['flights'][number]>().toEqualTypeOf<HistoryRecord>();
  expectTypeOf<ParsedFlight['legs'][number]>().toEqualTypeOf<Leg>();
  expectTypeOf<ParsedFlight['fares'][number]>().toEqualTypeOf<Fare>();
  expectTypeOf<Quota>().toEqualTypeOf<components['schemas']['Quota']>();
  expectTypeOf<paths['/quota']['get']['responses'][200]['content']['application/json']>().toEqualTypeOf<Quota>();
  expectTypeOf<MilesProgram | CashProgram>().toEqualTypeOf<ProgramCode>();
  expectTypeOf(request.airlineLoyalty).toEqualTypeOf<readonly Program[]>();
  expectTypeOf(query.airlineLoyalty).toEqualTypeOf<MilesProgram | readonly MilesProgram[]>();
  void [record, leg, fare];
}

describe('types', () => {
  it('narrows the search answer by responseFormat (checked by tsc; this test only keeps the checks compiled)', () => {
    expectTypeOf(typeChecks).returns.resolves.toBeVoid();
    expectTypeOf(exportedNames).returns.toBeVoid();
  });
});
