import { MAX_TIMER_MS } from '../defaults.js';
import { allowedHostProblem, originProblem } from './control-access.js';
import type { CorsOptions } from './cors.js';
import type { RequestLogger } from './log.js';
import type { ServedMock } from './types.js';

/** The network options of the standalone server (the mock's own options come beside them). */
export interface ServerOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1` (not reachable from other machines). */
  host?: string;
  /** Browser origins allowed by CORS on the service routes; default `{ origins: '*' }`; `false` sends no CORS headers. */
  cors?: CorsOptions | false;
  /** Serve the control API under `/__mock`. Default `false` (those paths are then 404). */
  control?: boolean;
  /**
   * Exact origins (`http://localhost:5173`) whose pages may call the control
   * API. Default none: a control request with any `Origin` header is refused
   * (403), so another website cannot reset or read the mock.
   */
  controlOrigins?: string[];
  /**
   * Host names a control request may be addressed to besides `localhost`,
   * `127.0.0.1`, `[::1]` and `host` (each with the server's port): `mock`
   * (a container name) or `localhost:8080` (a port mapping). Any other `Host`
   * is refused (403), against DNS rebinding.
   */
  allowedHosts?: string[];
  /** Called once per finished request; `false` logs nothing. Default: one line on stderr. */
  log?: RequestLogger | false;
  /** Largest request body in bytes; a larger one gets `413 PAYLOAD_TOO_LARGE`. Default 1 MiB. */
  bodyLimit?: number;
  /**
   * How long `close()` waits for requests in flight before aborting them.
   * Default: the mock's `providerTimeoutMs` + 1 000 ms, as it is when `close()`
   * is called, so a search waiting on a hanging program still ends with its 504 provider failure.
   */
  shutdownTimeoutMs?: number;
  /**
   * Called when `POST /__mock/shutdown` (control API) has been answered. Default: the server's own `close()`.
   * The CLI passes its exit path (requests in flight finish, the ready file goes, exit 0).
   *
   * @example
   * const server = await startMockServer({ control: true, onShutdown: () => void server.close().then(() => console.log('stopped')) });
   */
  onShutdown?: () => void;
}

export interface ResolvedServerOptions {
  port: number;
  host: string;
  cors: CorsOptions | false;
  control: boolean;
  controlOrigins: string[];
  allowedHosts: string[];
  log: RequestLogger | false;
  bodyLimit: number;
  /** The wait of `close()`, read when it is called: by default it follows the provider time-out then in force (D84). */
  shutdownTimeoutMs: () => number;
  onShutdown: (() => void) | undefined;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The default of `shutdownTimeoutMs`: a provider wait lasts at most
 * `providerTimeoutMs` (a hanging program, or a latency at or above it, ends as
 * the 504 failure then: `PROVIDER-2`), so every search in flight can finish;
 * the second covers the rest of its answer.
 */
const defaultShutdownTimeoutMs = (providerTimeoutMs: number): number => Math.min(Math.ceil(providerTimeoutMs) + 1_000, MAX_TIMER_MS);

/**
 * Checks every server option up front; a bad one is a TypeError naming it.
 * `providerTimeoutMs` reads the served mock's current one, for the default of
 * `shutdownTimeoutMs`: `PUT /__mock/config` may change it after start-up (D84).
 */
export function resolveServerOptions(options: ServerOptions, defaultLog: RequestLogger, providerTimeoutMs: () => number): ResolvedServerOptions {
  const {
    port = 0,
    host = '127.0.0.1',
    cors = { origins: '*' },
    control = false,
    controlOrigins = [],
    allowedHosts = [],
    log = defaultLog,
    bodyLimit = DEFAULT_BODY_LIMIT,
    shutdownTimeoutMs,
    onShutdown,
  } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new TypeError(`startMockServer: option "port" must be an integer from 0 to 65535, got ${String(port)}.`);
  if (typeof host !== 'string' || host === '') throw new TypeError('startMockServer: option "host" must be a non-empty string.');
  if (cors !== false) {
    const origins: unknown = typeof cors === 'object' && cors !== null ? cors.origins : undefined;
    if (origins !== '*' && !(Array.isArray(origins) && origins.every((origin) => typeof origin === 'string'))) {
      throw new TypeError('startMockServer: option "cors" must be false or { origins: "*" | string[] }.');
    }
  }
  if (typeof control !== 'boolean') throw new TypeError('startMockServer: option "control" must be a boolean.');
  checkList('controlOrigins', controlOrigins, originProblem);
  checkList('allowedHosts', allowedHosts, allowedHostProblem);
  if (log !== false && typeof log !== 'function') throw new TypeError('startMockServer: option "log" must be a function or false.');
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit < 1)
    throw new TypeError(`startMockServer: option "bodyLimit" must be a positive integer (bytes), got ${String(bodyLimit)}.`);
  if (shutdownTimeoutMs !== undefined && (!Number.isSafeInteger(shutdownTimeoutMs) || shutdownTimeoutMs < 0 || shutdownTimeoutMs > MAX_TIMER_MS)) {
    throw new TypeError(
      `startMockServer: option "shutdownTimeoutMs" must be an integer from 0 to ${MAX_TIMER_MS} (ms, the longest timer), got ${String(shutdownTimeoutMs)}.`,
    );
  }
  if (onShutdown !== undefined && typeof onShutdown !== 'function') throw new TypeError('startMockServer: option "onShutdown" must be a function.');
  return {
    onShutdown,
    port,
    host,
    cors,
    control,
    controlOrigins: [...controlOrigins],
    allowedHosts: [...allowedHosts],
    log,
    bodyLimit,
    shutdownTimeoutMs: shutdownTimeoutMs === undefined ? () => defaultShutdownTimeoutMs(providerTimeoutMs()) : () => shutdownTimeoutMs,
  };
}

function checkList(option: string, values: unknown, problem: (value: unknown) => string | undefined): void {
  if (!Array.isArray(values)) throw new TypeError(`startMockServer: option "${option}" must be an array of strings.`);
  for (const [index, value] of values.entries()) {
    const why = problem(value);
    if (why !== undefined) throw new TypeError(`startMockServer: option "${option}[${index}]" ${why}.`);
  }
}

export function assertServedMock(mock: unknown): asserts mock is ServedMock {
  const candidate = mock as Partial<Record<keyof ServedMock, unknown>> | null;
  const methods = ['answer', 'reset', 'setProgramBehavior', 'setKey', 'requests'] as const;
  if (typeof candidate !== 'object' || candidate === null || methods.some((name) => typeof candidate[name] !== 'function')) {
    throw new TypeError(`startMockServer: option "mock" must be a mock from createFlightSearchMock (with ${methods.join(', ')}).`);
  }
}
