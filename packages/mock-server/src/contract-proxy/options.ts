import { MAX_TIMER_MS } from '../defaults.js';
import { allowedHostProblem } from '../node/control-access.js';
import { BOOLEAN, between, HOST, issue, listOf } from '../node/options.js';
import type { OptionTable } from '../options.js';
import type { Violation } from './checker.js';

export interface ContractProxyOptions {
  /** The service every request is forwarded to, such as `https://api.example.com` (its path is a prefix). */
  target: string;
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /**
   * `Host` names the proxy answers besides `localhost`, `127.0.0.1`, `[::1]`
   * and `host` (each with its port), as the server's `allowedHosts`: any other
   * request is a 403. `NAME:PORT` behind a port mapping.
   */
  allowedHosts?: string[];
  /** Forward the mock's control API (`/__mock`) to the target too; by default it is a 403. */
  forwardControl?: boolean;
  /** Called for each violation as it is found. */
  onViolation?: (violation: Violation) => void;
  /** Called once per exchange, after its checks. */
  onExchange?: (exchange: { method: string; path: string; status: number | null; violations: number }) => void;
  /** Append each exchange to this file as one JSON line, API keys redacted. */
  record?: string;
  /** Largest request body forwarded, in bytes. Default 1 MiB. */
  bodyLimit?: number;
  /** Largest answer read from the target, in bytes; a larger one is a 502 and counts as unanswered. Default 32 MiB. */
  answerLimit?: number;
  /** How long the target may take to answer, in ms (1 to 2 147 483 647); then 504 and unanswered. Default 60 000 (`--upstream-timeout-ms`). */
  timeoutMs?: number;
  /** Called with each exchange as `record` writes it (keys redacted): the mock's `POST /__mock/recordings/start` keeps them. */
  onRecord?: (exchange: RecordedExchange) => void;
  /** Called when recording fails (the proxy goes on without recording). */
  onRecordError?: (error: Error) => void;
  /**
   * Also tell the client: each answer carries its exchange's violations in an `x-contract-violations` header
   * (JSON, as the log lines give them; Prism's `sl-violations`), at most 8 KiB of them. Default `false`.
   */
  violationsHeader?: boolean;
}

/** One exchange as `--record` writes it, a JSON line each: what `--playback` and a recording's stop read back as stubs. */
export interface RecordedExchange {
  time: string;
  request: { method: string; path: string; query: string; headers: Record<string, string>; body: unknown };
  response: { status: number; headers: Record<string, string>; body: unknown };
  violations: Violation[];
}

/** The options in force: the table's defaults applied. */
export type ResolvedProxyOptions = ContractProxyOptions &
  Required<Pick<ContractProxyOptions, 'port' | 'host' | 'allowedHosts' | 'bodyLimit' | 'answerLimit' | 'timeoutMs'>>;

const bytes = between(1, Number.MAX_SAFE_INTEGER, ' (bytes)');
const aFunction = (value: unknown) => issue(typeof value === 'function', 'must be a function.');
const httpUrl = (target: unknown) => {
  const url = typeof target === 'string' && URL.canParse(target) ? new URL(target) : undefined;
  return issue(
    url?.protocol === 'http:' || url?.protocol === 'https:',
    `must be an absolute http(s) URL, got ${JSON.stringify(target)}.`,
  );
};

/** The contract proxy's options ({@link ContractProxyOptions}) as rows of an option table. */
export const PROXY_OPTIONS = {
  target: {
    check: httpUrl,
    flag: { name: '--target', arg: 'URL', help: 'the real service every request is forwarded to (required)' },
  },
  port: {
    schema: between(0, 65_535),
    default: 0,
    flag: { name: '--port', help: 'where the proxy listens (default 4011)' },
  },
  host: HOST,
  allowedHosts: {
    check: listOf('allowedHosts', allowedHostProblem),
    default: [],
    flag: {
      name: '--allowed-host',
      arg: 'NAME',
      multiple: true,
      help: `a Host name the proxy answers besides localhost, 127.0.0.1, [::1] and --host
(repeatable, NAME:PORT for a port mapping); any other Host is refused (403), against DNS rebinding`,
    },
  },
  forwardControl: {
    schema: BOOLEAN,
    default: false,
    flag: {
      name: '--forward-control',
      help: "forward the mock's control API (/__mock) too; by default it is refused (403)",
    },
  },
  timeoutMs: {
    schema: between(1, MAX_TIMER_MS, ' (ms)'),
    default: 60_000,
    flag: { name: '--upstream-timeout-ms', help: 'time the target may take to answer before a 504 (default 60000)' },
  },
  record: {
    check: (file: unknown) => issue(typeof file === 'string' && file !== '', 'must be a file name.'),
    flag: { name: '--record', arg: 'FILE', help: 'append each exchange to FILE as one JSON line, API keys redacted' },
  },
  bodyLimit: { schema: bytes, default: 1024 * 1024 },
  answerLimit: { schema: bytes, default: 32 * 1024 * 1024 },
  violationsHeader: {
    schema: BOOLEAN,
    default: false,
    flag: {
      name: '--violations-header',
      help: `tell the client too: an answer that broke the contract carries its violations
in an x-contract-violations header (JSON, as Prism's sl-violations)`,
    },
  },
  onViolation: { check: aFunction },
  onExchange: { check: aFunction },
  onRecord: { check: aFunction },
  onRecordError: { check: aFunction },
} satisfies OptionTable;
