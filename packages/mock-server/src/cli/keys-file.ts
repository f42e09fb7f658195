import { readJsonFile } from './json-file.js';
import { UsageError } from './usage-error.js';
import { isPlainObject } from '@flight-search/contract';
import { optionIssues } from '../options.js';
import type { KeySettings } from '../types.js';

/** Reads a `--keys` file, checked by the `keys` option's own row; a message never repeats a key value. */
export async function readKeysFile(file: string): Promise<KeySettings[]> {
  const parsed = await readJsonFile('--keys', file);
  const problem = (message: string) => new UsageError(`--keys ${file}: ${message}`);
  if (!isPlainObject(parsed) || !Array.isArray(parsed.keys))
    throw problem('expected an object {"keys": [...]} at the top level.');
  // A file without a key would leave the server with none: a mistake, where `keys: []` in code is a choice.
  if (parsed.keys.length === 0) throw problem('"keys" is empty; list at least one key.');
  const [first] = optionIssues({ keys: parsed.keys }, ['keys']);
  if (first !== undefined) throw problem(`${first.field} ${first.message}`);
  return parsed.keys as KeySettings[];
}
