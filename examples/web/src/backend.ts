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

/** Where the page's own server mounts the proxy (`proxy-plugin.ts` in the dev server). */
export const PROXY_PATH = '/api/flight-search';

/**
 * Connects the page to the service. In `mock` mode it starts msw's service
 * worker with the mock's handlers first, so every request the SDK sends to the
 * page's own origin is answered in the page. In `remote` and `proxy` modes the
 * worker is never started: a worker registered by an earlier mock-mode visit
 * still controls the page, but msw's worker passes the requests of a page that
 * did not start it through to the network untouched.
 * - `remote` talks to `settings.baseUrl` directly, with `settings.apiKey` in the page.
 * - `proxy` talks to the page's own server at {@link PROXY_PATH}, which adds its
 *   own key: the client has none, so no key is in the page.
 */
export async function startBackend(settings: Settings, hooks: MockHooks): Promise<Backend> {
  if (settings.mode === 'proxy') {
    return {
      // A path on the page's origin and no apiKey: the SDK's browser-safe client (issue 16).
      client: createFlightSearchClient({ baseUrl: PROXY_PATH }),
      label: `Your server's proxy (${PROXY_PATH})`,
      mode: 'proxy',
    };
  }
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
    baseUrl: location.origin, // the client below calls the page's own origin; nothing else is the mock's
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
