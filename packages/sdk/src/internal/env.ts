import { createFlightSearchClient as create, type FlightSearchClient } from '../client.js';
import { type ClientOptions, checkOptions, LOG_LEVEL_NAMES, LOG_LEVELS, type LogLevel } from '../options.js';

type Runtime = { Deno?: { env: { get(name: string): string | undefined } }; process?: { env: Record<string, string | undefined> } };

/**
 * A variable of the process environment; `undefined` when it is unset or empty, where there is no environment,
 * and where reading it is not allowed (Deno without `--allow-env` throws, which never reaches the caller).
 */
const read = (name: string): string | undefined => {
  try {
    const { Deno, process } = globalThis as Runtime;
    return (Deno?.env.get(name) ?? process?.env[name]) || undefined;
  } catch {
    // Not allowed to read it (Deno without --allow-env): undefined, as if unset.
  }
};

// The server entry's createFlightSearchClient (D151): src/server.ts re-exports it, and a browser or worker bundle
// never imports this module. Written here rather than as a wrapper there, so the environment costs no extra call.
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
  const { apiKey = read('FLIGHT_SEARCH_API_KEY'), baseUrl = read('FLIGHT_SEARCH_BASE_URL'), logLevel } = options ?? {};
  const log = logLevel ?? read('FLIGHT_SEARCH_LOG');
  // Checked here, where it is still known to come from the environment, so the error names the variable.
  if (!logLevel)
    checkOptions('createFlightSearchClient', String, [['FLIGHT_SEARCH_LOG', log, !log || LOG_LEVELS.includes(log as LogLevel), `${LOG_LEVEL_NAMES} or unset`]]);
  try {
    return create({ ...options, apiKey, baseUrl, logLevel: log as LogLevel | undefined });
  } catch (e) {
    // Issue 39: a key or base URL left out names the variable read in its place, and says when that was unset.
    const name = /option "(apiKey|baseUrl)"/.exec((e as Error).message)?.[1] as 'apiKey' | 'baseUrl' | undefined;
    if (name && options?.[name] === undefined)
      (e as Error).message += ` (from FLIGHT_SEARCH_${name === 'apiKey' ? 'API_KEY' : 'BASE_URL'}${{ apiKey, baseUrl }[name] ? '' : ', unset or empty'})`;
    throw e;
  }
}
