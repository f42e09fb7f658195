// CommonJS TypeScript consumer (the TS1479 case of issue 19) of the SDK and the msw-free node entry; type-checked
// with skipLibCheck: false in both projects (with msw installed and without).
import { createFlightSearchClient, type QuotaExceededError, type SearchRequest } from '@flight-search/sdk';
import { startMockServer, type MockServer, type StartMockServerOptions } from '@flight-search/mock-server/node';

export async function main(error: QuotaExceededError): Promise<number> {
  const options: StartMockServerOptions = { port: 0, log: false, seed: 7 };
  const server: MockServer = await startMockServer(options);
  const client = createFlightSearchClient({ baseUrl: server.url, apiKey: 'test-key' });
  const request: SearchRequest = {
    airlineLoyalty: ['PROGRAM_1'],
    tripType: 'ONE_WAY',
    cabinType: 'ECONOMY',
    origin: 'GRU',
    destination: 'JFK',
    departureDate: '2026-12-15',
    passengers: { adults: 1 },
  };
  await client.searchFlights(request);
  server.mock.setProgramBehavior('PROGRAM_3', { latencyMs: 10 });
  // @ts-expect-error: not a program code (only an error when the real types are loaded).
  server.mock.setProgramBehavior('PROGRAM_99', null);
  // @ts-expect-error: remainingUnits is a number, not a string.
  const units: string = error.remainingUnits;
  await server.close();
  return (await client.getQuota()).remaining + units.length;
}
