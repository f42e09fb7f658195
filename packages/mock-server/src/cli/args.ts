import { parseArgs } from 'node:util';
import { MAX_TIMER_MS } from '../defaults.js';
import { allowedHostProblem, originProblem } from '../node/control-access.js';
import { UsageError } from './usage-error.js';

export interface CliArgs {
  help: boolean;
  port: number;
  host: string;
  keysFile?: string;
  seed?: number;
  providerTimeoutMs?: number;
  latency?: 'none' | 'realistic';
  control: boolean;
  controlOrigins: string[];
  allowedHosts: string[];
  requestLogMaxBytes?: number;
  requestLogCap?: number;
  historyCap?: number;
  /** `--rate-limit N` requests per `--rate-limit-window-ms` (default 1000). */
  rateLimit?: { requests: number; windowMs: number };
  /** `--now` (a fixed clock) or `--clock-offset-ms` (a shifted one), as given: the option checker reads it. */
  clock?: { at?: string | number; offsetMs?: number };
  configFile?: string;
  readyFile?: string;
  logFormat: 'text' | 'json';
  quiet: boolean;
}

/** The port of the `servers` entry of openapi.yaml, so the documented URL works out of the box. */
const DEFAULT_PORT = 4010;

/** Parses and checks the command line; any problem is a UsageError naming the flag. */
export function parseCliArgs(argv: string[]): CliArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        keys: { type: 'string' },
        seed: { type: 'string' },
        'provider-timeout-ms': { type: 'string' },
        latency: { type: 'string' },
        control: { type: 'boolean' },
        'control-origin': { type: 'string', multiple: true },
        'allowed-host': { type: 'string', multiple: true },
        'request-log-max-bytes': { type: 'string' },
        'request-log-cap': { type: 'string' },
        'history-cap': { type: 'string' },
        'rate-limit': { type: 'string' },
        'rate-limit-window-ms': { type: 'string' },
        now: { type: 'string' },
        'clock-offset-ms': { type: 'string' },
        config: { type: 'string' },
        'ready-file': { type: 'string' },
        'log-format': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message, { cause: error });
  }
  const latency = values.latency;
  if (latency !== undefined && latency !== 'none' && latency !== 'realistic')
    throw new UsageError(`--latency must be "none" or "realistic", got ${JSON.stringify(latency)}.`);
  const logFormat = values['log-format'] ?? 'text';
  if (logFormat !== 'text' && logFormat !== 'json') throw new UsageError(`--log-format must be "text" or "json", got ${JSON.stringify(logFormat)}.`);
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') throw new UsageError('--host must not be empty.');
  const args: CliArgs = {
    help: values.help ?? false,
    port: values.port === undefined ? DEFAULT_PORT : integer('--port', values.port, 0, 65_535),
    host,
    ...(latency !== undefined && { latency }),
    control: values.control ?? false,
    controlOrigins: checkedList('--control-origin', values['control-origin'] ?? [], originProblem),
    allowedHosts: checkedList('--allowed-host', values['allowed-host'] ?? [], allowedHostProblem),
    quiet: values.quiet ?? false,
    logFormat,
  };
  if (values.keys !== undefined) args.keysFile = values.keys;
  if (values.seed !== undefined) args.seed = integer('--seed', values.seed, 0, Number.MAX_SAFE_INTEGER);
  if (values['provider-timeout-ms'] !== undefined) {
    args.providerTimeoutMs = integer('--provider-timeout-ms', values['provider-timeout-ms'], 1, MAX_TIMER_MS);
  }
  if (values['request-log-max-bytes'] !== undefined) {
    args.requestLogMaxBytes = integer('--request-log-max-bytes', values['request-log-max-bytes'], 0, Number.MAX_SAFE_INTEGER);
  }
  if (values['request-log-cap'] !== undefined) args.requestLogCap = integer('--request-log-cap', values['request-log-cap'], 0, Number.MAX_SAFE_INTEGER);
  if (values['history-cap'] !== undefined) args.historyCap = integer('--history-cap', values['history-cap'], 0, Number.MAX_SAFE_INTEGER);
  if (values['rate-limit-window-ms'] !== undefined && values['rate-limit'] === undefined) throw new UsageError('--rate-limit-window-ms needs --rate-limit N.');
  if (values['rate-limit'] !== undefined) {
    args.rateLimit = {
      requests: integer('--rate-limit', values['rate-limit'], 1, Number.MAX_SAFE_INTEGER),
      windowMs:
        values['rate-limit-window-ms'] === undefined ? 1000 : integer('--rate-limit-window-ms', values['rate-limit-window-ms'], 1, Number.MAX_SAFE_INTEGER),
    };
  }
  if (values.now !== undefined && values['clock-offset-ms'] !== undefined) throw new UsageError('--now and --clock-offset-ms both set the clock; give one.');
  if (values.now !== undefined) args.clock = { at: /^\d+$/.test(values.now) ? Number(values.now) : values.now };
  if (values['clock-offset-ms'] !== undefined) {
    const text = values['clock-offset-ms'];
    const offset = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(offset)) throw new UsageError(`--clock-offset-ms must be an integer (negative for the past), got ${JSON.stringify(text)}.`);
    args.clock = { offsetMs: offset };
  }
  if (values.config !== undefined) args.configFile = values.config;
  if (values['ready-file'] !== undefined) {
    if (values['ready-file'].trim() === '') throw new UsageError('--ready-file must not be empty.');
    args.readyFile = values['ready-file'];
  }
  return args;
}

/** The values of a repeatable flag, each checked by the rule the Node option uses. */
export function checkedList(flag: string, values: string[], problem: (value: unknown) => string | undefined): string[] {
  for (const value of values) {
    const why = problem(value);
    if (why !== undefined) throw new UsageError(`${flag} ${why}.`);
  }
  return values;
}

/** `text` as an integer from `min` to `max`, or a UsageError naming `flag` (the rule of every numeric flag). */
export function integer(flag: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}.`);
  }
  return value;
}
