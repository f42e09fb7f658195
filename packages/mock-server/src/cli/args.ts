import { dictionary } from '@flight-search/contract';
import { parseArgs } from 'node:util';
import type { SchemaNode } from '@flight-search/contract';
import { OPTION_NAMES, rowOf } from '../options.js';
import type { MockOptions } from '../options.js';
import { allowedHostProblem, originProblem } from '../node/control-access.js';
import { UsageError } from './usage-error.js';

export interface CliArgs {
  help: boolean;
  port: number;
  host: string;
  keysFile?: string;
  /** `--playback FILE`: a contract proxy's record, played back as stubs. */
  playbackFile?: string;
  control: boolean;
  controlOrigins: string[];
  allowedHosts: string[];
  /** The mock's options given as flags, as the option table reads them; they win over a `--config` file's. */
  mock: MockOptions;
  configFile?: string;
  readyFile?: string;
  logFormat: 'text' | 'json';
  quiet: boolean;
}

/** The port of the `servers` entry of openapi.yaml, so the documented URL works out of the box. */
const DEFAULT_PORT = 4010;

/** The flags of the options whose value is one scalar (`--seed N`): parsed by their row's schema. */
const SCALAR_FLAGS = OPTION_NAMES.flatMap((name) => {
  const { flag, schema } = rowOf(name);
  return flag && schema && schema.type !== 'object' && schema.type !== 'array' ? [{ name, flag: flag.name, schema }] : [];
});
const RATE_LIMIT = rowOf('rateLimit').schema!.properties!;

/** Parses and checks the command line; any problem is a UsageError naming the flag. */
export function parseCliArgs(argv: string[]): CliArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(SCALAR_FLAGS.map(({ flag }) => [flag.slice(2), { type: 'string' } as const])),
        port: { type: 'string' },
        host: { type: 'string' },
        keys: { type: 'string' },
        playback: { type: 'string' },
        control: { type: 'boolean' },
        'control-origin': { type: 'string', multiple: true },
        'allowed-host': { type: 'string', multiple: true },
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
  const text = values as Record<string, string | undefined>;
  const logFormat = values['log-format'] ?? 'text';
  if (logFormat !== 'text' && logFormat !== 'json') throw new UsageError(`--log-format must be "text" or "json", got ${JSON.stringify(logFormat)}.`);
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') throw new UsageError('--host must not be empty.');
  const mock = dictionary<unknown>();
  for (const { name, flag, schema } of SCALAR_FLAGS) {
    const given = text[flag.slice(2)];
    if (given !== undefined) mock[name] = scalar(flag, given, schema);
  }
  const args: CliArgs = {
    help: values.help ?? false,
    port: values.port === undefined ? DEFAULT_PORT : integer('--port', values.port, 0, 65_535),
    host,
    control: values.control ?? false,
    controlOrigins: checkedList('--control-origin', values['control-origin'] ?? [], originProblem),
    allowedHosts: checkedList('--allowed-host', values['allowed-host'] ?? [], allowedHostProblem),
    mock,
    quiet: values.quiet ?? false,
    logFormat,
  };
  if (values.keys !== undefined) args.keysFile = values.keys;
  if (values.playback !== undefined) args.playbackFile = values.playback;
  if (values['rate-limit-window-ms'] !== undefined && values['rate-limit'] === undefined) throw new UsageError('--rate-limit-window-ms needs --rate-limit N.');
  if (values['rate-limit'] !== undefined) {
    const windowMs = values['rate-limit-window-ms'];
    mock.rateLimit = {
      requests: scalar('--rate-limit', values['rate-limit'], RATE_LIMIT.requests!) as number,
      ...(windowMs !== undefined && { windowMs: scalar('--rate-limit-window-ms', windowMs, RATE_LIMIT.windowMs!) }),
    };
  }
  if (values.now !== undefined && values['clock-offset-ms'] !== undefined) throw new UsageError('--now and --clock-offset-ms both set the clock; give one.');
  if (values.now !== undefined) mock.clock = { at: /^\d+$/.test(values.now) ? Number(values.now) : values.now };
  if (values['clock-offset-ms'] !== undefined) {
    const offsetText = values['clock-offset-ms'];
    const offset = /^-?\d+$/.test(offsetText) ? Number(offsetText) : Number.NaN;
    if (!Number.isSafeInteger(offset)) throw new UsageError(`--clock-offset-ms must be an integer (negative for the past), got ${JSON.stringify(offsetText)}.`);
    mock.clock = { offsetMs: offset };
  }
  if (values.config !== undefined) args.configFile = values.config;
  if (values['ready-file'] !== undefined) {
    if (values['ready-file'].trim() === '') throw new UsageError('--ready-file must not be empty.');
    args.readyFile = values['ready-file'];
  }
  return args;
}

/** A flag's text as its option's schema reads it: a whole number within the schema's bounds, or one of its words. */
function scalar(flag: string, text: string, schema: SchemaNode): string | number {
  if (schema.enum) {
    if (schema.enum.includes(text)) return text;
    throw new UsageError(`${flag} must be ${schema.enum.map((word) => JSON.stringify(word)).join(' or ')}, got ${JSON.stringify(text)}.`);
  }
  // A flag takes whole numbers only, from 0 (a negative one would read as another flag).
  const min = Math.max(0, schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1);
  return integer(flag, text, min, schema.maximum ?? Number.MAX_SAFE_INTEGER);
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
