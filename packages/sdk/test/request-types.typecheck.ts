// The request types as a user meets them (issue 27 items 1-3): each @ts-expect-error line is a misuse
// that must not compile, and every other line must. tsc checks this file in `npm run typecheck`
// (packages/sdk/tsconfig.json includes test/), and the runtime matrix copies it into a consumer
// project, where '@flight-search/sdk' is the packed tarball, for each TypeScript version it tests
// (scripts/test-runtimes.mjs), and once more without the @ts-expect-error directives, to read each
// compiler's message: a misspelt or extra field's names it (issue 42 item 4, scripts/runtimes/type-messages.mjs).
// It imports nothing else and is never run: only type-checked.
import {
  compareProgramsStreaming,
  createFlightSearchClient,
  type ParsedResultItem,
  type ParsedSearchResponse,
  type RawSearchResponse,
  type SearchRequest,
  type SearchResponse,
} from '@flight-search/sdk';

const client = createFlightSearchClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:4010' });
const base = {
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15',
  passengers: { adults: 1 },
} as const;
declare const plain: SearchRequest;
declare const selected: string;

export async function misuse() {
  // searchFlights
  // @ts-expect-error responseFomat is a typo of responseFormat
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1'], responseFomat: 'PARSED' });
  // @ts-expect-error childs is a typo of children
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1'], passengers: { adults: 1, childs: 2 } });
  // @ts-expect-error foo is no field of a search
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1'], foo: 1 });
  // @ts-expect-error PROGRAM_1 is a MILES program, not searchable with CASH (SEARCH-2)
  await client.searchFlights({ ...base, priceType: 'CASH', airlineLoyalty: ['PROGRAM_1'] });
  // @ts-expect-error PROGRAM_8 is a CASH airline, not searchable with MILES, the default priceType (SEARCH-2)
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_8'] });
  // @ts-expect-error a ROUND_TRIP needs a returnDate (SEARCH-7)
  await client.searchFlights({ ...base, tripType: 'ROUND_TRIP', airlineLoyalty: ['PROGRAM_1'] });
  // @ts-expect-error exactly one program, not zero (SEARCH-1)
  await client.searchFlights({ ...base, airlineLoyalty: [] });
  // @ts-expect-error exactly one program, not two (SEARCH-1)
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'] });
  // A misspelt or extra field in a variable: refused the same, the message naming it ({ 'unknown field': "childs" }).
  const typo = { ...base, airlineLoyalty: ['PROGRAM_1'], passengers: { ...base.passengers, childs: 2 } } as const;
  // @ts-expect-error childs is a typo of children
  await client.searchFlights(typo);
  const extra = { ...base, programs: ['PROGRAM_1'], foo: 1 };
  // @ts-expect-error foo is no field of a comparison
  compareProgramsStreaming(client, extra);

  // withResponse()
  // @ts-expect-error responseFomat is a typo of responseFormat
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1'], responseFomat: 'PARSED' }).withResponse();
  // biome-ignore format: the directive below must stay on the line above the misuse
  // @ts-expect-error childs is a typo of children
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1'], passengers: { adults: 1, childs: 2 } }).withResponse();
  // @ts-expect-error foo is no field of a search
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1'], foo: 1 }).withResponse();
  // @ts-expect-error PROGRAM_1 is a MILES program, not searchable with CASH (SEARCH-2)
  await client.searchFlights({ ...base, priceType: 'CASH', airlineLoyalty: ['PROGRAM_1'] }).withResponse();
  // @ts-expect-error a ROUND_TRIP needs a returnDate (SEARCH-7)
  await client.searchFlights({ ...base, tripType: 'ROUND_TRIP', airlineLoyalty: ['PROGRAM_1'] }).withResponse();
  // @ts-expect-error exactly one program, not zero (SEARCH-1)
  await client.searchFlights({ ...base, airlineLoyalty: [] }).withResponse();
  // @ts-expect-error exactly one program, not two (SEARCH-1)
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'] }).withResponse();

  // compareProgramsStreaming
  // @ts-expect-error responseFomat is a typo of responseFormat
  compareProgramsStreaming(client, { ...base, responseFomat: 'PARSED' });
  // @ts-expect-error childs is a typo of children
  compareProgramsStreaming(client, { ...base, passengers: { adults: 1, childs: 2 } });
  // @ts-expect-error foo is no field of a comparison
  compareProgramsStreaming(client, { ...base, foo: 1 });
  // @ts-expect-error a comparison takes `programs`: airlineLoyalty would be ignored and every program searched
  compareProgramsStreaming(client, { ...base, airlineLoyalty: ['PROGRAM_1'] });
  // @ts-expect-error PROGRAM_1 is a MILES program, not searchable with CASH (SEARCH-2)
  compareProgramsStreaming(client, { ...base, priceType: 'CASH', programs: ['PROGRAM_2', 'PROGRAM_1'] });
  // @ts-expect-error a ROUND_TRIP needs a returnDate (SEARCH-7)
  compareProgramsStreaming(client, { ...base, tripType: 'ROUND_TRIP' });
  // A comparison's per-call options are the client's: headers are names and text, maxRetries a number.
  // @ts-expect-error headers is an object of header names and values
  compareProgramsStreaming(client, base, { headers: 5 });
  // @ts-expect-error maxRetries is a number
  compareProgramsStreaming(client, base, { maxRetries: '2' });
  compareProgramsStreaming(client, base, { headers: { traceparent: 'x' }, maxRetries: 0, validate: false });
}

export async function use() {
  // The answer's type follows responseFormat: PARSED, RAW when absent or 'RAW'.
  const parsed: ParsedSearchResponse = await client.searchFlights({
    ...base,
    airlineLoyalty: ['PROGRAM_1'],
    responseFormat: 'PARSED',
  });
  const raw: RawSearchResponse = await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1'] });
  const alsoRaw: RawSearchResponse = await client.searchFlights({
    ...base,
    airlineLoyalty: ['PROGRAM_1'],
    responseFormat: 'RAW',
  });
  // @ts-expect-error a PARSED answer is not a RAW one
  const notRaw: RawSearchResponse = await client.searchFlights({
    ...base,
    airlineLoyalty: ['PROGRAM_1'],
    responseFormat: 'PARSED',
  });
  const { data } = await client
    .searchFlights({ ...base, airlineLoyalty: ['PROGRAM_1'], responseFormat: 'PARSED' })
    .withResponse();
  const parsedToo: ParsedSearchResponse = data;
  // What the rules allow: a CASH airline with CASH, a ROUND_TRIP with its returnDate, every field of the contract.
  await client.searchFlights({ ...base, priceType: 'CASH', airlineLoyalty: ['PROGRAM_8'] });
  await client.searchFlights({
    ...base,
    tripType: 'ROUND_TRIP',
    returnDate: '2026-12-20',
    airlineLoyalty: ['PROGRAM_1'],
  });
  await client.searchFlights({
    ...base,
    airlineLoyalty: ['PROGRAM_1'],
    passengers: { adults: 2, children: 1, infants: 1 },
    priceType: 'MILES',
  });
  // A value typed with the plain SearchRequest: accepted, checked at run time; its answer is either format.
  const either: SearchResponse = await client.searchFlights(plain);
  const withPlain: SearchResponse = (await client.searchFlights(plain).withResponse()).data;
  await client.searchFlights({ ...plain, responseFormat: 'PARSED' });
  // Program codes are open: one the SDK does not know, or one held in a string, is sent for the service to judge.
  await client.searchFlights({ ...base, airlineLoyalty: ['PROGRAM_9'] });
  await client.searchFlights({ ...base, priceType: 'CASH', airlineLoyalty: [selected] });
  for await (const o of compareProgramsStreaming(client, {
    ...base,
    programs: ['PROGRAM_1', 'PROGRAM_9'],
    responseFormat: 'PARSED',
  })) {
    // An outcome's program is one of the request's programs, an unknown one included.
    const program: 'PROGRAM_1' | 'PROGRAM_9' = o.program;
    if (o.kind === 'result') {
      const item: ParsedResultItem = o.item;
      void [item, program];
    }
  }
  compareProgramsStreaming(client, { ...base, priceType: 'CASH', returnDate: '2026-12-20', tripType: 'ROUND_TRIP' });
  void [parsed, raw, alsoRaw, notRaw, parsedToo, either, withPlain];
}
