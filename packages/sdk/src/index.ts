export type * from './types.js';
export {
  AbortError,
  AuthenticationError,
  BudgetExceededError,
  ConnectionError,
  FlightSearchApiError,
  FlightSearchError,
  InvalidResponseError,
  NotAcceptableError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  ValidationError,
  type ApiErrorInit,
} from './errors.js';
export { createFlightSearchClient } from './client.js';
export type { APIPromise, FlightSearchClient, SearchResponseFor, WithResponse } from './client.js';
export type {
  AttemptInfo,
  ClientOptions,
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
} from './options.js';
export { validateHistoryQuery, validateSearchRequest } from './validate.js';
export { SDK_VERSION } from './internal/version.js';
export { MILES_PROGRAMS, CASH_PROGRAMS, searchCost } from './programs.js';
export { cheapestFare, comparePrograms } from './compare/collect.js';
export { compareProgramsStreaming } from './compare/stream.js';
export type {
  CheapestFare,
  CompareClient,
  CompareInput,
  CompareOptions,
  CompareOutcome,
  CompareRequest,
  CompareResult,
  CompareStream,
  ItemFor,
} from './compare/types.js';
