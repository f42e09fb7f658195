import { readFile } from 'node:fs/promises';
import { UsageError } from './usage-error.js';

/**
 * Reads and parses the JSON file a flag names (`--config`, `--keys`); a missing,
 * unreadable or malformed file is a UsageError naming the flag and the file.
 */
export async function readJsonFile(flag: string, file: string): Promise<unknown> {
  const text = await readTextFile(flag, file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${flag} ${file}: not valid JSON (${(error as Error).message}).`, { cause: error });
  }
}

/** The text of the file a flag names; a missing or unreadable file is a UsageError naming the flag and the file. */
export async function readTextFile(flag: string, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'file not found'
        : code === 'EISDIR'
          ? 'is a directory, not a file'
          : `cannot be read (${code ?? String(error)})`;
    throw new UsageError(`${flag} ${file}: ${why}.`, { cause: error });
  }
}
