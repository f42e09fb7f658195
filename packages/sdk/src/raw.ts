/**
 * `@flight-search/sdk/raw`: the service through openapi-fetch's own client, for `{ data, error }`
 * results instead of exceptions. An entry of its own, so that the typed client
 * (`@flight-search/sdk`) does not carry openapi-fetch's `createClient` for those who never use it.
 * @module
 */
import createClient, { type Client } from 'openapi-fetch';
import { connect } from './internal/connection.js';
import type { ConnectionOptions } from './options.js';
import type { paths } from './types.js';

export type { ConnectionOptions as RawClientOptions } from './options.js';

/**
 * openapi-fetch's client of the service's paths: `GET`, `POST`... typed by the contract, each giving
 * `{ data, error, response }`, and `use()` for openapi-fetch's middleware (its `Middleware` type).
 */
export type RawClient = Client<paths>;

/**
 * An openapi-fetch client of the service: the same base URL and headers as `createFlightSearchClient`
 * with the same options (`x-api-key`, `Accept`, your `headers`, the SDK header from server runtimes) and
 * `{ data, error, response }` results. It never follows a redirect either (a 3xx comes back as
 * `{ error, response }`), but has no time-out, retries, `maxResponseBytes`, local validation or the typed
 * client's hooks and log: it has openapi-fetch's own middleware (`raw.use()`). The options are checked as
 * `createFlightSearchClient` checks them; the typed client's other options are ignored, so one options object serves both.
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
    // Looked up per call, not captured now, so fetch mocks installed later (msw) still apply.
    fetch: (request) => (fetchImpl ?? fetch)(request),
    headers: withKey(),
    // D47: a redirect is never followed: fetch would re-send x-api-key to whatever origin the Location names.
    redirect: 'manual',
  });
}
