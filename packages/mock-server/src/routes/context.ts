import type { KeyLedger } from '../quota/ledger.js';
import type { MockState } from '../state.js';
import type { RecordedRequest } from '../types.js';

/** What a route's rule function gets once the request passed authentication, rate limit and negotiation. */
export interface RouteContext {
  request: Request;
  url: URL;
  ledger: KeyLedger;
  state: MockState;
  record: RecordedRequest;
}
