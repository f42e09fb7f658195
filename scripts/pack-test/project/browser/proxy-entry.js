// The proxy on a Fetch-standard runtime (Workers, Deno, Bun): web standards only, no Node built-ins.
import { createFlightSearchProxy } from '@flight-search/sdk/proxy';

export default { fetch: createFlightSearchProxy({ apiKey: 'server-key', baseUrl: 'https://api.example.com' }) };
