import { stubOfExchange } from '../node/recordings.js';
import { MOCK_OPTIONS } from '../options.js';
import { stubIssues } from '../stubs/check.js';
import type { StubDefinition } from '../types.js';
import { readTextFile } from './json-file.js';
import { UsageError } from './usage-error.js';

/** A `--playback` file (`proxy --record`'s lines) as stubs, in the file's order (`stubOfExchange`); a problem names the line. */
export async function readPlaybackFile(file: string): Promise<StubDefinition[]> {
  const where = `--playback ${file}`;
  const lines = (await readTextFile('--playback', file)).split('\n').filter((line) => line.trim() !== '');
  const cap = MOCK_OPTIONS.stubsCap.default;
  if (lines.length > cap)
    throw new UsageError(`${where}: has ${lines.length} exchanges; the mock holds at most ${cap} stubs (--stubs-cap).`);
  return lines.map((line, index) => {
    const at = `${where}: line ${index + 1}`;
    let exchange: unknown;
    try {
      exchange = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`${at} is not JSON (${(error as Error).message}).`, { cause: error });
    }
    const stub = stubOfExchange(exchange);
    const issues = stub === undefined ? [] : stubIssues(stub);
    if (stub === undefined || issues.length > 0) {
      const why = issues.map((issue) => `\`${issue.field}\` ${issue.message}`).join(' ');
      throw new UsageError(
        `${at} is not an exchange the proxy recorded: expected { request: { method, path, query, body }, response: { status, headers, body } }${why ? `; ${why}` : '.'}`,
      );
    }
    return stub;
  });
}
