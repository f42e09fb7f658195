import type { MockRequest } from '../answer-types.js';
import type { KeyLedger } from '../quota/ledger.js';
import type { LogEntry } from '../recording/request-log.js';
import type { KeyScope, MockState } from '../state.js';

/** What a route's rule function gets once the request passed authentication, rate limit and negotiation. */
export interface RouteContext {
  request: MockRequest;
  url: URL;
  ledger: KeyLedger;
  state: MockState;
  record: LogEntry;
  /** What is set for the request's key only (D154), before the global settings. */
  scope: KeyScope | undefined;
  /** A `provider-failure=N` scenario (D128): the searched program fails with N for this request only. */
  providerFailure?: number;
}
