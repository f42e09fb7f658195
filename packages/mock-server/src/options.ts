import {
  dictionary,
  checkJson,
  isPlainObject,
  unknownFields as undeclaredFields,
  type ProgramCode,
  type SchemaNode,
} from '@flight-search/contract';
import { DEFAULT_KEYS, MAX_TIMER_MS, RECORDED_REQUESTS_CAP, REQUEST_LOG_MAX_BYTES } from './defaults.js';
import {
  baseUrlIssues,
  behaviorIssues,
  clockIssues,
  clockTime,
  keyNameIssue,
  MAX_KEYS,
  MockSettingError,
  joinField,
  productsIssues,
  programProblem,
  unknownFields,
  type SettingIssue,
} from './settings.js';
import { stubIssues } from './stubs/check.js';
import type { KeySettings, MockClock, StubDefinition } from './types.js';

/** One option of the mock, declared once: the API, `configure`, `--config`, the CLI and `state()` read it. `V` given, `R` in force. */
export interface OptionRow<V, R = V> {
  /** What a value must be (`x-message` words the issue). */
  schema?: SchemaNode;
  /** What a schema cannot say, or a value that is no JSON (`now`). */
  check?: (value: unknown) => SettingIssue[];
  /** The value when none is given; without one the option is off. */
  default?: V;
  /** The value in force; by default the value given or the default. */
  resolve?: (value: V | undefined) => R;
  /** `false`: not JSON, so `--config` and the control API may not set it. */
  json?: false;
  /** `null` turns it off in `configure`. */
  nullable?: true;
  /** `false`: the state is not built from it, so a change needs no reset. By default a change starts a fresh state. */
  reset?: false;
  /** `false`: `state()` does not read it back. */
  readBack?: false;
  /** The CLI's flag and `--help` text. */
  flag?: Flag;
}

/** A command-line flag of an option. */
export interface Flag {
  /** `--seed`. */
  name: string;
  /** Its value's name in `--help` (`FILE`); `N` by default. */
  arg?: string;
  /** Its `--help` text (`\n` starts an indented line). */
  help: string;
  /** Given more than once, each value kept (`--allowed-host`). */
  multiple?: true;
  /** A one-letter alias (`-h`). */
  short?: string;
  /** A second flag it is read from (`--rate-limit-window-ms`). */
  with?: string;
}

/** A row, its literal types kept and `V`, `R` carried for the types below. */
const option =
  <V, R = V>() =>
  <const Row extends OptionRow<V, R>>(row: Row): Row & { readonly types?: [V, R] } =>
    row;
/** A row as the loops below read it. */
export const rowOf = (name: keyof Rows): OptionRow<unknown, unknown> =>
  MOCK_OPTIONS[name] as unknown as OptionRow<unknown, unknown>;
const count = (unit = ''): SchemaNode => ({
  type: 'integer',
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  'x-message': `must be an integer >= 0${unit}`,
});

const RATE_LIMIT_SCHEMA = {
  type: 'object',
  'x-message': 'must be an object { requests, windowMs }',
  required: ['requests'],
  properties: {
    requests: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-message': 'must be an integer >= 1' },
    windowMs: {
      type: 'number',
      exclusiveMinimum: 0,
      default: 1000,
      'x-message': 'must be a number of milliseconds > 0',
    },
  },
} as const satisfies SchemaNode;

/** One key's settings' shape (`keys`, a `--keys` file); the rest is {@link keysIssues}'. */
export const KEY_SCHEMA = {
  type: 'object',
  'x-message': 'must be an object { key, limit, consumed?, products }',
  required: ['key', 'limit', 'products'],
  properties: {
    key: { type: 'string', 'x-message': 'must be a non-empty string' },
    limit: count(),
    consumed: count(),
  },
} as const satisfies SchemaNode;

/** `keys`: each entry {@link KEY_SCHEMA}, every key unique, at most {@link MAX_KEYS} of them. */
export function keysIssues(keys: unknown): SettingIssue[] {
  if (!Array.isArray(keys))
    return [
      { field: 'keys', type: 'invalid_type', message: 'must be an array of { key, limit, consumed?, products }.' },
    ];
  if (keys.length > MAX_KEYS)
    return [
      { field: 'keys', type: 'out_of_range', message: `must have at most ${MAX_KEYS} keys (it has ${keys.length}).` },
    ];
  const issues: SettingIssue[] = [];
  const seen = new Map<string, number>();
  for (const [index, settings] of (keys as unknown[]).entries()) {
    const at = `keys[${index}]`;
    const shape: SettingIssue[] = [];
    checkJson(KEY_SCHEMA, settings, at, (field, [type, text]) =>
      shape.push({ field, type: type as SettingIssue['type'], message: `${text}.` }),
    );
    issues.push(...shape);
    if (!isPlainObject(settings)) continue;
    issues.push(...unknownFields(settings, ['key', 'limit', 'consumed', 'products'], at));
    const { key, limit, consumed, products } = settings;
    const nameIssue = typeof key === 'string' ? keyNameIssue(key) : undefined;
    const first = typeof key === 'string' ? seen.get(key) : undefined;
    if (nameIssue !== undefined)
      issues.push({
        ...nameIssue,
        field: `${at}.key`,
        type: nameIssue.type === 'missing' ? 'invalid_type' : nameIssue.type,
      });
    else if (first !== undefined)
      issues.push({ field: `${at}.key`, type: 'invalid_enum', message: `repeats the key of keys[${first}].` });
    else if (typeof key === 'string') seen.set(key, index);
    if (shape.length === 0 && consumed !== undefined && (consumed as number) > (limit as number))
      issues.push({
        field: `${at}.consumed`,
        type: 'out_of_range',
        message: `must be at most the limit (${String(consumed)} > ${String(limit)}).`,
      });
    if (products !== undefined) issues.push(...productsIssues(`${at}.products`, products));
  }
  return issues;
}

/** The options of the mock, in the order their issues are listed. */
export const MOCK_OPTIONS = {
  /** The API keys; default {@link "@flight-search/mock-server"!DEFAULT_KEYS | DEFAULT_KEYS}. */
  keys: option<KeySettings[], readonly Readonly<KeySettings>[]>()({
    check: keysIssues,
    resolve: (keys = DEFAULT_KEYS as KeySettings[]) =>
      keys.map((settings) => Object.freeze({ ...settings, products: [...new Set(settings.products)] })),
    readBack: false,
    flag: {
      name: '--keys',
      arg: 'FILE',
      help: `API keys, JSON: {"keys":[{"key":"...","limit":100,"products":["search","history"]}]}
(optional "consumed" per key). Default keys: test-key, search-only-key,
low-quota-key, empty-key (see the package README)`,
    },
  }),
  /** Seed of all generated data (flights, history, latencies); default 1. */
  seed: option<number>()({
    schema: {
      type: 'integer',
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      'x-message': 'must be a safe integer',
    },
    default: 1,
    flag: { name: '--seed', help: 'seed of the generated data (same seed, same flights)' },
  }),
  /** How long a hanging provider is waited for before a 504; default 29 000 (spec section 8). */
  providerTimeoutMs: option<number>()({
    schema: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: MAX_TIMER_MS,
      'x-message': `must be a number of milliseconds > 0 and <= ${MAX_TIMER_MS} (the longest timer Node can set)`,
    },
    default: 29_000,
    reset: false,
    flag: {
      name: '--provider-timeout-ms',
      help: 'time a program may take before a 504 provider failure (default 29000)',
    },
  }),
  /** `'none'` (default): providers answer at once; `'realistic'`: 0.2 to 4 s per program. */
  latency: option<'none' | 'realistic'>()({
    schema: { type: 'string', enum: ['none', 'realistic'], 'x-message': "must be 'none' or 'realistic'" },
    default: 'none',
    reset: false,
    flag: {
      name: '--latency',
      arg: 'none|realistic',
      help: 'provider latencies: none (default) or realistic (0.2 to 4 s per program)',
    },
  }),
  /** The mock's clock in epoch ms; default `Date.now`. */
  now: option<() => number>()({
    check: (now) =>
      typeof now === 'function'
        ? []
        : [{ field: '', type: 'invalid_type', message: 'must be a function returning epoch milliseconds.' }],
    json: false,
    readBack: false,
  }),
  /** The clock as data, instead of `now`: `{ at: '2026-11-01T00:00:00Z' }` stops it, `{ offsetMs: -86_400_000 }` runs a day behind. */
  clock: option<MockClock, MockClock | undefined>()({
    check: clockIssues,
    resolve: (clock) => (clock === undefined ? undefined : { ...clock }),
    nullable: true,
    flag: {
      name: '--now',
      arg: 'TIME',
      with: '--clock-offset-ms',
      help: `a fixed clock for history windows and records: ISO 8601 or epoch ms
(--clock-offset-ms N: the real clock shifted by N ms, negative for the past)`,
    },
  }),
  /** Most history records kept, oldest dropped first; default 100 000. */
  historyCap: option<number>()({
    schema: count(),
    default: 100_000,
    flag: { name: '--history-cap', help: 'most history records kept from searches (default 100000)' },
  }),
  /** Most requests `requests()` keeps, oldest dropped first; default 10 000, 0 records none. */
  requestLogCap: option<number>()({
    schema: count(),
    default: RECORDED_REQUESTS_CAP,
    flag: {
      name: '--request-log-cap',
      help: 'most requests recorded for GET /__mock/requests (default 10000 with --control)',
    },
  }),
  /** Most bytes the request log holds (a body keeps its first 4 KiB), oldest dropped first; default 16 MiB, 0 records none. */
  requestLogMaxBytes: option<number>()({
    schema: count(' (bytes)'),
    default: REQUEST_LOG_MAX_BYTES,
    flag: {
      name: '--request-log-max-bytes',
      help: `bytes the record of received requests may hold (default 16777216);
a body keeps its first 4 KiB, the oldest requests are dropped first`,
    },
  }),
  /**
   * Where the service is: the msw handlers answer only under this URL or these (`'*'`: any origin). Without it
   * reading `handlers` throws (D127); `mock.handle` and the standalone server take any origin.
   */
  baseUrl: option<string | readonly string[], string | readonly string[] | undefined>()({
    check: baseUrlIssues,
    resolve: (baseUrl) =>
      baseUrl === undefined || baseUrl === '*'
        ? baseUrl
        : typeof baseUrl === 'string'
          ? normalizedBaseUrl(baseUrl)
          : baseUrl.map(normalizedBaseUrl),
    json: false,
  }),
  /** Per-key rate limit (`RATE-1`): `requests` per `windowMs`; off unless set. */
  rateLimit: option<
    {
      /** Requests each key may make per window. */
      requests: number;
      /** The window in ms (default 1 000). */
      windowMs?: number;
    },
    { requests: number; windowMs: number } | undefined
  >()({
    schema: RATE_LIMIT_SCHEMA,
    resolve: (limit) =>
      limit && { requests: limit.requests, windowMs: limit.windowMs ?? RATE_LIMIT_SCHEMA.properties.windowMs.default },
    nullable: true,
    flag: {
      name: '--rate-limit',
      arg: 'N',
      with: '--rate-limit-window-ms',
      help: `at most N requests per key per window (RATE-1: 429 with Retry-After); off by default
(--rate-limit-window-ms MS: the window, default ${RATE_LIMIT_SCHEMA.properties.windowMs.default})`,
    },
  }),
  /** A request field the contract does not declare: `'warn'` (default) names it in `x-mock-warnings`; `'refuse'` answers 422. */
  unknownFields: option<'warn' | 'refuse'>()({
    schema: { type: 'string', enum: ['warn', 'refuse'], 'x-message': "must be 'warn' or 'refuse'" },
    default: 'warn',
    reset: false,
    flag: {
      name: '--unknown-fields',
      arg: 'warn|refuse',
      help: `a request field the contract does not declare: named in the x-mock-warnings header
and the request log (warn, default), or refused with a 422 (refuse)`,
    },
  }),
  /** Stubs the mock starts (and restarts on reset) with, tried in order; `--playback FILE` makes them from a recording. */
  stubs: option<StubDefinition[], readonly StubDefinition[]>()({
    check: stubsIssues,
    default: [],
    readBack: false,
    flag: {
      name: '--playback',
      arg: 'FILE',
      help: `answer with the exchanges of a proxy --record FILE, in order: each answers
the same method, path, query and body once (the key is not compared)`,
    },
  }),
  /** Most stubs held, faults and program behaviours included; default 1 000. */
  stubsCap: option<number>()({
    schema: count(),
    default: 1_000,
    flag: { name: '--stubs-cap', help: 'most stubs held, faults and program behaviours included (default 1000)' },
  }),
  /** Most bytes of JSON one stub may take; default 1 MiB. */
  stubBytes: option<number>()({
    schema: count(' (bytes)'),
    default: 1024 * 1024,
    flag: { name: '--stub-bytes', help: 'bytes of JSON one stub may take (default 1048576)' },
  }),
  /** Most bytes of JSON all stubs may take; default 64 MiB. */
  stubsBytes: option<number>()({
    schema: count(' (bytes)'),
    default: 64 * 1024 * 1024,
    flag: { name: '--stubs-bytes', help: 'bytes of JSON all stubs may take together (default 67108864)' },
  }),
  /** Most bytes of JSON one key's own stubs may take; default 256 KiB. */
  keyStateBytes: option<number>()({
    schema: count(' (bytes)'),
    default: 256 * 1024,
    flag: { name: '--key-state-bytes', help: "bytes of JSON one key's own stubs may take together (default 262144)" },
  }),
  /** A request no stub matches: the mock's rules answer it (`'rules'`, default) or a 404 (`'not-found'`). */
  unmatched: option<'rules' | 'not-found'>()({
    schema: { type: 'string', enum: ['rules', 'not-found'], 'x-message': "must be 'rules' or 'not-found'" },
    default: 'rules',
    reset: false,
    flag: {
      name: '--unmatched',
      arg: 'rules|not-found',
      help: `a request no stub matches (with --playback, or stubs set): the mock's own
rules answer it (rules, default) or a 404 naming the nearest stub (not-found)`,
    },
  }),
};

/** Every problem of the `stubs` option (the limits are checked when the state is made). */
function stubsIssues(stubs: unknown): SettingIssue[] {
  if (!Array.isArray(stubs)) return [{ field: '', type: 'invalid_type', message: 'must be an array of stubs.' }];
  return stubs.flatMap((stub, index) =>
    stubIssues(stub).map((issue) => ({ ...issue, field: joinField(`stubs.${index}`, issue.field) })),
  );
}

type Rows = typeof MOCK_OPTIONS;
type Given<K extends keyof Rows> = Rows[K] extends { readonly types?: [infer V, unknown] } ? V : never;
type InForce<K extends keyof Rows> = Rows[K] extends { readonly types?: [unknown, infer R] } ? R : never;
/** The rows whose column is `true` (`nullable`) or not `false` (the others). */
type NamesWhere<Column extends 'json' | 'nullable' | 'readBack'> = {
  [K in keyof Rows]: Column extends 'nullable'
    ? Rows[K] extends { nullable: true }
      ? K
      : never
    : Rows[K] extends Record<Column, false>
      ? never
      : K;
}[keyof Rows];

/** Options of {@link createFlightSearchMock}, all optional; a bad value throws a `TypeError` naming it. */
export type MockOptions = { [K in keyof Rows]?: Given<K> };
/** The options `configure` changes (the JSON ones and `now`); `null` turns `rateLimit` or `clock` off. */
export type MockConfigChanges = {
  [K in NamesWhere<'json'> | 'now']?: Given<K> | (K extends NamesWhere<'nullable'> ? null : never);
};
/** The options in force, as `state()` reads them back (`null`: off or not set). */
export type MockOptionsInForce = {
  [K in NamesWhere<'readBack'>]: Exclude<InForce<K>, undefined> | (undefined extends InForce<K> ? null : never);
};

export type ResolvedOptions = { [K in Exclude<keyof Rows, 'now'>]: InForce<K> } & {
  now: () => number;
  /** Each base URL, normalized; undefined for any origin (`'*'` or none). */
  baseUrls: readonly string[] | undefined;
};

/** Every option name; `JSON_OPTION_NAMES` those JSON may carry. */
export const OPTION_NAMES = Object.keys(MOCK_OPTIONS) as (keyof Rows)[];
export const JSON_OPTION_NAMES = OPTION_NAMES.filter((name) => rowOf(name).json !== false);

/** Every problem of mock options, in the table's order; `known` are accepted, `nullable` lets those be `null`. */
export function optionIssues(
  options: unknown,
  known: readonly string[] = OPTION_NAMES,
  nullable = false,
): SettingIssue[] {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return [{ field: '', type: 'invalid_type', message: 'must be an object.' }];
  const given = options as Record<string, unknown>;
  const issues = unknownFields(given, known);
  for (const name of OPTION_NAMES) {
    const row = rowOf(name);
    const value = given[name];
    if (value !== undefined && !(nullable && row.nullable && value === null))
      issues.push(...rowIssues(name, row, value));
  }
  if (given.now !== undefined && given.clock != null)
    issues.push({ field: 'clock', type: 'cross_field', message: 'must not be given with `now` (both set the clock).' });
  return issues;
}

/** Every problem of one option's value: its schema, undeclared fields, then its `check`. */
export function rowIssues(name: string, row: OptionRow<unknown, unknown>, value: unknown): SettingIssue[] {
  const issues: SettingIssue[] = [];
  if (row.schema) {
    checkJson(row.schema, value, name, (field, [type, text]) =>
      issues.push({ field, type: type as SettingIssue['type'], message: `${text}.` }),
    );
    for (const { field, known: names } of undeclaredFields(row.schema, value, name))
      issues.push({ field, type: 'invalid_enum', message: `is not a known field; expected ${names.join(', ')}.` });
  }
  if (row.check) issues.push(...row.check(value).map((issue) => ({ ...issue, field: issue.field || name })));
  return issues;
}

/** An option table of the server or the proxy. */
export type OptionTable = Record<string, Pick<OptionRow<unknown>, 'schema' | 'check' | 'default' | 'flag'>>;

/** The options of `table`, checked and defaulted; the first problem is a TypeError naming the option. */
export function resolveTable<Resolved>(table: OptionTable, options: object, where: string): Resolved {
  const given = options as Record<string, unknown>;
  const resolved = dictionary<unknown>();
  for (const [name, row] of Object.entries(table)) {
    const value = given[name];
    const [first] = value === undefined ? [] : rowIssues(name, row, value);
    if (first !== undefined) {
      const got =
        row.schema?.type === 'integer' ? `${first.message.slice(0, -1)}, got ${String(value)}.` : first.message;
      throw new TypeError(`${where}: option "${first.field}" ${got}`);
    }
    resolved[name] = value ?? row.default;
  }
  return resolved as Resolved;
}

/** Checks every option and applies the defaults; bad options are one TypeError naming each. */
export function resolveOptions(options: MockOptions = {}, where = 'createFlightSearchMock'): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new MockSettingError(
      where,
      'options',
      [{ field: '', type: 'invalid_type', message: 'must be an object.' }],
      'option ',
    );
  }
  const issues = optionIssues(options);
  if (issues.length > 0) throw new MockSettingError(where, '', issues, 'option ');
  const resolved = dictionary<unknown>();
  for (const name of OPTION_NAMES) {
    const row = rowOf(name);
    const value = options[name] ?? row.default;
    resolved[name] = row.resolve ? row.resolve(value) : value;
  }
  resolved.now = options.now ?? clockOf(options.clock);
  const { baseUrl } = resolved as Pick<ResolvedOptions, 'baseUrl'>;
  resolved.baseUrls =
    baseUrl === undefined || baseUrl === '*' ? undefined : typeof baseUrl === 'string' ? [baseUrl] : baseUrl;
  return resolved as ResolvedOptions;
}

/** The options in force as `state()` reads them back: copies, `null` for what is off. */
export function readBack(resolved: ResolvedOptions): MockOptionsInForce {
  const names = OPTION_NAMES.filter((name) => rowOf(name).readBack !== false) as (keyof MockOptionsInForce)[];
  return Object.fromEntries(names.map((name) => [name, structuredClone(resolved[name]) ?? null])) as MockOptionsInForce;
}

/** The options among `changes` whose change needs a fresh state. */
export const resetNeeded = (changes: object): string[] =>
  Object.entries(changes)
    .filter(
      ([name, value]) => value !== undefined && (!(name in MOCK_OPTIONS) || rowOf(name as keyof Rows).reset !== false),
    )
    .map(([name]) => name);

/** A base URL as `origin + path` without a trailing slash. */
function normalizedBaseUrl(baseUrl: string): string {
  const { origin, pathname } = new URL(baseUrl);
  return (origin + pathname).replace(/\/+$/, '');
}

/** The clock of a `clock` setting. */
function clockOf(clock: MockClock | undefined): () => number {
  if (clock === undefined) return Date.now;
  if (clock.at !== undefined) {
    const at = clockTime(clock.at)!;
    return () => at;
  }
  const offset = clock.offsetMs ?? 0;
  return () => Date.now() + offset;
}

/** Checks `setProgramBehavior`'s arguments, as the control API does. */
export function checkBehavior(program: unknown, behavior: unknown): asserts program is ProgramCode {
  const where = 'setProgramBehavior';
  const problem = programProblem(program);
  if (problem !== undefined)
    throw new MockSettingError(where, 'program', [{ field: '', type: 'invalid_enum', message: problem }]);
  if (behavior === null) return;
  const issues = behaviorIssues(behavior);
  if (issues.length > 0) throw new MockSettingError(where, 'behavior', issues);
}
