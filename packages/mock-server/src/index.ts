/**
 * `@flight-search/mock-server`: a stateful, deterministic mock of the Flight
 * Search, Price History and Quota service, as msw handlers. Web APIs only: it
 * runs under `setupServer` in Node and `setupWorker` in browsers.
 */
export { createFlightSearchMock } from './create.js';
export { DEFAULT_KEYS } from './defaults.js';
export { override, type OverrideResult, type ServiceAnswer, type ServiceMethod, type ServicePath, type ServiceRequestBody } from './msw.js';
export type { ChunkedBody, CoreResult, MockRequest, PlainAnswer } from './answer-types.js';
export type {
  FaultRoute,
  FaultState,
  FlightSearchMock,
  KeyScopeOption,
  KeySettings,
  KeyState,
  MockClock,
  MockConfigChanges,
  MockOptions,
  MockStateSnapshot,
  Product,
  ProgramBehavior,
  RecordedRequest,
  RequestFilter,
  ScenarioState,
  ServiceFault,
  StubDefinition,
  StubState,
} from './types.js';
