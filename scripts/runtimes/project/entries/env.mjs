// The SDK scenario with the client's key and base URL from the environment (issue 31 item 1): the runner
// sets FLIGHT_SEARCH_API_KEY=test-key and FLIGHT_SEARCH_BASE_URL, and the scenario's clients are made without a
// base URL; its test-key client without a key, its empty-key client with that key (an explicit option wins).
// With `explicit URL` the client gets both as options while the runtime may deny reading the environment
// (Deno without --allow-env): explicit options must then work and nothing may throw.
import * as sdk from '@flight-search/sdk';
import { runScenario } from '../scenario.mjs';

const [mode, url] = globalThis.Deno?.args ?? globalThis.process.argv.slice(2);
const fromEnvironment = {
  ...sdk,
  createFlightSearchClient: ({ baseUrl, apiKey, ...options }) =>
    sdk.createFlightSearchClient(apiKey === 'test-key' ? options : { apiKey, ...options }),
};
const summary = await runScenario(mode === 'explicit' ? sdk : fromEnvironment, { baseUrl: url });
console.log(
  `${mode === 'explicit' ? 'explicit options, the environment not readable' : 'key and base URL from the environment'}: ${summary}`,
);
