/**
 * `@flight-search/sdk/raw`: the service through openapi-fetch's own client, for `{ data, error }` results.
 * @module
 */
import createClient, { type Client } from 'openapi-fetch';
import { connect } from './internal/connection.js';
import type { ConnectionOptions } from './options.js';
import type { paths } from './types.js';

export type { ConnectionOptions as RawClientOptions } from './options.js';

/**
 * openapi-fetch's client of the service's paths, typed by the contract, with `use()` for its middleware.
 */
export type RawClient = Client<paths>;

/**
 * An openapi-fetch client of the service with `createFlightSearchClient`'s base URL, headers and option checks. It never
 * follows a redirect, and has no time-out, retries, size limit, local validation, hooks or log: openapi-fetch's middleware instead.
 * @example
 * import { createRawClient } from '@flight-search/sdk/raw';
 * const raw = createRawClient({ apiKey: process.env.FLIGHT_SEARCH_API_KEY!, baseUrl: 'http://127.0.0.1:4010' });
 * const { data, error, response } = await raw.GET('/quota');
 * if (error) console.error(response.status, error);
 * else console.log(data.remaining);
 */
export function createRawClient(options: ConnectionOptions): RawClient {
  const { origin, withKey } = connect('createRawClient', options);
  const { fetch: fetchImpl } = options;
  return createClient<paths>({
    baseUrl: origin,
    // Looked up per call, so fetch mocks installed later still apply.
    fetch: (request) => (fetchImpl ?? fetch)(request),
    headers: withKey(),
    // A redirect is never followed: fetch would re-send x-api-key to whatever origin it names.
    redirect: 'manual',
  });
}
