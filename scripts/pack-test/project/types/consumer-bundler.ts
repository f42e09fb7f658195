// Type-checked by pack-test as a consumer would: the packages' own .d.ts files
// from node_modules. Each @ts-expect-error line MUST be an error, so an `any`
// (types not loaded) fails the check with "Unused '@ts-expect-error' directive".
import {
  createFlightSearchClient,
  validateSearchRequest,
  QuotaExceededError,
  type Quota,
  type SearchRequest,
  type ValidationIssue,
} from '@flight-search/sdk';
import { createRawClient } from '@flight-search/sdk/raw';
import { createFlightSearchMock, type FlightSearchMock } from '@flight-search/mock-server';
import { startMockServer, type MockServer } from '@flight-search/mock-server/node';

const client = createFlightSearchClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:4010' });
const request: SearchRequest = {
  airlineLoyalty: ['PROGRAM_1'],
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2030-01-15',
  passengers: { adults: 1 },
};
const issues: ValidationIssue[] = validateSearchRequest(request);
export const fields: string[] = issues.map((issue) => issue.field);

export async function consumer(): Promise<number> {
  const quota: Quota = await client.getQuota();
  const { data: rawQuota } = await createRawClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:4010' }).GET(
    '/quota',
  );
  // @ts-expect-error the raw client's data is typed by the contract too: Quota has no `remainingUnits`
  void rawQuota?.remainingUnits;
  // @ts-expect-error Quota has `remaining`, not `remainingUnits` (that is QuotaExceededError's)
  const wrong: number = quota.remainingUnits;

  const { results } = await client.searchFlights({ ...request, responseFormat: 'PARSED' });
  const first = results[0];
  const flights: number = first?.success ? first.flights.length : 0;

  // @ts-expect-error tripType is 'ONE_WAY' | 'ROUND_TRIP'
  await client.searchFlights({ ...request, tripType: 'ONE_WAY_PLEASE' });

  const mock: FlightSearchMock = createFlightSearchMock({ baseUrl: 'https://api.example.com', seed: 1 });
  mock.setProgramBehavior('PROGRAM_4', { fail: { status: 503 } });
  // @ts-expect-error seed is a number
  createFlightSearchMock({ seed: 'one' });

  const server: MockServer = await startMockServer({ port: 0, log: false, mock });
  await server.close();

  try {
    await client.searchFlights(request);
  } catch (error) {
    if (error instanceof QuotaExceededError) return (error.remainingUnits ?? 0) + quota.remaining + flights + wrong;
  }
  return mock.handlers.length;
}
