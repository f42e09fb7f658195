import { createFlightSearchProxy, type FlightSearchProxy } from '@flight-search/sdk/proxy';

// The SDK's proxy, made on the first request rather than when the module loads: `next build` loads this
// module to collect its config, and the key is not (and need not be) in the build's environment. Made once, then
// shared by every request. Without FLIGHT_SEARCH_API_KEY the first request fails with the proxy's option error (a 500),
// never a keyless call to the service.
let proxy: FlightSearchProxy | undefined;

function handle(request: Request): Promise<Response> {
  proxy ??= createFlightSearchProxy({
    apiKey: process.env.FLIGHT_SEARCH_API_KEY as string,
    baseUrl: process.env.FLIGHT_SEARCH_BASE_URL ?? 'https://api.flight-search.example',
    prefix: '/api/flight-search',
  });
  return proxy(request);
}

export { handle as GET, handle as POST };
