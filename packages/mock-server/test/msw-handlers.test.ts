// tsc checks this file too (tsconfig includes test/): every @ts-expect-error must meet an error,
// so the typing of `override` (issue 29 item 4) cannot silently loosen.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFlightSearchMock, override } from '../src/index.js';
import { validSearch } from './fixtures.js';

const server = setupServer();
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({ onUnhandledRequest: (request) => void unhandled.push(`${request.method} ${request.url}`) }),
);
afterEach(() => {
  server.resetHandlers();
  unhandled.splice(0);
});
afterAll(() => server.close());

const headers = { 'x-api-key': 'test-key' };
const oneWay = validSearch();

describe("msw's conventions: the handlers answer only the origins they are given (issue 29 item 4, D127)", () => {
  it('a mock with one baseUrl leaves a client with the wrong base URL to onUnhandledRequest', async () => {
    server.use(...createFlightSearchMock({ baseUrl: 'https://api.example.com' }).handlers);
    expect((await fetch('https://api.example.com/quota', { headers })).status).toBe(200);
    await fetch('https://totally-unrelated.example.org/quota', { headers }).catch(() => undefined);
    expect(unhandled).toEqual(['GET https://totally-unrelated.example.org/quota']);
  });

  it('a mock with several baseUrls answers under each of them, each with its own path prefix, and no other origin', async () => {
    const mock = createFlightSearchMock({ baseUrl: ['https://api.example.com', 'http://localhost:4010/v1'] });
    server.use(...mock.handlers);
    expect((await fetch('https://api.example.com/quota', { headers })).status).toBe(200);
    expect((await fetch('http://localhost:4010/v1/quota', { headers })).status).toBe(200);
    // An unknown path under a base URL is the service's 404 envelope (D11), not msw's business.
    expect((await fetch('http://localhost:4010/v1/nothing', { headers })).status).toBe(404);
    await fetch('http://localhost:4010/quota', { headers }).catch(() => undefined);
    expect(unhandled).toEqual(['GET http://localhost:4010/quota']);
    expect(mock.requests().map((entry) => entry.path)).toEqual(['/quota', '/quota', '/nothing']);
  });

  it("answering every origin is the explicit opt-in baseUrl: '*', which leaves other paths to onUnhandledRequest", async () => {
    server.use(...createFlightSearchMock({ baseUrl: '*' }).handlers);
    expect((await fetch('https://anything.example.org/quota', { headers })).status).toBe(200);
    await fetch('https://anything.example.org/not-the-service').catch(() => undefined);
    expect(unhandled).toEqual(['GET https://anything.example.org/not-the-service']);
  });

  it('a mock made without baseUrl has no msw handlers to give: reading them is a TypeError naming the option and its choices', () => {
    const mock = createFlightSearchMock();
    expect(() => mock.handlers).toThrow(TypeError);
    expect(() => mock.handlers).toThrow(/"baseUrl".*'\*'/);
    // The rest of the mock works without it: mock.handle and the standalone server take any origin.
    expect(mock.state().options.baseUrl).toBeNull();
  });

  it("names each handler by its method and URL, readable in msw's output", () => {
    const named = (options: Parameters<typeof createFlightSearchMock>[0]) =>
      createFlightSearchMock(options).handlers.map((handler) => handler.info.header);
    expect(named({ baseUrl: 'https://api.example.com/v1/' })).toEqual([
      'POST https://api.example.com/v1/flights/search',
      'GET https://api.example.com/v1/intelligence/flights/history',
      'GET https://api.example.com/v1/quota',
      'all https://api.example.com/v1/*',
    ]);
    expect(named({ baseUrl: '*' })).toEqual([
      'POST */flights/search',
      'GET */intelligence/flights/history',
      'GET */quota',
    ]);
  });
});

describe('override: a server.use handler typed from openapi.yaml (issue 29 item 4)', () => {
  it("answers one operation under the mock's base URLs with the typed answer, and passes on when the resolver returns nothing", async () => {
    const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com' });
    server.use(...mock.handlers);
    const seen: string[] = [];
    server.use(
      override(mock, 'post', '/flights/search', ({ body }) => {
        seen.push(body.origin);
        if (body.origin !== 'GRU') return undefined;
        return {
          status: 402,
          body: {
            error: {
              code: 'HTTP_ERROR',
              message: 'forced',
              correlationId: 'c-1',
              details: { requiredUnits: 1, remainingUnits: 0 },
            },
          },
        };
      }),
    );
    const post = (body: unknown) =>
      fetch('https://api.example.com/flights/search', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const forced = await post(oneWay);
    expect(forced.status).toBe(402);
    expect(await forced.json()).toMatchObject({
      error: { code: 'HTTP_ERROR', correlationId: 'c-1', details: { requiredUnits: 1, remainingUnits: 0 } },
    });
    // Returning undefined hands the request to the mock underneath.
    expect((await post({ ...oneWay, origin: 'GIG' })).status).toBe(200);
    expect(seen).toEqual(['GRU', 'GIG']);
    expect(mock.requests().map((entry) => entry.status)).toEqual([200]);
    expect(
      override(mock, 'get', '/quota', () => ({
        status: 200,
        body: { limit: 1, consumed: 0, remaining: 1, usageByCompany: [] },
      })).info.header,
    ).toBe('GET https://api.example.com/quota (override)');
  });

  it('refuses a mock made without baseUrl with a TypeError naming the option', () => {
    expect(() => override(createFlightSearchMock(), 'get', '/quota', () => undefined)).toThrow(/"baseUrl"/);
  });
});

// Type-only: tsc checks these, they never run.
function typeChecks() {
  const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com' });
  // @ts-expect-error a body the contract does not allow for a 200 quota answer
  override(mock, 'get', '/quota', () => ({ status: 200, body: { limit: 'lots' } }));
  // @ts-expect-error a status the operation does not declare
  override(mock, 'get', '/quota', () => ({ status: 418, body: {} }));
  // @ts-expect-error a method the path does not have
  override(mock, 'delete', '/quota', () => undefined);
  // @ts-expect-error a path the contract does not have
  override(mock, 'get', '/flights', () => undefined);
  // @ts-expect-error the request body is typed: a search has no `destinations`
  override(mock, 'post', '/flights/search', ({ body }) => void body.destinations);
  // A msw answer of its own is allowed too (headers, streams): typed by msw, not by the contract.
  override(mock, 'get', '/quota', () => HttpResponse.json({ anything: true }));
  return http;
}
void typeChecks;
