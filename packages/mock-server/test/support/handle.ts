import { answerFetch } from '../../src/fetch.js';
import { answerRequest } from '../../src/answer.js';
import type { MockState } from '../../src/state.js';

/**
 * A Fetch `Request` answered by the rules over a bare state, for tests that
 * look into that state: what `mock.handle` does (the Fetch adapter over the
 * one entry), without a mock around the state.
 */
export function handle(state: MockState, request: Request): Promise<Response | null> {
  return answerFetch((plain) => answerRequest(state, plain), request);
}
