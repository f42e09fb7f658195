import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createFlightSearchMock, type FlightSearchMock, type MockOptions } from '../../src/index.js';

export const BASE = 'https://api.flight-search.test';

/**
 * One msw server per test file. Every answer of the mock is checked against
 * openapi.yaml by the setup file (test/support/contract-setup.ts), and a
 * violation fails the test that caused it. `mock(options)` installs a fresh
 * mock for the current test, at {@link BASE} unless told otherwise (D127).
 */
export function useMockService(defaults: MockOptions = {}) {
  const unhandled: string[] = [];
  const server = setupServer();
  beforeAll(() =>
    server.listen({
      onUnhandledRequest: (request) => {
        unhandled.push(`${request.method} ${request.url}`);
      },
    }),
  );
  afterEach(() => {
    server.resetHandlers();
    unhandled.splice(0);
  });
  afterAll(() => server.close());

  return {
    server,
    unhandled,
    mock(options: MockOptions = {}): FlightSearchMock {
      const mock = createFlightSearchMock({ baseUrl: BASE, ...defaults, ...options });
      server.use(...mock.handlers);
      return mock;
    },
  };
}

export const KEY = 'test-key';

/** A request to the mocked service with a key (`null` for none) and JSON body. */
export function call(
  path: string,
  {
    key = KEY,
    body,
    headers = {},
    method,
    signal,
  }: {
    key?: string | null;
    body?: unknown;
    headers?: Record<string, string>;
    method?: string;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  const allHeaders: Record<string, string> = { ...headers };
  if (key !== null) allHeaders['x-api-key'] = key;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === 'string' ? body : JSON.stringify(body);
    allHeaders['content-type'] ??= 'application/json';
  }
  return fetch(`${BASE}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: allHeaders,
    body: payload,
    signal,
  });
}

export const search = (body: unknown, options: Parameters<typeof call>[1] = {}) =>
  call('/flights/search', { ...options, body });

export { roundTrip, validSearch } from '../fixtures.js';

export async function quotaOf(key = KEY) {
  const response = await call('/quota', { key });
  return (await response.json()) as {
    limit: number;
    consumed: number;
    remaining: number;
    usageByCompany: { airlineLoyalty: string; consumed: number }[];
  };
}

export async function issuesOf(response: Response) {
  expect(response.status).toBe(422);
  const body = (await response.json()) as {
    error: { details: { errors: { field: string; type: string; message: string }[] } };
  };
  return body.error.details.errors;
}
