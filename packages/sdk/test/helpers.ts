import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFlightSearchClient, type ClientOptions } from '../src/index.js';
import { API_KEY, BASE_URL } from './fixtures.js';

export * from './fixtures.js';

/** One msw server per test file; each test installs its own small handlers. */
export const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A client against BASE_URL that retries without waiting. */
export const client = (options: Partial<ClientOptions> = {}) =>
  createFlightSearchClient({ apiKey: API_KEY, baseUrl: BASE_URL, retryDelay: () => 0, ...options });

/** Installs a handler answering `respond` and returns the requests it saw (count the attempts). */
export function route(
  method: 'get' | 'post',
  path: string,
  respond: (request: Request, n: number) => Response | Promise<Response>,
) {
  const seen: Request[] = [];
  server.use(
    http[method](BASE_URL + path, ({ request }) => {
      seen.push(request.clone());
      return respond(request, seen.length);
    }),
  );
  return seen;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>) =>
  HttpResponse.json(body as never, { status, headers });
