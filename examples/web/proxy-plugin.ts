import { randomUUID } from 'node:crypto';
import type { Connect, Logger, Plugin } from 'vite';
import { createFlightSearchProxy, type FlightSearchProxy, PROXY_ERROR_CODES } from '@flight-search/sdk/proxy';
import { toNodeHandler } from '@flight-search/sdk/proxy/node';

/** Where the dev server mounts the proxy; the page's `proxy` mode sends its requests here. */
export const PROXY_PREFIX = '/api/flight-search';

/** The demo's stand-in for a session: an anonymous id the dev server gives each browser. */
export const USER_COOKIE = 'flight-search-demo-user';

/** The server-side settings, read from the dev server's environment (never `VITE_`-prefixed, so never in the page). */
export interface ExampleProxyEnv {
  /** The service's base URL, such as the standalone mock's `http://127.0.0.1:4010`. */
  FLIGHT_SEARCH_URL?: string | undefined;
  /** The service API key the proxy adds; it stays on the server. */
  FLIGHT_SEARCH_KEY?: string | undefined;
  /** Quota units each browser (user) may spend through the proxy; unset: no budget. */
  FLIGHT_SEARCH_BUDGET?: string | undefined;
}

/** The code of the answer an unconfigured proxy gives; the example's own, not the SDK proxy's or the service's. */
export const NOT_CONFIGURED = 'PROXY_NOT_CONFIGURED';

/**
 * Quota units each user has spent through the proxy, held against a per-user budget. A search is
 * charged before it is forwarded (so concurrent searches cannot all squeeze through), and given
 * back when the service's answer shows it charged nothing (see {@link chargedNothing}).
 *
 * Bounded memory: at most `maxUsers` users are tracked; past that the least recently charged is
 * forgotten (and starts afresh). A demo: a real app keys its budget on its signed-in user and keeps
 * it in its database, since an anonymous cookie is dropped at will.
 */
export class UserBudgets {
  readonly #spent = new Map<string, number>();

  constructor(
    readonly units: number,
    readonly maxUsers = 10_000,
  ) {}

  /** Charges `cost` to `user` if it fits in the budget; `false` (and nothing charged) otherwise. */
  trySpend(user: string, cost: number): boolean {
    const spent = this.spent(user);
    if (spent + cost > this.units) return false;
    this.#set(user, spent + cost);
    return true;
  }

  /** Gives back a charge the service did not make. */
  refund(user: string, cost: number): void {
    if (this.#spent.has(user)) this.#set(user, Math.max(0, this.spent(user) - cost));
  }

  spent(user: string): number {
    return this.#spent.get(user) ?? 0;
  }

  #set(user: string, spent: number): void {
    // Re-inserted, so the Map's order is least recently charged first.
    this.#spent.delete(user);
    if (this.#spent.size >= this.maxUsers) this.#spent.delete(this.#spent.keys().next().value!);
    this.#spent.set(user, spent);
  }
}

/**
 * Whether an answer to a search shows the service charged nothing: its 4xx refusals (401, 402
 * `QUOTA-1`, 403, 404, 422, 429) happen before a search runs. A 200 was charged (`QUOTA-1`, even
 * when the provider failed); a 5xx, the proxy's 502/504 and a search the browser aborted (499) may
 * have been, so the budget keeps them: it never lets a user spend more than it says.
 */
export function chargedNothing(status: number): boolean {
  return status >= 400 && status < 500 && status !== 499;
}

/** The user id in a `Cookie` header, when it carries a well-formed one. */
export function userOf(cookie: string | null | undefined): string | undefined {
  return cookie?.match(new RegExp(`(?:^|;\\s*)${USER_COOKIE}=([0-9a-f-]{36})(?:;|$)`))?.[1];
}

export interface ExampleProxy {
  /** The Fetch handler mounted at {@link PROXY_PREFIX}. */
  handler: FlightSearchProxy;
  /** Why the proxy cannot forward (it answers 503 saying what to set); `undefined` when configured. */
  problem: string | undefined;
  /** The per-user budgets, when `FLIGHT_SEARCH_BUDGET` is set. */
  budgets: UserBudgets | undefined;
}

/**
 * The example's proxy, from the dev server's environment: `createFlightSearchProxy` in front of
 * `FLIGHT_SEARCH_URL` with `FLIGHT_SEARCH_KEY`, an `authorize` hook that wants the demo's user
 * cookie (a stand-in for the app's session check), and, with `FLIGHT_SEARCH_BUDGET`, a
 * `beforeSearch` hook that refuses a search the user's budget cannot pay for with 403
 * `BUDGET_EXCEEDED`. Unconfigured or misconfigured, every request is answered 503
 * `PROXY_NOT_CONFIGURED` naming the variables to set (never their values).
 * @example
 * const { handler } = createExampleProxy({ FLIGHT_SEARCH_URL: 'http://127.0.0.1:4010', FLIGHT_SEARCH_KEY: 'test-key', FLIGHT_SEARCH_BUDGET: '20' });
 * const response = await handler(new Request('http://localhost/api/flight-search/quota', { headers: { cookie } }));
 */
export function createExampleProxy(env: ExampleProxyEnv): ExampleProxy {
  const { FLIGHT_SEARCH_URL: url, FLIGHT_SEARCH_KEY: key, FLIGHT_SEARCH_BUDGET: budget } = env;
  const missing = [!url && 'FLIGHT_SEARCH_URL', !key && 'FLIGHT_SEARCH_KEY'].filter(Boolean);
  if (missing.length > 0) {
    return unconfigured(
      `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set. Start the dev server with FLIGHT_SEARCH_URL=http://127.0.0.1:4010 FLIGHT_SEARCH_KEY=test-key (after npx flight-search-mock --port 4010).`,
    );
  }
  let budgets: UserBudgets | undefined;
  if (budget !== undefined && budget !== '') {
    const units = Number(budget);
    if (!Number.isSafeInteger(units) || units < 0) {
      return unconfigured(
        'FLIGHT_SEARCH_BUDGET must be a whole number of quota units (0 or more), or unset for no budget.',
      );
    }
    budgets = new UserBudgets(units);
  }

  // The budget charge of each search in flight, to give back when the service charged nothing.
  const held = new WeakMap<Request, { user: string; cost: number }>();
  let proxy: FlightSearchProxy;
  try {
    proxy = createFlightSearchProxy({
      apiKey: key!,
      baseUrl: url!,
      prefix: PROXY_PREFIX,
      authorize: (request) => userOf(request.headers.get('cookie')) !== undefined,
      ...(budgets && {
        beforeSearch: ({ request, cost }) => {
          const user = userOf(request.headers.get('cookie'))!;
          if (!budgets.trySpend(user, cost)) {
            const left = budgets.units - budgets.spent(user);
            return Response.json(
              {
                error: {
                  code: PROXY_ERROR_CODES.BUDGET_EXCEEDED,
                  message: `The proxy refused the search: it costs ${units(cost)} and this user has ${left} of ${units(budgets.units)} left.`,
                },
              },
              { status: 403 },
            );
          }
          held.set(request, { user, cost });
          return true;
        },
      }),
    });
  } catch {
    // The SDK's option errors describe the key without showing it; still, the answer names only the variables.
    return unconfigured(
      "FLIGHT_SEARCH_URL must be the service's absolute http(s) URL and FLIGHT_SEARCH_KEY its API key, on one line.",
    );
  }

  const handler: FlightSearchProxy = async (request) => {
    const response = await proxy(request);
    const charge = held.get(request);
    if (charge !== undefined && chargedNothing(response.status)) budgets!.refund(charge.user, charge.cost);
    return response;
  };
  return { handler, problem: undefined, budgets };
}

function units(n: number): string {
  return `${n} quota unit${n === 1 ? '' : 's'}`;
}

function unconfigured(problem: string): ExampleProxy {
  const message = `The example's proxy is not configured: ${problem}`;
  return {
    handler: async () => Response.json({ error: { code: NOT_CONFIGURED, message } }, { status: 503 }),
    problem: message,
    budgets: undefined,
  };
}

/**
 * A Vite plugin that mounts the example's proxy at {@link PROXY_PREFIX} on the dev server (and on
 * `vite preview`), with the settings of {@link createExampleProxy} read from `process.env` when
 * the server starts, and gives each browser without one the demo's user cookie (HttpOnly: page
 * code never reads it).
 * @example
 * // vite.config.ts
 * export default defineConfig({ plugins: [flightSearchProxy()] });
 */
export function flightSearchProxy(): Plugin {
  const mount = (server: { middlewares: Connect.Server; config: { logger: Logger } }) => {
    const { handler, problem } = createExampleProxy(process.env);
    // Only when the proxy was asked for and is wrong: a mock-mode session needs none of it.
    if (
      problem !== undefined &&
      (process.env.FLIGHT_SEARCH_URL || process.env.FLIGHT_SEARCH_KEY || process.env.FLIGHT_SEARCH_BUDGET)
    ) {
      server.config.logger.warn(problem);
    }
    server.middlewares.use((req, res, next) => {
      if (!req.url?.startsWith(PROXY_PREFIX) && userOf(req.headers.cookie) === undefined) {
        res.setHeader('set-cookie', `${USER_COOKIE}=${randomUUID()}; Path=/; HttpOnly; SameSite=Strict`);
      }
      next();
    });
    server.middlewares.use(PROXY_PREFIX, toNodeHandler(handler));
  };
  return { name: 'flight-search-example-proxy', configureServer: mount, configurePreviewServer: mount };
}
