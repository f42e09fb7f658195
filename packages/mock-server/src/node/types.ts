import type { MockCore } from '../core.js';

/** The methods the control API's read-back, fault and config routes use: every mock of this version has them; one made otherwise may not. */
export type ControlExtras =
  | 'configure'
  | 'getKey'
  | 'getProgramBehavior'
  | 'setFault'
  | 'clearFaults'
  | 'faults'
  | 'state'
  | 'clearRequests'
  | 'stub'
  | 'stubs'
  | 'getStub'
  | 'deleteStub'
  | 'clearStubs'
  | 'scenarios'
  | 'resetScenarios'
  | 'setRateLimit'
  | 'resetKey'
  | 'replaceStub'
  | 'setScenario'
  | 'settled'
  | 'findRequests'
  | 'countRequests';

/** The part of a mock the server uses: `answer` (its one entry) for the service, the rest for the control API. */
export type ServedMock = Pick<MockCore, 'answer' | 'reset' | 'setProgramBehavior' | 'setKey' | 'requests'> &
  Partial<Pick<MockCore, ControlExtras>>;
