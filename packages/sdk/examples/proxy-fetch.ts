import { createFlightSearchProxy } from '@flight-search/sdk/proxy';

const proxy = createFlightSearchProxy({
  apiKey: process.env.FLIGHT_SEARCH_API_KEY!,
  baseUrl: process.env.FLIGHT_SEARCH_BASE_URL!,
});

// Bun (`bun run`), Deno (`deno serve`) and Cloudflare Workers serve a default export's fetch.
export default { fetch: proxy };
