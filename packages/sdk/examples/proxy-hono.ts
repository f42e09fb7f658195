import { Hono } from 'hono';
import { createFlightSearchProxy } from '@flight-search/sdk/proxy';

// Your app's own notion of a user; here, a session cookie.
const userOf = (request: Request) => /(?:^|;\s*)session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];

// Each user may spend 20 quota units (a ONE_WAY search costs 1, a ROUND_TRIP 2).
const spent = new Map<string, number>();
const BUDGET = 20;

const proxy = createFlightSearchProxy({
  apiKey: process.env.FLIGHT_SEARCH_API_KEY!,
  baseUrl: process.env.FLIGHT_SEARCH_BASE_URL!,
  // No session: 401 PROXY_UNAUTHORIZED, nothing forwarded.
  authorize: (request) => userOf(request) !== undefined,
  // Over budget: 403 BUDGET_EXCEEDED, nothing forwarded, nothing spent.
  beforeSearch: ({ request, cost }) => {
    const user = userOf(request)!;
    const used = spent.get(user) ?? 0;
    if (used + cost > BUDGET) return false;
    spent.set(user, used + cost);
    return true;
  },
});

export const app = new Hono();
app.all('/api/flight-search/*', (c) => proxy(c.req.raw));
