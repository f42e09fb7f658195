// Long history answers are built in slices of a quarter of a millisecond,
// giving the event loop back between them, so a query of tens of megabytes
// never holds up the other requests (issue 18 part 2).

/** Longest stretch of history work between two turns of the event loop. */
const SLICE_MS = 0.25;

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
 * slices: runs of 1 024 items sorted natively, then merged bottom-up between
 * two arrays (no array per merge, so little garbage for the collector),
 * pausing when a slice has had its time. Sorts in place below one run.
 */
export async function sortInSlices<T>(items: T[], compare: (a: T, b: T) => number, slicer: Slicer): Promise<T[]> {
  const RUN = 1024;
  const n = items.length;
  if (n <= RUN) return items.sort(compare);
  for (let start = 0; start < n; start += RUN) {
    const run = items.slice(start, start + RUN).sort(compare);
    for (let k = 0; k < run.length; k++) items[start + k] = run[k]!;
    if (slicer.due) await slicer.pause();
  }
  let from = items;
  let to: T[] = new Array<T>(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      let i = low;
      let j = middle;
      let k = low;
      // The left run's item first on a tie: stable.
      while (i < middle && j < high) {
        to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
        if (k % CHECK_EVERY === 0 && slicer.due) await slicer.pause();
      }
      while (i < middle) to[k++] = from[i++]!;
      while (j < high) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
  }
  return from;
}

export { CHECK_EVERY };
