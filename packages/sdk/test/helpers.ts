import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFlightSearchClient, type ClientOptions, type SearchRequest } from '../src/index.js';

export const BASE_URL = 'https://api.flight-search.test';
export const API_KEY = 'sk-secret-test-key-1234';

/** One msw server per test file; each test installs its own small handlers. */
export const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A client against BASE_URL that retries without waiting. */
export const client = (options: Partial<ClientOptions> = {}) =>
  createFlightSearchClient({ apiKey: API_KEY, baseUrl: BASE_URL, retryDelay: () => 0, ...options });

export const oneWay = (overrides: Partial<SearchRequest> = {}): SearchRequest => ({
  airlineLoyalty: ['PROGRAM_1'],
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15',
  passengers: { adults: 1 },
  ...overrides,
});

export const envelope = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message, correlationId: '7b8c9d0e-1f2a-4b3c-8d5e-6f7a8b9cadb4', ...extra },
});

export const rawAnswer = {
  results: [{ airline: 'PROGRAM_1', success: true, data: { outbound: { flights: [] }, inbound: null } }],
  summary: { totalAirlinesRequested: 1, successfulSearches: 1, failedSearches: 0 },
};

export const quotaAnswer = { limit: 1000, consumed: 3, remaining: 997, usageByCompany: [{ airlineLoyalty: 'PROGRAM_1', consumed: 3 }] };

/** Installs a handler answering `respond` and returns the requests it saw (count the attempts). */
export function route(method: 'get' | 'post', path: string, respond: (request: Request, n: number) => Response | Promise<Response>) {
  const seen: Request[] = [];
  server.use(
    http[method](BASE_URL + path, ({ request }) => {
      seen.push(request.clone());
      return respond(request, seen.length);
    }),
  );
  return seen;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>) => HttpResponse.json(body as never, { status, headers });
