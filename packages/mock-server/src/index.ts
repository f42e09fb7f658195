/**
 * `@flight-search/mock-server`: a stateful, deterministic mock of the Flight
 * Search, Price History and Quota service, as msw handlers. Web APIs only: it
 * runs under `setupServer` in Node and `setupWorker` in browsers.
 */
export { createFlightSearchMock, type FlightSearchMock } from './create.js';
export { DEFAULT_KEYS } from './defaults.js';
export {
  override,
  type OverrideResult,
  type ServiceAnswer,
  type ServiceMethod,
  type ServicePath,
  type ServiceRequestBody,
} from './msw.js';
export type { ChunkedBody, CoreResult, MockRequest, PlainAnswer } from './answer-types.js';
export type { MockStateSnapshot } from './core.js';
export type { MockConfigChanges, MockOptions } from './options.js';
export type {
  FaultRoute,
  FaultState,
  KeyScopeOption,
  KeySettings,
  KeyState,
  Matcher,
  MockClock,
  Product,
  ProgramBehavior,
  RecordedRequest,
  RequestFilter,
  RequestPattern,
  ScenarioState,
  ServiceFault,
  StubDefinition,
  StubFault,
  StubState,
} from './types.js';
