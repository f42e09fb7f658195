/**
 * `@flight-search/sdk/proxy`: a same-origin route that keeps the service's API key on the server.
 * Web standards only (fetch, Request, Response, streams): no Node built-ins.
 * @module
 */
export { createFlightSearchProxy } from './handler.js';
export type { FlightSearchProxy } from './handler.js';
export { PROXY_ERROR_CODES } from './codes.js';
export type { ProxyErrorCode } from './codes.js';
export type { FlightSearchProxyOptions, ProxySearch, ProxyVerdict } from './options.js';
