import type { MockRequest } from '../answer-types.js';
import type { KeyLedger } from '../quota/ledger.js';
import type { LogEntry } from '../recording/request-log.js';
import type { MockState } from '../state.js';
import type { ProgramBehavior } from '../types.js';

/** What a route's rules get once the request passed authentication, rate limit and negotiation. */
export interface RouteContext {
  request: MockRequest;
  url: URL;
  ledger: KeyLedger;
  state: MockState;
  record: LogEntry;
  /** How the searched program's provider behaves, when a stub says. */
  provider?: ProgramBehavior;
}
