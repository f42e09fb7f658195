import { startMockServer, type MockServer } from '@flight-search/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargedNothing,
  createExampleProxy,
  NOT_CONFIGURED,
  PROXY_PREFIX,
  USER_COOKIE,
  UserBudgets,
  userOf,
} from '../proxy-plugin.js';

// The dev server's proxy as a Fetch handler, without Vite or a browser; the service is the
// standalone mock over HTTP.
const KEY = 'srv-key-unit-4b8e1d';
const alice = `${USER_COOKIE}=11111111-1111-4111-8111-111111111111`;
const bob = `${USER_COOKIE}=22222222-2222-4222-8222-222222222222`;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({
    latency: 'none',
    log: false,
    keys: [
      { key: KEY, limit: 1000, products: ['search', 'history'] },
      { key: 'one-unit-key', limit: 1, products: ['search'] },
    ],
  });
});
afterAll(async () => {
  await server?.close();
});

const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const returning = new Date(Date.now() + 37 * 86_400_000).toISOString().slice(0, 10);

function search(cookie: string | undefined, tripType: 'ONE_WAY' | 'ROUND_TRIP', program = 'PROGRAM_1'): Request {
  const body = {
    priceType: 'MILES',
    tripType,
    cabinType: 'ECONOMY',
    origin: 'GRU',
    destination: 'JFK',
    departureDate: departure,
    ...(tripType === 'ROUND_TRIP' && { returnDate: returning }),
    passengers: { adults: 1, children: 0, infants: 0 },
    airlineLoyalty: [program],
    responseFormat: 'PARSED',
  };
  return new Request(`http://127.0.0.1${PROXY_PREFIX}/flights/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  });
}

const searchesAtMock = () => server.mock.requests().filter((r) => r.path === '/flights/search').length;
const quota = async (key: string) =>
  ((await (await fetch(`${server.url}/quota`, { headers: { 'x-api-key': key } })).json()) as { consumed: number })
    .consumed;

describe('the example dev server proxy (createExampleProxy)', () => {
  it('answers 503 PROXY_NOT_CONFIGURED naming the variables to set when FLIGHT_SEARCH_URL and FLIGHT_SEARCH_KEY are unset', async () => {
    const { handler, problem } = createExampleProxy({});
    const response = await handler(
      new Request(`http://127.0.0.1${PROXY_PREFIX}/quota`, { headers: { cookie: alice } }),
    );
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(NOT_CONFIGURED);
    expect(body.error.message).toMatch(/FLIGHT_SEARCH_URL and FLIGHT_SEARCH_KEY are not set/);
    expect(problem).toBe(body.error.message);
  });

  it('answers 503 naming FLIGHT_SEARCH_KEY alone when only the key is missing, and FLIGHT_SEARCH_BUDGET when it is not a whole number', async () => {
    const noKey = await (
      await createExampleProxy({ FLIGHT_SEARCH_URL: server.url }).handler(search(alice, 'ONE_WAY'))
    ).json();
    expect(noKey).toEqual({
      error: { code: NOT_CONFIGURED, message: expect.stringMatching(/: FLIGHT_SEARCH_KEY is not set\./) },
    });
    const badBudget = createExampleProxy({
      FLIGHT_SEARCH_URL: server.url,
      FLIGHT_SEARCH_KEY: KEY,
      FLIGHT_SEARCH_BUDGET: 'lots',
    });
    const response = await badBudget.handler(search(alice, 'ONE_WAY'));
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /FLIGHT_SEARCH_BUDGET must be a whole number/,
    );
  });

  it('a FLIGHT_SEARCH_URL the SDK refuses gives a 503 that names the variables and never the key', async () => {
    const { handler } = createExampleProxy({ FLIGHT_SEARCH_URL: 'not a url', FLIGHT_SEARCH_KEY: KEY });
    const response = await handler(search(alice, 'ONE_WAY'));
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(text).toMatch(/FLIGHT_SEARCH_URL must be the service's absolute http\(s\) URL/);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('not a url');
  });

  it('refuses a request without the demo user cookie with 401 and forwards nothing', async () => {
    const { handler } = createExampleProxy({ FLIGHT_SEARCH_URL: server.url, FLIGHT_SEARCH_KEY: KEY });
    const before = searchesAtMock();
    const response = await handler(search(undefined, 'ONE_WAY'));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PROXY_UNAUTHORIZED');
    expect(searchesAtMock()).toBe(before);
  });

  it('QUOTA-1: the budget refuses a search whose cost would go over, per user, with 403 BUDGET_EXCEEDED and nothing forwarded', async () => {
    const { handler, budgets } = createExampleProxy({
      FLIGHT_SEARCH_URL: server.url,
      FLIGHT_SEARCH_KEY: KEY,
      FLIGHT_SEARCH_BUDGET: '3',
    });
    const consumed = await quota(KEY);
    const searches = searchesAtMock();

    expect((await handler(search(alice, 'ROUND_TRIP'))).status).toBe(200);
    const refused = await handler(search(alice, 'ROUND_TRIP'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        code: 'BUDGET_EXCEEDED',
        message: 'The proxy refused the search: it costs 2 quota units and this user has 1 of 3 quota units left.',
      },
    });
    // A ONE_WAY search still fits in the last unit.
    expect((await handler(search(alice, 'ONE_WAY'))).status).toBe(200);
    expect((await handler(search(alice, 'ONE_WAY'))).status).toBe(403);
    expect(budgets!.spent(`11111111-1111-4111-8111-111111111111`)).toBe(3);
    // Another user has a budget of their own.
    expect((await handler(search(bob, 'ROUND_TRIP'))).status).toBe(200);

    expect(searchesAtMock() - searches).toBe(3);
    expect((await quota(KEY)) - consumed).toBe(5);
  });

  it('QUOTA-1: a search the service refuses with 402 (charging nothing) is given back to the budget', async () => {
    const { handler, budgets } = createExampleProxy({
      FLIGHT_SEARCH_URL: server.url,
      FLIGHT_SEARCH_KEY: 'one-unit-key',
      FLIGHT_SEARCH_BUDGET: '2',
    });
    const response = await handler(search(alice, 'ROUND_TRIP'));
    expect(response.status).toBe(402);
    expect(budgets!.spent('11111111-1111-4111-8111-111111111111')).toBe(0);
    expect((await handler(search(alice, 'ONE_WAY'))).status).toBe(200);
    expect(budgets!.spent('11111111-1111-4111-8111-111111111111')).toBe(1);
  });
});

describe('the demo budget pieces', () => {
  it('UserBudgets tracks at most maxUsers users, forgetting the least recently charged', () => {
    const budgets = new UserBudgets(5, 2);
    expect(budgets.trySpend('a', 2)).toBe(true);
    expect(budgets.trySpend('b', 1)).toBe(true);
    expect(budgets.trySpend('a', 1)).toBe(true);
    expect(budgets.trySpend('c', 4)).toBe(true);
    // b was the least recently charged: forgotten; a and c are kept.
    expect([budgets.spent('a'), budgets.spent('b'), budgets.spent('c')]).toEqual([3, 0, 4]);
    expect(budgets.trySpend('c', 2)).toBe(false);
    expect(budgets.spent('c')).toBe(4);
  });

  it('counts only the service 4xx refusals as charging nothing', () => {
    expect([200, 401, 402, 403, 422, 429, 499, 500, 502, 504].filter(chargedNothing)).toEqual([
      401, 402, 403, 422, 429,
    ]);
  });

  it('reads the user id only from a well-formed demo cookie', () => {
    expect(userOf(`a=1; ${alice}; b=2`)).toBe('11111111-1111-4111-8111-111111111111');
    expect(userOf(`${USER_COOKIE}=nope`)).toBeUndefined();
    expect(userOf(`x${USER_COOKIE}=11111111-1111-4111-8111-111111111111`)).toBeUndefined();
    expect(userOf(undefined)).toBeUndefined();
  });
});
