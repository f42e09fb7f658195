// The SDK scenario against the mock's msw handlers under setupWorker (msw/browser), in a
// Chromium page: msw's service worker (the driver serves the project's mockServiceWorker.js)
// answers the SDK's requests to https://api.example.com, which no network could.
import { setupWorker } from 'msw/browser';
import * as sdk from '@flight-search/sdk';
import { createFlightSearchMock } from '@flight-search/mock-server';
import { runScenario, SLOW_BEHAVIOR, SLOW_PROGRAM } from '../scenario.mjs';

globalThis.flightSearchScenario = async () => {
  const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com' });
  mock.setProgramBehavior(SLOW_PROGRAM, SLOW_BEHAVIOR);
  const worker = setupWorker(...mock.handlers);
  await worker.start({ quiet: true, onUnhandledRequest: 'error', serviceWorker: { url: '/mockServiceWorker.js' } });
  try {
    if (!navigator.serviceWorker.controller)
      throw new Error('after worker.start() no service worker controls the page');
    const summary = await runScenario(sdk, { baseUrl: 'https://api.example.com' });
    // msw's service worker (2 and 3) does not pass the page's abort on to the handler, so the mock
    // cannot record the cancelled search as aborted (README, known limits): the scenario's timing
    // check proves the SDK stopped waiting; here, that the slow search reached the mock unanswered.
    const slow = mock.requests().filter((r) => r.body?.airlineLoyalty?.includes(SLOW_PROGRAM));
    if (slow.length !== 1 || slow[0].status !== undefined)
      throw new Error(
        `the mock recorded ${JSON.stringify(slow.map((r) => ({ aborted: r.aborted, status: r.status })))} for ${SLOW_PROGRAM}`,
      );
    return `${summary}; ${SLOW_PROGRAM}'s search reached the mock and was left unanswered; answered by the service worker`;
  } finally {
    worker.stop();
  }
};
