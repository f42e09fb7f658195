import type { MockCore } from '../core.js';

/** The part of a mock the server uses: `handle` for the service, the rest for the control API. */
export type ServedMock = Pick<MockCore, 'handle' | 'reset' | 'setProgramBehavior' | 'setKey' | 'requests'>;
