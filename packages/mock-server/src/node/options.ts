import type { SchemaNode } from '@flight-search/contract';
import { MAX_TIMER_MS } from '../defaults.js';
import { resolveTable, type OptionTable } from '../options.js';
import type { SettingIssue } from '../settings.js';
import { allowedHostProblem, originProblem } from './control-access.js';
import type { CorsOptions } from './cors.js';
import { stderrLogger, type RequestLogger } from './log.js';
import type { ServedMock } from './types.js';

/** The network options of the standalone server (the mock's own options come beside them). */
export interface ServerOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Browser origins allowed by CORS on the service routes; default `{ origins: '*' }`; `false` sends no CORS headers. */
  cors?: CorsOptions | false;
  /** Serve the control API under `/__mock`. Default `false` (those paths are then 404). */
  control?: boolean;
  /** Exact origins (`http://localhost:5173`) whose pages may call the control API; by default any `Origin` is refused (403). */
  controlOrigins?: string[];
  /** Host names the control API answers besides the loopback names and `host` (`mock`, `localhost:8080`); others get a 403. */
  allowedHosts?: string[];
  /** Called once per finished request; `false` logs nothing. Default: one line on stderr. */
  log?: RequestLogger | false;
  /** Largest request body in bytes; a larger one gets `413 PAYLOAD_TOO_LARGE`. Default 1 MiB. */
  bodyLimit?: number;
  /** How long `close()` waits for requests in flight before aborting them. Default: the mock's `providerTimeoutMs` + 1 000. */
  shutdownTimeoutMs?: number;
  /**
   * Called once `POST /__mock/shutdown` is answered. Default: the server's own `close()`.
   * @example
   * const server = await startMockServer({ control: true, onShutdown: () => void server.close().then(() => console.log('stopped')) });
   */
  onShutdown?: () => void;
}

/** The options in force; the wait of `close()` is read when it is called. */
export type ResolvedServerOptions = Required<Omit<ServerOptions, 'shutdownTimeoutMs' | 'onShutdown'>> &
  Pick<ServerOptions, 'onShutdown'> & { shutdownTimeoutMs: () => number };

/** No issue when `ok`, else one with `message`. */
export const issue = (ok: boolean, message: string): SettingIssue[] =>
  ok ? [] : [{ field: '', type: 'invalid_type', message }];
/** A whole number from `min` to `max`, the message saying so. */
export const between = (min: number, max: number, unit = ''): SchemaNode => ({
  type: 'integer',
  minimum: min,
  maximum: max,
  'x-message': `must be an integer from ${min} to ${max}${unit}`,
});

/** A boolean option's schema; its flag takes no value. */
export const BOOLEAN = { type: 'boolean', 'x-message': 'must be a boolean' } as const satisfies SchemaNode;

/** A list option's check: an array, each value passing `problem`. */
export const listOf =
  (name: string, problem: (value: unknown) => string | undefined) =>
  (values: unknown): SettingIssue[] =>
    Array.isArray(values)
      ? values.flatMap((value, index) => {
          const why = problem(value);
          return why === undefined
            ? []
            : [{ field: `${name}[${index}]`, type: 'invalid_format' as const, message: `${why}.` }];
        })
      : issue(false, 'must be an array of strings.');

/** The `host` row of the server and the proxy; from the command line, `--host ' '` is empty too. */
export const HOST = {
  check: (host: unknown): SettingIssue[] =>
    issue(
      typeof host === 'string' && host.trim() !== '',
      typeof host === 'string' ? 'must not be empty.' : 'must be a non-empty string.',
    ),
  default: '127.0.0.1',
  flag: { name: '--host', arg: 'H', help: 'interface to listen on (default 127.0.0.1)' },
};

/** The server's options ({@link ServerOptions}) as rows of an option table. */
export const SERVER_OPTIONS = {
  port: {
    schema: between(0, 65_535),
    default: 0,
    flag: { name: '--port', help: 'TCP port; 0 picks a free one (default 4010)' },
  },
  host: HOST,
  cors: {
    check: (cors: unknown) => {
      const origins: unknown = typeof cors === 'object' && cors !== null ? (cors as CorsOptions).origins : undefined;
      return issue(
        cors === false ||
          origins === '*' ||
          (Array.isArray(origins) && origins.every((origin) => typeof origin === 'string')),
        'must be false or { origins: "*" | string[] }.',
      );
    },
    default: { origins: '*' },
  },
  control: {
    schema: BOOLEAN,
    default: false,
    flag: {
      name: '--control',
      help: `serve the control API under /__mock: reset, state, config, programs, keys,
faults, requests (see the README); without it no request is recorded`,
    },
  },
  controlOrigins: {
    check: listOf('controlOrigins', originProblem),
    default: [],
    flag: {
      name: '--control-origin',
      arg: 'ORIGIN',
      multiple: true,
      help: `a page origin allowed to call the control API, such as http://localhost:5173
(repeatable); by default a control request carrying any Origin is refused (403)`,
    },
  },
  allowedHosts: {
    check: listOf('allowedHosts', allowedHostProblem),
    default: [],
    flag: {
      name: '--allowed-host',
      arg: 'NAME',
      multiple: true,
      help: `a Host name the control API answers besides localhost, 127.0.0.1, [::1] and
--host, such as a container name (repeatable; NAME:PORT for a port mapping)`,
    },
  },
  log: {
    check: (log: unknown) => issue(log === false || typeof log === 'function', 'must be a function or false.'),
    default: stderrLogger,
  },
  bodyLimit: { schema: between(1, Number.MAX_SAFE_INTEGER, ' (bytes)'), default: 1024 * 1024 },
  shutdownTimeoutMs: { schema: between(0, MAX_TIMER_MS, ' (ms, the longest timer)') },
  onShutdown: { check: (onShutdown: unknown) => issue(typeof onShutdown === 'function', 'must be a function.') },
} satisfies OptionTable;

/** The default of `shutdownTimeoutMs`: a provider wait lasts at most `providerTimeoutMs` (`PROVIDER-2`), plus a second. */
const defaultShutdownTimeoutMs = (providerTimeoutMs: number): number =>
  Math.min(Math.ceil(providerTimeoutMs) + 1_000, MAX_TIMER_MS);

/** Checks every server option; a bad one is a TypeError naming it. `providerTimeoutMs` reads the mock's current one. */
export function resolveServerOptions(options: ServerOptions, providerTimeoutMs: () => number): ResolvedServerOptions {
  const resolved = resolveTable(SERVER_OPTIONS, options, 'startMockServer') as Omit<
    ResolvedServerOptions,
    'shutdownTimeoutMs'
  > & {
    shutdownTimeoutMs?: number;
  };
  const { shutdownTimeoutMs } = resolved;
  return {
    ...resolved,
    controlOrigins: [...resolved.controlOrigins],
    allowedHosts: [...resolved.allowedHosts],
    shutdownTimeoutMs:
      shutdownTimeoutMs === undefined ? () => defaultShutdownTimeoutMs(providerTimeoutMs()) : () => shutdownTimeoutMs,
  };
}

export function assertServedMock(mock: unknown): asserts mock is ServedMock {
  const candidate = mock as Partial<Record<keyof ServedMock, unknown>> | null;
  const methods = ['answer', 'reset', 'setProgramBehavior', 'setKey', 'requests'] as const;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    methods.some((name) => typeof candidate[name] !== 'function')
  ) {
    throw new TypeError(
      `startMockServer: option "mock" must be a mock from createFlightSearchMock (with ${methods.join(', ')}).`,
    );
  }
}
