import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli/help.js';
import { JSON_OPTION_NAMES, optionIssues } from '../../src/options.js';

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
    const examples = jsonObjectsIn(config).filter((value) => typeof value === 'object' && value !== null && 'seed' in value);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(optionIssues(example, JSON_OPTION_NAMES)).toEqual([]);
  });
});
