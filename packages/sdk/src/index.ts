export type * from './types.js';
export * from './errors.js';
export { createFlightSearchClient } from './client.js';
export type { ClientOptions, FlightSearchClient, MediaType, RequestOptions, SearchOptions, SearchResponseFor } from './client.js';
export { validateSearchRequest } from './validate.js';
export { MILES_PROGRAMS, CASH_PROGRAMS, searchCost } from './programs.js';
export * from './compare/index.js';
