// Setup file (vitest.config.ts of this package, and of the SDK for its tests
// against the mock): every answer the mock produces in a test is checked
// against openapi.yaml, and an answer outside the contract fails that test.
import { afterEach, vi } from 'vitest';
import { expectContractKept, watchFetchedControlAnswers, watchHttpServers } from './contract-hook.js';

// answerRequest() is the one entry of the rules (a mock's `answer`): the msw handlers, `mock.handle` and the standalone server all call it.
vi.mock(import('../../src/answer.js'), async (importOriginal) => {
  const original = await importOriginal();
  // Should answerRequest() move, the hook must say so instead of silently checking nothing.
  if (typeof original.answerRequest !== 'function')
    throw new Error(
      'contract hook: src/answer.ts no longer exports answerRequest(state, request); update test/support/contract-setup.ts.',
    );
  const { validatingAnswer } = await import('./contract-hook.js');
  return { ...original, answerRequest: validatingAnswer(original.answerRequest) };
});

watchHttpServers();
watchFetchedControlAnswers();

afterEach(expectContractKept);
