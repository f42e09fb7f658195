import { createMockCore, type MockCore } from '../core.js';
import { MOCK_OPTIONS, OPTION_NAMES, type MockOptions } from '../options.js';
import { assertServedMock, resolveServerOptions, type ServerOptions } from './options.js';
import { serveMock } from './server.js';
import type { ServedMock } from './types.js';

export type { CorsOptions } from './cors.js';
export type { RequestLogEntry, RequestLogger } from './log.js';
export type { ServerOptions } from './options.js';
export type { MockCore, MockStateSnapshot } from '../core.js';
export type { MockConfigChanges } from '../options.js';
export type { ChunkedBody, CoreResult, MockRequest, PlainAnswer } from '../answer-types.js';
export type {
  FaultRoute,
  FaultState,
  KeyState,
  MockClock,
  RequestFilter,
  ScenarioState,
  ServiceFault,
  StubDefinition,
  StubState,
} from '../types.js';

/**
 * Options of {@link startMockServer}: the mock's own options (keys, seed,
 * latency, provider time-out, clock...) and the server's network options.
 * `baseUrl` is not among them: the server serves the service at its root.
 */
export interface StartMockServerOptions extends Omit<MockOptions, 'baseUrl'>, ServerOptions {
  /**
   * Serve this existing mock instead of creating one (its other options are then ignored); it must have no `baseUrl`, or `'*'`.
   * A `createFlightSearchMock()` mock is one (a `FlightSearchMock` is a `MockCore`); typed without it so that
   * this entry's types never load msw's.
   */
  mock?: MockCore | ServedMock;
}

/** A running standalone mock server. */
export interface MockServer {
  /** Where it listens, such as `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  /**
   * The mock it serves: its control functions act on the server's state. It has
   * no msw `handlers` unless you passed a mock from `createFlightSearchMock`
   * (the server itself never loads msw).
   */
  mock: MockCore;
  /**
   * Stops accepting connections, lets requests in flight finish (aborting them
   * after `shutdownTimeoutMs`, by default the provider time-out + 1 s), closes
   * idle keep-alive sockets, then resolves.
   * Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

/**
 * Starts the flight-search mock as a real HTTP server, for clients in any
 * language, browsers (CORS) and contract tests. Each request goes to the
 * mock's one entry, `mock.answer`, which the msw handlers run too.
 *
 * @example
 * import { startMockServer } from '@flight-search/mock-server/node';
 *
 * const server = await startMockServer({ port: 0, latency: 'realistic', control: true, log: false });
 * const quota = await fetch(`${server.url}/quota`, { headers: { 'x-api-key': 'test-key' } });
 * console.log(await quota.json()); // { limit: 1000, consumed: 0, remaining: 1000, usageByCompany: [] }
 * server.mock.setProgramBehavior('PROGRAM_4', { fail: { status: 503 } });
 * await server.close();
 */
export async function startMockServer(options: StartMockServerOptions = {}): Promise<MockServer> {
  let mock: MockCore;
  if (options.mock !== undefined) {
    assertServedMock(options.mock);
    // Such a mock answers only under its baseUrl, never at the server's own origin: every request would be a 404.
    if (typeof options.mock.state === 'function' && ![null, '*'].includes(options.mock.state().options.baseUrl as string | null)) {
      throw new TypeError('startMockServer: option "mock" must be made without `baseUrl` (or with \'*\'): the server serves the service at its own root.');
    }
    // A mock of another make may lack the newer controls: their routes then answer 501.
    mock = options.mock as MockCore;
  } else {
    // Every option of the table but `baseUrl`: the server serves the service at its own root.
    const names = OPTION_NAMES.filter((name) => name !== 'baseUrl' && (options as MockOptions)[name] !== undefined);
    mock = createMockCore(Object.fromEntries(names.map((name) => [name, (options as MockOptions)[name]])));
  }
  // Read when close() is called, not now: configure() may change it meanwhile. A mock without `state`
  // (a wrapper of only the required functions) does not say its time-out: the service's is the safe guess.
  const providerTimeoutMs = () => (typeof mock.state === 'function' ? mock.state().options.providerTimeoutMs : MOCK_OPTIONS.providerTimeoutMs.default);
  const resolved = resolveServerOptions(options, providerTimeoutMs);
  const listening = await serveMock(mock, resolved);
  return { url: listening.url, mock, close: listening.close };
}
