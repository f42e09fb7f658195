import { JSON_OPTION_NAMES, optionIssues } from '../options.js';
import type { SettingIssue } from '../settings.js';
import type { MockOptions } from '../options.js';
import { readJsonFile } from './json-file.js';
import { UsageError } from './usage-error.js';

/**
 * Reads a `--config` file: a JSON object of the mock's options (the option table's
 * JSON ones, src/options.ts), checked by the same checker as
 * `createFlightSearchMock`'s options, with the same messages. Key values are
 * never repeated in a message.
 */
export async function readConfigFile(file: string): Promise<MockOptions> {
  const parsed = await readJsonFile('--config', file);
  const issues = optionIssues(parsed, JSON_OPTION_NAMES);
  if (issues.length > 0) throw new UsageError(`--config ${file}: ${describe(issues)}`);
  return parsed as MockOptions;
}

/** Issues as the JavaScript API words them: `option \`rateLimit.requests\` must be an integer >= 1.` */
export function describe(issues: SettingIssue[]): string {
  return issues
    .map((issue) => (issue.field === '' ? issue.message : `option \`${issue.field}\` ${issue.message}`))
    .join(' ');
}
