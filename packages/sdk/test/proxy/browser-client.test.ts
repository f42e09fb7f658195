// The browser-safe client (issue 16 part 2): a path as baseUrl on the page's origin and no key in page
// code, against the proxy in front of the mock (msw). `location` is stubbed as a page's would be.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, useMockService } from '../../../mock-server/test/support/msw.js';
import {
  BudgetExceededError,
  createFlightSearchClient,
  PermissionDeniedError,
  type SearchRequest,
} from '../../src/index.js';
import { createFlightSearchProxy } from '../../src/proxy/index.js';
import { oneWay } from '../fixtures.js';
import { APP, keys, PREFIX, SERVER_KEY } from './support.js';

const NOW = Date.parse('2026-11-01T12:00:00Z');
const service = useMockService({ keys: keys(), now: () => NOW });
const search: SearchRequest = { ...oneWay(), responseFormat: 'PARSED' };

describe('a client on a page, without the key', () => {
  let sent: Request[];
  const page = (beforeSearch?: Parameters<typeof createFlightSearchProxy>[0]['beforeSearch']) => {
    const proxy = createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: BASE, prefix: PREFIX, beforeSearch });
    // The page's fetch: what the browser sends to its own origin, handed to the proxy mounted there.
    return async (request: Request) => {
      sent.push(request.clone());
      return proxy(request);
    };
  };
  beforeEach(() => {
    service.mock();
    sent = [];
    vi.stubGlobal('location', { href: `${APP}/flights/compare`, origin: APP });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes a path as baseUrl, resolves it against the page and sends no x-api-key', async () => {
    const client = createFlightSearchClient({ baseUrl: PREFIX, fetch: page() });
    const quota = await client.getQuota();
    const { results } = await client.searchFlights(search);
    expect(results[0]?.success).toBe(true);
    expect(quota.limit).toBeGreaterThan(0);
    expect(sent.map((r) => r.url)).toEqual([`${APP}${PREFIX}/quota`, `${APP}${PREFIX}/flights/search`]);
    expect(sent.every((r) => !r.headers.has('x-api-key'))).toBe(true);
    // The search reached the service through the proxy and was charged to the server's key.
    expect((await client.getQuota()).consumed).toBe(quota.consumed + 1);
  });

  it('accepts an absolute URL on the page origin without a key', () => {
    expect(() => createFlightSearchClient({ baseUrl: `${APP}/api/flight-search`, fetch: page() })).not.toThrow();
  });

  it('refuses a keyless client to another origin, naming apiKey and why', () => {
    expect(() => createFlightSearchClient({ baseUrl: 'https://api.flight-search.example' })).toThrow(
      /option "apiKey" must be a non-empty string \(it may be left out only when baseUrl is on the page's own origin, behind a proxy that adds the key\); received undefined/,
    );
    // A look-alike origin that merely starts with the page's is another origin.
    expect(() => createFlightSearchClient({ baseUrl: `${APP}.evil.example/api` })).toThrow(/option "apiKey"/);
  });

  it('surfaces the proxy budget refusal as BudgetExceededError, with nothing spent', async () => {
    const client = createFlightSearchClient({ baseUrl: PREFIX, fetch: page(() => false) });
    const before = await client.getQuota();
    const error = await client.searchFlights(search).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({
      status: 403,
      code: 'BUDGET_EXCEEDED',
      method: 'POST',
      url: `${APP}${PREFIX}/flights/search`,
    });
    expect((await client.getQuota()).consumed).toBe(before.consumed);
  });
});

describe('a client without a page (Node)', () => {
  it('refuses a path as baseUrl: there is no page to resolve it against', () => {
    expect(() => createFlightSearchClient({ apiKey: 'key-0123456789', baseUrl: '/api/flight-search' })).toThrow(
      'createFlightSearchClient: option "baseUrl" must be an absolute http(s) URL such as "https://api.example.com" (a path such as "/api" needs a page to resolve it against); received "/api/flight-search"',
    );
  });

  it('still requires the key', () => {
    expect(() => createFlightSearchClient({ baseUrl: 'http://127.0.0.1:4010' })).toThrow(
      /option "apiKey" must be a non-empty string/,
    );
  });

  it('reads a 403 from the service itself (AUTH-3) as PermissionDeniedError, not a budget refusal', async () => {
    const client = createFlightSearchClient({
      apiKey: 'key-0123456789',
      baseUrl: 'http://127.0.0.1:4010',
      fetch: async () =>
        Response.json(
          { error: { code: 'AUTHORIZATION_ERROR', message: 'Contact support to contract the price history product.' } },
          { status: 403 },
        ),
    });
    const error = await client.getQuota().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).not.toBeInstanceOf(BudgetExceededError);
  });
});
