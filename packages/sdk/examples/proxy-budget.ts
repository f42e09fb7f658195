import { createFlightSearchProxy, type ProxySearch } from '@flight-search/sdk/proxy';

// Your app's own notion of a user; here, a session cookie.
const userOf = (request: Request) => /(?:^|;\s*)session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];

// Where the budgets live once more than one server process shares them: a database or Redis, where
// every call is a round trip. An in-memory stand-in here, asynchronous as they are: use yours.
const roundTrip = () => new Promise((resolve) => setTimeout(resolve, 1));
export const store = {
  spent: new Map<string, number>(),
  async get(user: string): Promise<number> {
    await roundTrip();
    return this.spent.get(user) ?? 0;
  },
  async set(user: string, units: number): Promise<void> {
    await roundTrip();
    this.spent.set(user, units);
  },
  // One atomic step: Redis's INCRBY, or SQL's UPDATE budgets SET spent = spent + $2 WHERE user_id = $1 RETURNING spent.
  async add(user: string, units: number): Promise<number> {
    await roundTrip();
    const total = (this.spent.get(user) ?? 0) + units;
    this.spent.set(user, total);
    return total;
  },
};

const BUDGET = 5;

// WRONG: read, then write. Searches in parallel all read the total before any of them writes it,
// and all pass: far more than the budget is forwarded and spent.
export const readThenWrite = async ({ request, cost }: ProxySearch) => {
  const user = userOf(request)!;
  const used = await store.get(user);
  if (used + cost > BUDGET) return false;
  await store.set(user, used + cost);
  return true;
};

// RIGHT: charge in one atomic step, which says what the total now is; over the budget, give it back.
export const chargeAtomically = async ({ request, cost }: ProxySearch) => {
  const user = userOf(request)!;
  if ((await store.add(user, cost)) <= BUDGET) return true;
  await store.add(user, -cost);
  return false;
};

export const proxy = createFlightSearchProxy({
  apiKey: process.env.FLIGHT_SEARCH_API_KEY!,
  baseUrl: process.env.FLIGHT_SEARCH_BASE_URL!,
  authorize: (request) => userOf(request) !== undefined,
  beforeSearch: chargeAtomically,
});
