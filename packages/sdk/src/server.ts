/**
 * The main entry on server runtimes (the package's `node`, `bun` and `deno` export conditions): every export of
 * the browser entry, with a {@link createFlightSearchClient} that reads `FLIGHT_SEARCH_API_KEY`,
 * `FLIGHT_SEARCH_BASE_URL` and `FLIGHT_SEARCH_LOG` for the options left out. A browser or worker bundle resolves
 * `index.ts` instead, so it carries no code for the environment.
 * @module
 */
// The same list as the browser entry, so the two cannot drift; the createFlightSearchClient named below (the one that
// reads the environment, from internal/env.ts) takes precedence over the one this re-exports.
export * from './index.js';

export { createFlightSearchClient } from './internal/env.js';
