// Long history answers are built in slices of a fraction of a millisecond,
// giving the event loop back between them, so a query of tens of megabytes
// never holds up the other requests (issue 18 part 2).

/** Longest stretch of history work between two turns of the event loop. */
export const SLICE_MS = 0.5;

const waiting: (() => void)[] = [];
let scheduled = false;

/**
 * The next turn of the event loop after I/O: `setImmediate` in Node; in a
 * browser a message (a nested `setTimeout(0)` is clamped to 4 ms).
 */
const nextMacrotask: (run: () => void) => void = (() => {
  if (typeof setImmediate === 'function') return (run: () => void) => void setImmediate(run);
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    const queue: (() => void)[] = [];
    channel.port1.onmessage = () => queue.shift()?.();
    return (run: () => void) => {
      queue.push(run);
      channel.port2.postMessage(null);
    };
  }
  return (run: () => void) => void setTimeout(run, 0);
})();

/**
 * Resumes one waiting query per turn, oldest first: with several big queries
 * in flight, a turn still runs only one slice, so another request waits for
 * one slice at most, not one per query in flight.
 */
function resumeNext(): void {
  const next = waiting.shift();
  scheduled = waiting.length > 0;
  if (scheduled) nextMacrotask(resumeNext);
  next?.();
}

/** Resolves on a later turn of the event loop, after pending I/O, in turn with the other slices waiting. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      nextMacrotask(resumeNext);
    }
  });
}

/** Thrown at a pause when the client went away: nobody will read the answer. */
export class QueryAbandoned extends Error {
  constructor() {
    super('the client went away');
  }
}

/**
 * Time-keeping for one query's work: loops ask `due` every few hundred
 * items (reading the clock costs some tens of nanoseconds) and `pause` when it
 * says so.
 */
export class Slicer {
  #start = performance.now();

  constructor(
    /** Whether the client went away (checked at each pause). */
    private readonly abandoned: () => boolean = () => false,
    private readonly sliceMs: number = SLICE_MS,
  ) {}

  /** Whether this slice has had its time. */
  get due(): boolean {
    return performance.now() - this.#start >= this.sliceMs;
  }

  /** Gives the event loop a turn; throws {@link QueryAbandoned} when the client went away meanwhile. */
  async pause(): Promise<void> {
    await nextTurn();
    if (this.abandoned()) throw new QueryAbandoned();
    this.#start = performance.now();
  }
}

/** Items between two looks at the clock in the loops below. */
const CHECK_EVERY = 256;

/**
 * `items` sorted by `compare` (which must be a total order, as the answer's
 * is), exactly as `Array.prototype.sort` would (both are stable), but in
 * slices: runs of some hundred items sorted natively, then merged pairwise,
 * pausing when a slice has had its time. Sorts in place below one run.
 */
export async function sortInSlices<T>(items: T[], compare: (a: T, b: T) => number, slicer: Slicer): Promise<T[]> {
  const RUN = 1024;
  if (items.length <= RUN) return items.sort(compare);
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += RUN) {
    runs.push(items.slice(start, start + RUN).sort(compare));
    if (slicer.due) await slicer.pause();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let i = 0; i < runs.length; i += 2) merged.push(i + 1 < runs.length ? await merge(runs[i]!, runs[i + 1]!, compare, slicer) : runs[i]!);
    runs = merged;
  }
  return runs[0]!;
}

/** `a` and `b` (each sorted) merged, `a`'s item first on a tie (stable). */
async function merge<T>(a: T[], b: T[], compare: (a: T, b: T) => number, slicer: Slicer): Promise<T[]> {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    out.push(compare(b[j]!, a[i]!) < 0 ? b[j++]! : a[i++]!);
    if (out.length % CHECK_EVERY === 0 && slicer.due) await slicer.pause();
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

export { CHECK_EVERY };
