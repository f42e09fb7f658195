import { formatSeconds } from './format.js';

/** Where the example writes: a stream's `write` and whether it is a terminal. */
export interface Output {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
}

/**
 * Lines printed as outcomes arrive, each prefixed with `[n/N elapsed]`. On a
 * terminal a live status line (n of N, elapsed, who is still pending) stays
 * below them, redrawn in place with `\r`; piped output (CI, files) gets plain
 * lines only, with no control characters.
 */
export function createProgress(
  out: Output,
  programs: readonly string[],
  now: () => number = performance.now.bind(performance),
) {
  const started = now();
  const pending = new Set(programs);
  let completed = 0;
  const live = out.isTTY === true;
  const status = () =>
    `  [${completed}/${programs.length}] ${formatSeconds(now() - started)} elapsed${pending.size > 0 ? `, waiting for ${[...pending].join(', ')}` : ''}`;
  const redraw = () => out.write(`\r\x1b[K${status()}`);
  const timer = live ? setInterval(redraw, 100) : undefined;
  if (live) redraw();

  return {
    /** Prints one outcome line and counts the program as done. */
    arrived(program: string, text: string): void {
      pending.delete(program);
      completed += 1;
      const line = `[${completed}/${programs.length} ${formatSeconds(now() - started)}] ${text}`;
      out.write(live ? `\r\x1b[K${line}\n${status()}` : `${line}\n`);
    },
    /** Stops the live line; returns the total elapsed ms. */
    finish(): number {
      if (timer !== undefined) clearInterval(timer);
      if (live) out.write('\r\x1b[K');
      return now() - started;
    },
  };
}
