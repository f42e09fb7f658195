import type { FlightSearchMock } from '../index.js';

/** The part of a mock the server uses: `handle` for the service, the rest for the control API. */
export type ServedMock = Pick<FlightSearchMock, 'handle' | 'reset' | 'setProgramBehavior' | 'setKey' | 'requests'>;
