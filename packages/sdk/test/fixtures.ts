// Request and answer fixtures, free of side effects (helpers.ts starts an msw server; this file does not).
import type { SearchRequest } from '../src/index.js';

export const BASE_URL = 'https://api.flight-search.test';
export const API_KEY = 'sk-secret-test-key-1234';

/** A valid ONE_WAY MILES search without responseFormat (so its answer type is RAW); spread it and add one to change that. */
export const oneWay = (
  overrides: Partial<Omit<SearchRequest, 'responseFormat'>> = {},
): Omit<SearchRequest, 'responseFormat'> => ({
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

export const quotaAnswer = {
  limit: 1000,
  consumed: 3,
  remaining: 997,
  usageByCompany: [{ airlineLoyalty: 'PROGRAM_1', consumed: 3 }],
};
