/// <reference types="node" />
/**
 * `@flight-search/sdk/proxy/node`: mounts the proxy on `node:http` or Express (no Node module at run time).
 * @module
 */
import { serveFetch, type NodeHandler } from '@flight-search/contract/node';

export type { NodeHandler };

/**
 * Serves a Fetch-standard handler over `node:http` or Express: the request streamed in (the URL from `originalUrl` under
 * Express), the answer streamed back with backpressure. A client that disconnects aborts the request's signal; a handler
 * that throws answers 500 (or `next(error)`); TRACE is answered 405 with `Allow`.
 * @example
 * import { createServer } from 'node:http';
 * import { createFlightSearchProxy } from '@flight-search/sdk/proxy';
 * import { toNodeHandler } from '@flight-search/sdk/proxy/node';
 *
 * const proxy = toNodeHandler(createFlightSearchProxy({ apiKey: process.env.FLIGHT_SEARCH_API_KEY!, baseUrl: 'https://api.example.com' }));
 * createServer((req, res) => {
 *   if (req.url?.startsWith('/api/flight-search/')) return void proxy(req, res);
 *   serveTheApp(req, res);
 * }).listen(3000);
 * // Express: app.use('/api/flight-search', proxy);
 */
export function toNodeHandler(handler: (request: Request) => Promise<Response>): NodeHandler {
  if (typeof handler !== 'function') {
    throw new TypeError(
      `toNodeHandler: expected a Fetch handler, (request: Request) => Promise<Response>, received ${handler === null ? 'null' : typeof handler}.`,
    );
  }
  return serveFetch(handler, {
    internalError: () =>
      Response.json(
        { error: { code: 'PROXY_INTERNAL_ERROR', message: 'The proxy failed to handle the request.' } },
        { status: 500 },
      ),
    methodNotAllowed: (method) =>
      Response.json(
        { error: { code: 'PROXY_METHOD_NOT_ALLOWED', message: `The method ${method} cannot be served here.` } },
        { status: 405 },
      ),
  });
}
