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

/** Options of {@link startMockServer}: the mock's own (but `baseUrl`: the service is at the root) and the server's. */
export interface StartMockServerOptions extends Omit<MockOptions, 'baseUrl'>, ServerOptions {
  /** Serve this mock (from `createFlightSearchMock` or `createMockCore`, without `baseUrl` or with `'*'`) instead of making one. */
  mock?: MockCore | ServedMock;
}

/** A running standalone mock server. */
export interface MockServer {
  /** Where it listens, such as `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  /** The mock it serves: its control functions act on the server's state. */
  mock: MockCore;
  /** Stops accepting connections, lets requests in flight finish (aborted after `shutdownTimeoutMs`), then resolves; idempotent. */
  close(): Promise<void>;
}

/**
 * Starts the mock as a real HTTP server, for clients in any language, browsers and contract tests.
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
    if (
      typeof options.mock.state === 'function' &&
      ![null, '*'].includes(options.mock.state().options.baseUrl as string | null)
    ) {
      throw new TypeError(
        'startMockServer: option "mock" must be made without `baseUrl` (or with \'*\'): the server serves the service at its own root.',
      );
    }
    mock = options.mock as MockCore;
  } else {
    const names = OPTION_NAMES.filter((name) => name !== 'baseUrl' && (options as MockOptions)[name] !== undefined);
    mock = createMockCore(Object.fromEntries(names.map((name) => [name, (options as MockOptions)[name]])));
  }
  // Read when close() is called: configure() may change it. A mock without `state` gets the default.
  const providerTimeoutMs = () =>
    typeof mock.state === 'function' ? mock.state().options.providerTimeoutMs : MOCK_OPTIONS.providerTimeoutMs.default;
  const resolved = resolveServerOptions(options, providerTimeoutMs);
  const listening = await serveMock(mock, resolved);
  return { url: listening.url, mock, close: listening.close };
}
