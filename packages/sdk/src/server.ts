/**
 * The main entry on server runtimes: every export of the browser entry, with a {@link createFlightSearchClient}
 * that reads `FLIGHT_SEARCH_API_KEY`, `FLIGHT_SEARCH_BASE_URL` and `FLIGHT_SEARCH_LOG` for the options left out.
 * @module
 */
// The browser entry's list; the createFlightSearchClient named below takes precedence over the one this re-exports.
export * from './index.js';

export { createFlightSearchClient } from './internal/env.js';
