// A consumer suite under Vitest: the mock's msw handlers under setupServer, the
// SDK scenario through them. The runner picks the environment (--environment).
import { setupServer } from 'msw/node';
import * as sdk from '@flight-search/sdk';
import { createFlightSearchMock } from '@flight-search/mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkCancelled, runScenario, SLOW_BEHAVIOR, SLOW_PROGRAM } from '../scenario.mjs';

const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('runs in the environment the runner asked for', () => {
  expect(typeof document === 'object' ? 'dom' : 'node').toBe(process.env.EXPECTED_ENVIRONMENT);
});

it('runs the SDK scenario through the mock handlers, the slow program cancelled', async () => {
  mock.setProgramBehavior(SLOW_PROGRAM, SLOW_BEHAVIOR);
  const summary = await runScenario(sdk, { baseUrl: 'https://api.example.com' });
  expect(summary).toMatch(/402 QuotaExceededError$/);
  expect(checkCancelled(mock.requests())).toBe('cancelled search recorded as aborted');
});
