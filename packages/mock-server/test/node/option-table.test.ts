import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_FLAG, PROXY_CLI_FLAGS, SHARED_FLAGS } from '../../src/cli/args.js';
import { HELP } from '../../src/cli/help.js';
import { PROXY_OPTIONS } from '../../src/contract-proxy/options.js';
import { SERVER_OPTIONS } from '../../src/node/options.js';
import {
  JSON_OPTION_NAMES,
  MOCK_OPTIONS,
  OPTION_NAMES,
  optionIssues,
  rowOf,
  type OptionTable,
} from '../../src/options.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const CONTROL_API = parse(readFileSync(new URL('../../control-api.yaml', import.meta.url), 'utf8')) as {
  components: {
    schemas: Record<
      string,
      { properties: Record<string, { enum?: string[]; type?: string | string[] }>; required: string[] }
    >;
  };
};

/** Every flag of the rows of `tables`, their second flags (`--rate-limit-window-ms`) included. */
const flagsOf = (...tables: OptionTable[]): string[] =>
  tables
    .flatMap((table) => Object.values(table))
    .flatMap(({ flag }) => (flag ? [flag.name, ...(flag.with ? [flag.with] : [])] : []));

/** The rows of the README's table whose header starts with `header`: each row's cells. */
function readmeTable(header: string): string[][] {
  const lines = README.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
  if (start === -1) throw new Error(`the README has no table headed ${header}`);
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start + 2, end).map((line) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

/** The flags named in the first column of a README table. */
const flagsIn = (rows: string[][]): string[] => rows.flatMap(([cell]) => cell!.match(/--[a-z-]+/g) ?? []);

/** The README's one row (a table row or a line) that starts with `start`. */
const readmeLine = (start: string): string =>
  README.split('\n').find((line) => line.startsWith(start)) ?? `no line ${start}`;

/** The lines of `--help` that describe `flag`: its own line and the indented ones under it. */
function helpOf(flag: string): string {
  const lines = HELP.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(`${flag} `));
  if (start === -1) throw new Error(`--help has no line for ${flag}`);
  const end = lines.findIndex((line, index) => index > start && !/^ {20,}/.test(line));
  return lines.slice(start, end).join('\n');
}

/** The JSON objects written in a text, each parsed (a `{` that starts no JSON is skipped). */
function jsonObjectsIn(text: string): unknown[] {
  const flat = text.replace(/\n\s+/g, '');
  const found: unknown[] = [];
  for (let start = flat.indexOf('{'); start !== -1; start = flat.indexOf('{', start + 1)) {
    for (let end = flat.indexOf('}', start); end !== -1; end = flat.indexOf('}', end + 1)) {
      try {
        found.push(JSON.parse(flat.slice(start, end + 1)));
        start = end;
        break;
      } catch {
        // not this `}`
      }
    }
  }
  return found;
}

describe('the option table is the one list of options: --help, the config schema and the README follow it', () => {
  it("--help's --config names every option a --config file may carry, and its example is a valid --config file", () => {
    const config = helpOf('--config');
    for (const name of JSON_OPTION_NAMES) expect(config, name).toMatch(new RegExp(`\\b${name}\\b`));
    const examples = jsonObjectsIn(config).filter(
      (value) => typeof value === 'object' && value !== null && 'seed' in value,
    );
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(optionIssues(example, JSON_OPTION_NAMES)).toEqual([]);
  });

  it('the flags of every option table are in --help', () => {
    const server = HELP.slice(0, HELP.indexOf('Proxy options'));
    for (const flag of flagsOf(SERVER_OPTIONS, CONFIG_FLAG, MOCK_OPTIONS, SHARED_FLAGS))
      expect(server.match(new RegExp(`${flag}\\b`, 'g')), flag).not.toBeNull();
    const proxy = HELP.slice(HELP.indexOf('Proxy options'));
    for (const flag of flagsOf(PROXY_OPTIONS, PROXY_CLI_FLAGS, SHARED_FLAGS)) expect(proxy, flag).toContain(flag);
  });

  it("the README's flag tables list the flags of the option tables, no more, no fewer", () => {
    expect(new Set(flagsIn(readmeTable('flag')))).toEqual(
      new Set(flagsOf(SERVER_OPTIONS, CONFIG_FLAG, MOCK_OPTIONS, SHARED_FLAGS)),
    );
    expect(new Set(flagsIn(readmeTable('proxy flag')))).toEqual(
      new Set(flagsOf(PROXY_OPTIONS, PROXY_CLI_FLAGS, SHARED_FLAGS)),
    );
  });

  it("the README's startMockServer table lists the server's options and their plain defaults", () => {
    const rows = readmeTable('option');
    expect(rows.map(([name]) => name!.replaceAll('`', ''))).toEqual(Object.keys(SERVER_OPTIONS));
    for (const [name, fallback] of rows) {
      const row = SERVER_OPTIONS[name!.replaceAll('`', '') as keyof typeof SERVER_OPTIONS] as OptionTable[string];
      const { default: value } = row;
      if (typeof value === 'boolean' || typeof value === 'number')
        expect(fallback, name).toBe(value === 1024 * 1024 ? '1 MiB' : `\`${value}\``);
    }
  });

  it("the README's option lists name every option a JSON document may carry (--config, PUT /__mock/config) and the Options example every option", () => {
    for (const line of [readmeLine('| `--config FILE`'), readmeLine('| `PUT /__mock/config`')])
      for (const name of JSON_OPTION_NAMES) expect(line, name).toMatch(new RegExp(`\\b${name}\\b`));
    const example = README.slice(README.indexOf('## Options'), README.indexOf('## The mock object'));
    for (const name of OPTION_NAMES) expect(example, name).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("control-api.yaml's Options (GET /__mock/config, state().options) are the options read back, with the table's words", () => {
    const { properties, required } = CONTROL_API.components.schemas.Options!;
    const readBack = OPTION_NAMES.filter((name) => rowOf(name).readBack !== false);
    expect(new Set(Object.keys(properties))).toEqual(new Set(readBack));
    expect(new Set(required)).toEqual(new Set(readBack));
    for (const name of readBack) {
      const schema = rowOf(name).schema;
      if (schema?.enum) expect(properties[name]!.enum, name).toEqual(schema.enum);
      if (schema?.type === 'integer') expect(properties[name]!.type, name).toBe('integer');
    }
  });
});
