import { createFlightSearchClient as create, type FlightSearchClient } from '../client.js';
import { type ClientOptions, checkOptions, LOG_LEVEL_NAMES, LOG_LEVELS, type LogLevel } from '../options.js';

type Runtime = {
  Deno?: { env: { get(name: string): string | undefined } };
  process?: { env: Record<string, string | undefined> };
};

/**
 * A variable of the process environment; `undefined` when unset, empty or not readable (Deno without `--allow-env`).
 */
const read = (name: string): string | undefined => {
  try {
    const { Deno, process } = globalThis as Runtime;
    return (Deno?.env.get(name) ?? process?.env[name]) || undefined;
  } catch {}
};

/** The options the environment fills when left out, each with its variable. */
const ENV = {
  apiKey: 'FLIGHT_SEARCH_API_KEY',
  baseUrl: 'FLIGHT_SEARCH_BASE_URL',
  logLevel: 'FLIGHT_SEARCH_LOG',
} as const;

/**
 * Creates a client, with `FLIGHT_SEARCH_API_KEY`, `FLIGHT_SEARCH_BASE_URL` and `FLIGHT_SEARCH_LOG` filling the options left out.
 * @example
 * // FLIGHT_SEARCH_API_KEY=... FLIGHT_SEARCH_BASE_URL=http://127.0.0.1:4010 node app.js
 * import { createFlightSearchClient } from '@flight-search/sdk';
 * const client = createFlightSearchClient();
 * console.log(await client.getQuota());
 */
export function createFlightSearchClient(options?: ClientOptions): FlightSearchClient {
  const filled: Record<string, unknown> = { ...options };
  const from: Record<string, string> = {}; // own keys: ENV's names
  for (const [name, variable] of Object.entries(ENV))
    if (filled[name] === undefined) {
      from[name] = variable;
      filled[name] = read(variable);
    }
  const log = filled.logLevel as LogLevel | undefined;
  if (from.logLevel)
    checkOptions('createFlightSearchClient', String, [
      [ENV.logLevel, log, !log || LOG_LEVELS.includes(log), `${LOG_LEVEL_NAMES} or unset`],
    ]);
  try {
    return create(filled);
  } catch (e) {
    const name = /option "(\w+)"/.exec((e as Error).message)?.[1] as string;
    if (from[name]) (e as Error).message += ` (from ${from[name]}${filled[name] ? '' : ', unset or empty'})`;
    throw e;
  }
}
