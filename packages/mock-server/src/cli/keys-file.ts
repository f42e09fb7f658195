import { readJsonFile } from './json-file.js';
import { UsageError } from './usage-error.js';
import { isPlainObject } from '@flight-search/contract';
import { optionIssues } from '../options.js';
import type { KeySettings } from '../types.js';

/**
 * Reads a `--keys` file: `{"keys":[{"key":"...","limit":100,"products":["search","history"]}]}`.
 * The keys are checked by the option table's own check of `keys` (its schema, then what a schema
 * cannot say), so a file is refused with the message `createFlightSearchMock` and `--config` give,
 * naming the file, the entry and the field. Key values are never repeated in a message: they are
 * secrets in a real deployment.
 */
export async function readKeysFile(file: string): Promise<KeySettings[]> {
  const parsed = await readJsonFile('--keys', file);
  const problem = (message: string) => new UsageError(`--keys ${file}: ${message}`);
  if (!isPlainObject(parsed) || !Array.isArray(parsed.keys)) throw problem('expected an object {"keys": [...]} at the top level.');
  // A file without a key would leave the server with none: a mistake, where `keys: []` in code is a choice.
  if (parsed.keys.length === 0) throw problem('"keys" is empty; list at least one key.');
  const [first] = optionIssues({ keys: parsed.keys }, ['keys']);
  if (first !== undefined) throw problem(`${first.field} ${first.message}`);
  return parsed.keys as KeySettings[];
}
