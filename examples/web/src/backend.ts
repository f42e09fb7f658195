import { createFlightSearchClient, type FlightSearchClient } from '@flight-search/sdk';
import type { MockHooks } from './mock-hooks.js';
import type { Settings } from './settings.js';

export type { FlightSearchClient };

export interface Backend {
  client: FlightSearchClient;
  /** Shown in the header. */
  label: string;
  mode: Settings['mode'];
}

/**
 * Connects the page to the service. In `mock` mode it starts msw's service
 * worker with the mock's handlers first, so every request the SDK sends to the
 * page's own origin is answered in the page; in `remote` mode it talks to
 * `settings.baseUrl` directly and no worker runs (it would answer instead).
 */
export async function startBackend(settings: Settings, hooks: MockHooks): Promise<Backend> {
  if (settings.mode === 'remote') {
    return {
      client: createFlightSearchClient({ apiKey: settings.apiKey, baseUrl: settings.baseUrl }),
      label: `Server: ${new URL(settings.baseUrl).host}`,
      mode: 'remote',
    };
  }
  // Loaded on demand so a remote-mode page never downloads the mock.
  const [{ setupWorker }, { createFlightSearchMock }] = await Promise.all([
    import('msw/browser'),
    import('@flight-search/mock-server'),
  ]);
  const mock = createFlightSearchMock({
    latency: hooks.latency,
    ...(hooks.seed !== undefined && { seed: hooks.seed }),
    ...(hooks.providerTimeoutMs !== undefined && { providerTimeoutMs: hooks.providerTimeoutMs }),
  });
  for (const [program, behavior] of hooks.behaviors) mock.setProgramBehavior(program, behavior);
  const worker = setupWorker(...mock.handlers);
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  // Tests read what the mock received (keys redacted) to prove a cancel sent no more requests.
  if (import.meta.env.DEV) Object.assign(window, { __mock: mock });
  return {
    client: createFlightSearchClient({ apiKey: settings.apiKey, baseUrl: location.origin }),
    label: 'In-page mock (msw)',
    mode: 'mock',
  };
}
