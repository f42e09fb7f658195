import { type ClientOptions, LOG_LEVEL_NAMES, LOG_LEVELS, type LogLevel } from '../options.js';

type Runtime = { Deno?: { env: { get(name: string): string | undefined } }; process?: { env: Record<string, string | undefined> } };

/**
 * A variable of the process environment; `undefined` when it is unset or empty, where there is no environment,
 * and where reading it is not allowed (Deno without `--allow-env` throws, which never reaches the caller).
 */
const read = (name: string): string | undefined => {
  try {
    const { Deno, process } = globalThis as Runtime;
    return (Deno ? Deno.env.get(name) : process?.env[name]) || undefined;
  } catch {
    // Not allowed to read it (Deno without --allow-env): undefined, as if unset.
  }
};

/**
 * The options with `FLIGHT_SEARCH_API_KEY`, `FLIGHT_SEARCH_BASE_URL` and `FLIGHT_SEARCH_LOG` filling the ones
 * left out (D151): an option given, `apiKey: null` included, always wins. Only the server entry imports this.
 */
export function withEnv(options: ClientOptions | undefined): ClientOptions {
  const { apiKey = read('FLIGHT_SEARCH_API_KEY'), baseUrl = read('FLIGHT_SEARCH_BASE_URL'), logLevel } = options ?? {};
  const log = logLevel ?? read('FLIGHT_SEARCH_LOG');
  if (!logLevel && log && !LOG_LEVELS.includes(log as LogLevel))
    throw new TypeError(`createFlightSearchClient: FLIGHT_SEARCH_LOG must be ${LOG_LEVEL_NAMES} or unset; received ${JSON.stringify(log)}`);
  return { ...options, apiKey, baseUrl, logLevel: log as LogLevel | undefined };
}
