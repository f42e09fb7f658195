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
  latency: 'none' | 'realistic';
  control: boolean;
  controlOrigins: string[];
  allowedHosts: string[];
  requestLogMaxBytes?: number;
  quiet: boolean;
}

/** The port of the `servers` entry of openapi.yaml, so the documented URL works out of the box. */
export const DEFAULT_PORT = 4010;

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
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message, { cause: error });
  }
  const latency = values.latency ?? 'none';
  if (latency !== 'none' && latency !== 'realistic') throw new UsageError(`--latency must be "none" or "realistic", got ${JSON.stringify(latency)}.`);
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') throw new UsageError('--host must not be empty.');
  const args: CliArgs = {
    help: values.help ?? false,
    port: values.port === undefined ? DEFAULT_PORT : integer('--port', values.port, 0, 65_535),
    host,
    latency,
    control: values.control ?? false,
    controlOrigins: checkedList('--control-origin', values['control-origin'] ?? [], originProblem),
    allowedHosts: checkedList('--allowed-host', values['allowed-host'] ?? [], allowedHostProblem),
    quiet: values.quiet ?? false,
  };
  if (values.keys !== undefined) args.keysFile = values.keys;
  if (values.seed !== undefined) args.seed = integer('--seed', values.seed, 0, Number.MAX_SAFE_INTEGER);
  if (values['provider-timeout-ms'] !== undefined) {
    args.providerTimeoutMs = integer('--provider-timeout-ms', values['provider-timeout-ms'], 1, MAX_TIMER_MS);
  }
  if (values['request-log-max-bytes'] !== undefined) {
    args.requestLogMaxBytes = integer('--request-log-max-bytes', values['request-log-max-bytes'], 0, Number.MAX_SAFE_INTEGER);
  }
  return args;
}

/** The values of a repeatable flag, each checked by the rule the Node option uses. */
function checkedList(flag: string, values: string[], problem: (value: unknown) => string | undefined): string[] {
  for (const value of values) {
    const why = problem(value);
    if (why !== undefined) throw new UsageError(`${flag} ${why}.`);
  }
  return values;
}

function integer(flag: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}.`);
  }
  return value;
}
