import { dictionary } from '@flight-search/contract';
import { parseArgs } from 'node:util';
import type { SchemaNode } from '@flight-search/contract';
import { BOOLEAN, HOST, SERVER_OPTIONS } from '../node/options.js';
import {
  JSON_OPTION_NAMES,
  MOCK_OPTIONS,
  OPTION_NAMES,
  rowOf,
  type MockOptions,
  type OptionTable,
} from '../options.js';
import { UsageError } from './usage-error.js';

export interface CliArgs {
  /** The server's options the flags set, defaults applied (port 4010). */
  server: { port: number; host: string; control: boolean; controlOrigins: string[]; allowedHosts: string[] };
  /** The mock's options given as flags; they win over a `--config` file's. */
  mock: MockOptions;
  keysFile?: string;
  /** `--playback FILE`: a contract proxy's record, played back as stubs. */
  playbackFile?: string;
  configFile?: string;
  readyFile?: string;
  logFormat: 'text' | 'json';
  quiet: boolean;
  help: boolean;
}

/** What `parseArgs` read, by flag name without `--`. */
export type FlagValues = Record<string, string | boolean | string[] | undefined>;

/** The port of the `servers` entry of openapi.yaml, so the documented URL works out of the box. */
const DEFAULT_PORT = 4010;

/** `--config`: the option table's JSON options, by name. */
export const CONFIG_FLAG = {
  configFile: {
    flag: {
      name: '--config',
      arg: 'FILE',
      help: `the mock's options as a JSON object, checked like the JavaScript options, such as
${JSON.stringify({ seed: 7, latency: 'realistic', rateLimit: { requests: 5, windowMs: 1000 }, clock: { at: '2026-11-01T00:00:00Z' } })}:
${wrap(JSON_OPTION_NAMES)}
(clock: {"at": ISO or epoch ms} fixed, or {"offsetMs": N} shifted); flags win over it`,
    },
  },
} satisfies OptionTable;

/** The flags of both commands that are no option of the mock, the server or the proxy. */
export const SHARED_FLAGS = {
  readyFile: {
    check: HOST.check,
    flag: {
      name: '--ready-file',
      arg: 'PATH',
      help: `once listening, write {"url","port","pid"} to PATH (atomically: a temporary
file renamed); removed again on exit`,
    },
  },
  logFormat: {
    schema: { type: 'string', enum: ['text', 'json'] },
    default: 'text',
    flag: {
      name: '--log-format',
      arg: 'text|json',
      help: 'log lines as text (default) or one JSON object per line (no key, ever)',
    },
  },
  quiet: {
    schema: BOOLEAN,
    default: false,
    flag: { name: '--quiet', help: 'no request log (by default one line per request on stderr)' },
  },
  help: { schema: BOOLEAN, default: false, flag: { name: '--help', short: 'h', help: 'show this help' } },
} satisfies OptionTable;

/** The proxy's flag of its own beside its options. */
export const PROXY_CLI_FLAGS = {
  failOnViolation: {
    schema: BOOLEAN,
    default: false,
    flag: { name: '--fail-on-violation', help: 'exit 1 on SIGTERM/SIGINT when any violation was seen (for CI)' },
  },
} satisfies OptionTable;

/** The flags of the scalar options (`--seed N`), parsed by their row's schema. */
const SCALAR_FLAGS = OPTION_NAMES.flatMap((name) => {
  const { flag, schema } = rowOf(name);
  return flag && schema && schema.type !== 'object' && schema.type !== 'array'
    ? [{ name, flag: flag.name, schema }]
    : [];
});
const RATE_LIMIT = rowOf('rateLimit').schema!.properties!;

/** Parses and checks the command line; any problem is a UsageError naming the flag. */
export function parseCliArgs(argv: string[]): CliArgs {
  const values = parseFlags(argv, [SERVER_OPTIONS, CONFIG_FLAG, MOCK_OPTIONS, SHARED_FLAGS]);
  const server = flagValues<CliArgs['server']>(SERVER_OPTIONS, values);
  if (values.port === undefined) server.port = DEFAULT_PORT;
  return {
    server,
    mock: mockFlags(values),
    ...flagValues<Pick<CliArgs, 'configFile' | 'readyFile' | 'logFormat' | 'quiet' | 'help'>>(
      { ...CONFIG_FLAG, ...SHARED_FLAGS },
      values,
    ),
    keysFile: values.keys as string | undefined,
    playbackFile: values.playback as string | undefined,
  };
}

/** `parseArgs` over the flags of `tables`' rows; anything unknown is a UsageError. */
export function parseFlags(argv: string[], tables: OptionTable[]): FlagValues {
  const flags = tables
    .flatMap((table) => Object.values(table))
    .flatMap(({ flag, schema }) => {
      if (flag === undefined) return [];
      const type = schema?.type === 'boolean' ? ('boolean' as const) : ('string' as const);
      const own = [
        flag.name.slice(2),
        { type, ...(flag.multiple && { multiple: true }), ...(flag.short && { short: flag.short }) },
      ] as const;
      return flag.with === undefined ? [own] : [own, [flag.with.slice(2), { type: 'string' as const }] as const];
    });
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options: Object.fromEntries(flags) })
      .values as FlagValues;
  } catch (error) {
    throw new UsageError((error as Error).message, { cause: error });
  }
}

/** The values of `table`'s flags, checked as its rows say, defaults applied. */
export function flagValues<Values>(table: OptionTable, values: FlagValues): Values {
  const out = dictionary<unknown>();
  for (const [name, { flag, schema, check, default: fallback }] of Object.entries(table)) {
    if (flag === undefined) continue;
    const given = values[flag.name.slice(2)];
    if (given === undefined || typeof given === 'boolean') out[name] = given ?? fallback;
    else if (schema !== undefined && typeof given === 'string') out[name] = scalar(flag.name, given, schema);
    else {
      const [first] = check?.(given) ?? [];
      if (first !== undefined) throw new UsageError(`${flag.name} ${first.message}`);
      out[name] = given;
    }
  }
  return out as Values;
}

/** The mock's options the flags give; the rate limit and the clock from two flags each. */
function mockFlags(values: FlagValues): MockOptions {
  const text = values as Record<string, string | undefined>;
  const mock = dictionary<unknown>();
  for (const { name, flag, schema } of SCALAR_FLAGS) {
    const given = text[flag.slice(2)];
    if (given !== undefined) mock[name] = scalar(flag, given, schema);
  }
  const [limit, windowMs] = [text['rate-limit'], text['rate-limit-window-ms']];
  if (windowMs !== undefined && limit === undefined)
    throw new UsageError('--rate-limit-window-ms needs --rate-limit N.');
  if (limit !== undefined) {
    mock.rateLimit = {
      requests: scalar('--rate-limit', limit, RATE_LIMIT.requests!) as number,
      ...(windowMs !== undefined && { windowMs: scalar('--rate-limit-window-ms', windowMs, RATE_LIMIT.windowMs!) }),
    };
  }
  const [now, offsetText] = [text.now, text['clock-offset-ms']];
  if (now !== undefined && offsetText !== undefined)
    throw new UsageError('--now and --clock-offset-ms both set the clock; give one.');
  if (now !== undefined) mock.clock = { at: /^\d+$/.test(now) ? Number(now) : now };
  if (offsetText !== undefined) {
    const offset = /^-?\d+$/.test(offsetText) ? Number(offsetText) : Number.NaN;
    if (!Number.isSafeInteger(offset))
      throw new UsageError(
        `--clock-offset-ms must be an integer (negative for the past), got ${JSON.stringify(offsetText)}.`,
      );
    mock.clock = { offsetMs: offset };
  }
  return mock as MockOptions;
}

/** A flag's text as its option's schema reads it: a whole number, or one of its words. */
function scalar(flag: string, text: string, schema: SchemaNode): string | number {
  if (schema.enum) {
    if (schema.enum.includes(text)) return text;
    throw new UsageError(
      `${flag} must be ${schema.enum.map((word) => JSON.stringify(word)).join(' or ')}, got ${JSON.stringify(text)}.`,
    );
  }
  // A flag takes whole numbers only, from 0 (a negative one would read as another flag).
  const min = Math.max(0, schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1);
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}.`);
  return value;
}

/** Words joined by `, `, broken into lines of at most `width` characters. */
function wrap(words: readonly string[], width = 96): string {
  return words.reduce(
    (text, word) =>
      text.length - text.lastIndexOf('\n') + word.length > width
        ? `${text},\n${word}`
        : text
          ? `${text}, ${word}`
          : word,
    '',
  );
}
