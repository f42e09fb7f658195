import { readJsonFile } from './json-file.js';
import { UsageError } from './usage-error.js';
import { isPlainObject } from '@flight-search/contract';
import { isCount, keyNameIssue, MAX_KEYS, PRODUCTS } from '../settings.js';
import type { Product } from '../types.js';

export interface KeyFileEntry {
  key: string;
  limit: number;
  consumed?: number;
  products: Product[];
}

/**
 * Reads a `--keys` file: `{"keys":[{"key":"...","limit":100,"products":["search","history"]}]}`.
 * Every problem names the file and the entry and field at fault. Key values are never
 * repeated in a message: they are secrets in a real deployment.
 */
export async function readKeysFile(file: string): Promise<KeyFileEntry[]> {
  const parsed = await readJsonFile('--keys', file);
  return parseKeys(parsed, `--keys ${file}`);
}

function parseKeys(parsed: unknown, where: string): KeyFileEntry[] {
  const problem = (message: string) => new UsageError(`${where}: ${message}`);
  if (!isPlainObject(parsed) || !Array.isArray(parsed.keys)) throw problem('expected an object {"keys": [...]} at the top level.');
  if (parsed.keys.length === 0) throw problem('"keys" is empty; list at least one key.');
  if (parsed.keys.length > MAX_KEYS) throw problem(`"keys" has ${parsed.keys.length} entries; at most ${MAX_KEYS} keys are allowed.`);
  const seen = new Map<string, number>();
  return parsed.keys.map((entry: unknown, index: number): KeyFileEntry => {
    const at = `keys[${index}]`;
    if (!isPlainObject(entry)) throw problem(`${at} must be an object {"key", "limit", "products"}.`);
    const { key, limit, consumed, products } = entry;
    const nameIssue = keyNameIssue(key);
    if (nameIssue !== undefined) throw problem(`${at}.key ${nameIssue.message}`);
    const first = seen.get(key as string);
    if (first !== undefined) throw problem(`${at}.key repeats the key of keys[${first}].`);
    seen.set(key as string, index);
    if (!isCount(limit)) throw problem(`${at}.limit must be a non-negative integer${limit === undefined ? ' (it is missing)' : ''}.`);
    if (consumed !== undefined && !isCount(consumed)) throw problem(`${at}.consumed must be a non-negative integer.`);
    if (consumed !== undefined && consumed > limit) throw problem(`${at}.consumed (${consumed}) is more than its limit (${limit}).`);
    if (!Array.isArray(products))
      throw problem(`${at}.products must be an array of "search" and "history"${products === undefined ? ' (it is missing)' : ''}.`);
    const bad = products.findIndex((product) => !PRODUCTS.includes(product as Product));
    if (bad !== -1) throw problem(`${at}.products[${bad}] must be "search" or "history", got ${JSON.stringify(products[bad])}.`);
    const settings: KeyFileEntry = { key: key as string, limit, products: [...new Set(products as KeyFileEntry['products'])] };
    if (consumed !== undefined) settings.consumed = consumed;
    return settings;
  });
}
