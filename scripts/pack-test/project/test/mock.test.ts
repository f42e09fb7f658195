// The consumer project's own test suite: the packed mock's msw handlers under
// setupServer, the packed SDK calling through them.
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createFlightSearchMock } from '@flight-search/mock-server';
import { createFlightSearchClient, QuotaExceededError, type SearchRequest } from '@flight-search/sdk';

const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com', seed: 42 });
const server = setupServer(...mock.handlers);
const client = createFlightSearchClient({ baseUrl: 'https://api.example.com', apiKey: 'test-key' });
const request: SearchRequest = {
  airlineLoyalty: ['PROGRAM_1'],
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
  passengers: { adults: 1 },
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

it('returns flights for a search answered by the mock handlers', async () => {
  const response = await client.searchFlights({ ...request, responseFormat: 'PARSED' });
  const item = response.results[0];
  expect(item?.success).toBe(true);
  expect(item?.success && item.flights.length).toBeGreaterThan(0);
  expect(await client.getQuota()).toMatchObject({ limit: 1000, consumed: 1, remaining: 999 });
});

it('throws QuotaExceededError once setKey has spent the quota', async () => {
  mock.setKey('test-key', { limit: 10, consumed: 10 });
  const error = await client.searchFlights(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(QuotaExceededError);
  expect(error).toMatchObject({ status: 402, requiredUnits: 1, remainingUnits: 0 });
});

it('lets server.use put a per-test handler in front of the mock', async () => {
  server.use(http.get('*/quota', () => HttpResponse.json({ limit: 5, consumed: 5, remaining: 0, usageByCompany: [] })));
  expect(await client.getQuota()).toEqual({ limit: 5, consumed: 5, remaining: 0, usageByCompany: [] });
});
