export type * from './types.js';
export * from './errors.js';
export { createFlightSearchClient } from './client.js';
export type {
  APIPromise,
  ClientOptions,
  FlightSearchClient,
  HistoryOptions,
  HookError,
  HookRequest,
  HookResponse,
  Hooks,
  LogFields,
  Logger,
  LogLevel,
  MediaType,
  RequestOptions,
  ResponseInfo,
  SearchOptions,
  SearchResponseFor,
  WithResponse,
} from './client.js';
export { validateHistoryQuery, validateSearchRequest } from './validate.js';
export { SDK_VERSION } from './version.js';
export { MILES_PROGRAMS, CASH_PROGRAMS, searchCost } from './programs.js';
export * from './compare/index.js';
