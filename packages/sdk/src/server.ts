/**
 * The main entry on server runtimes (the package's `node`, `bun` and `deno` export conditions): every export of
 * the browser entry, with a {@link createFlightSearchClient} that reads `FLIGHT_SEARCH_API_KEY`,
 * `FLIGHT_SEARCH_BASE_URL` and `FLIGHT_SEARCH_LOG` for the options left out. A browser or worker bundle resolves
 * `index.ts` instead, so it carries no code for the environment.
 * @module
 */
import { createFlightSearchClient as create, type FlightSearchClient } from './client.js';
import { withEnv } from './internal/env.js';
import type { ClientOptions } from './options.js';

// The same list as the browser entry, so the two cannot drift; the local createFlightSearchClient below takes
// precedence over the one this re-exports.
export * from './index.js';

/**
 * Creates a client of the Flight Search service, as on every runtime, with the environment filling the options
 * left out: `FLIGHT_SEARCH_API_KEY` (apiKey), `FLIGHT_SEARCH_BASE_URL` (baseUrl), `FLIGHT_SEARCH_LOG` (logLevel).
 * An option given always wins; `apiKey: null` stays keyless whatever the environment holds.
 * @example
 * // FLIGHT_SEARCH_API_KEY=... FLIGHT_SEARCH_BASE_URL=http://127.0.0.1:4010 node app.js
 * import { createFlightSearchClient } from '@flight-search/sdk';
 * const client = createFlightSearchClient();
 * console.log(await client.getQuota());
 */
export function createFlightSearchClient(options?: ClientOptions): FlightSearchClient {
  return create(withEnv(options));
}
