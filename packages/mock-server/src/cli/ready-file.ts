import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * `--ready-file`: `{ url, port, pid }` written to a temporary file beside it,
 * then renamed over it (atomic on one file system), so a harness polling for
 * the file never reads half of it.
 */
export async function writeReadyFile(file: string, ready: { url: string; port: number; pid: number }): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(ready)}\n`);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new Error(
      `--ready-file ${file}: cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
      { cause: error },
    );
  }
}
