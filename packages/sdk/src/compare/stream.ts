import pLimit from 'p-limit';
import { AbortError, QuotaExceededError } from '../errors.js';
import { CASH_PROGRAMS, MILES_PROGRAMS, searchCost } from '../programs.js';
import type { ProgramCode } from '../types.js';
import type { CompareClient, CompareOptions, CompareOutcome, CompareRequest, CompareStream, ItemFor } from './types.js';

const DONE = { value: undefined, done: true } as const;

/**
 * Compares programs the way the service asks (spec section 1, point 4): one
 * search per program, in parallel, each outcome yielded the moment it arrives
 * (completion order). The iteration ends once every program has an outcome;
 * one program's failure never ends it. Searches start on the first `next()`.
 *
 * Breaking out of the loop (`return()`, also while a `next()` is pending) or
 * aborting `options.signal` aborts every search in flight and starts no more.
 * `return()` resolves, and an abort rejects `next()` with `AbortError` (after
 * any outcomes already buffered), only once those searches have settled.
 *
 * @throws TypeError, at the call, for a program not allowed for the request's
 * `priceType` or given twice, or for a bad option; nothing is sent.
 * @example
 * ```ts
 * const client = createFlightSearchClient({ apiKey, baseUrl });
 * for await (const o of compareProgramsStreaming(client, {
 *   tripType: 'ONE_WAY', cabinType: 'ECONOMY', origin: 'GRU', destination: 'JFK',
 *   departureDate: '2026-12-15', passengers: { adults: 1 }, responseFormat: 'PARSED',
 * }, { quotaCheck: 'partial' })) {
 *   progress(o.completed / o.total);
 *   switch (o.kind) {
 *     case 'result': o.item.success ? show(o.program, o.item.flights) : fail(o.program, o.item.error.message); break;
 *     case 'error': fail(o.program, o.error.message); break;
 *     case 'skipped': skipped(o.program); break;
 *   }
 * }
 * ```
 */
export function compareProgramsStreaming<const R extends CompareRequest>(
  client: CompareClient,
  request: R,
  options: CompareOptions = {},
): CompareStream<ItemFor<R['responseFormat']>> {
  type O = CompareOutcome<ItemFor<R['responseFormat']>>;
  const { programs: asked, ...search } = request;
  const { concurrency = Infinity, signal, timeoutMs, quotaCheck = 'off' } = options;
  const priceType = search.priceType ?? 'MILES';
  const allowed: readonly ProgramCode[] = priceType == 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;
  const programs = asked ?? allowed;
  programs.forEach((p, i) => {
    if (!allowed.includes(p) || programs.indexOf(p) < i) throw new TypeError(`programs: ${p} is ${allowed.includes(p) ? 'repeated' : `not a ${priceType} program`}`);
  });
  if (!['off', 'throw', 'partial'].includes(quotaCheck)) throw new TypeError('quotaCheck must be off, throw or partial');
  if (!(timeoutMs! > 0 || timeoutMs === undefined)) throw new TypeError('timeoutMs must be > 0');
  // p-limit throws a TypeError naming `concurrency` for a bad value.
  const limit = pLimit(concurrency);
  const total = programs.length;
  // Outcomes waiting for readers, and readers waiting for outcomes.
  const ready: O[] = [];
  const readers: ((r: IteratorResult<O, undefined> | Promise<never>) => void)[] = [];
  const tasks: Promise<unknown>[] = [];
  // Each search runs under its own controller, so stopping aborts exactly what is in flight.
  const live = new Set<AbortController>();
  let completed = 0;
  // 0 not started, 1 running, 2 stopping (in-flight calls settling), 3 ended
  let state = 0;
  let failure: unknown;
  let settled: Promise<void>;

  const flush = () => {
    while (readers.length && (ready.length || state > 2)) {
      const read = readers.shift()!;
      if (ready.length) read({ value: ready.shift()!, done: false });
      // Resolving with a rejected promise rejects the read: the failure goes to one reader, later ones get done.
      else read(failure ? Promise.reject(failure) : DONE), (failure = 0);
    }
  };
  const stop = (error?: unknown) => {
    if (state < 2) {
      state = 2;
      failure = error;
      live.forEach((c) => c.abort());
      signal?.removeEventListener('abort', onAbort);
      settled = Promise.all(tasks).then(() => {
        state = 3;
        flush();
      });
    }
    return settled;
  };
  const onAbort = () => void stop(new AbortError('Comparison aborted', { cause: signal!.reason }));
  const push = (o: object) => {
    if (state > 1) return;
    ready.push({ ...o, completed: ++completed, total } as O);
    flush();
    if (completed == total) stop();
  };
  const search1 = async (program: ProgramCode) => {
    if (state > 1) return;
    const c = new AbortController();
    const t = performance.now();
    live.add(c);
    let o;
    try {
      const { results } = await client.searchFlights({ ...search, airlineLoyalty: [program] }, { signal: c.signal, timeoutMs });
      o = { kind: 'result', item: results[0] };
    } catch (error) {
      o = { kind: 'error', error };
    }
    live.delete(c);
    push({ ...o, program, elapsedMs: performance.now() - t });
  };
  const start = async () => {
    let n = total;
    if (quotaCheck != 'off') {
      const cost = searchCost(search.tripType);
      // The caller's signal is enough: a quota read is free and quick, and nothing starts before it.
      const { remaining } = await client.getQuota({ signal });
      n = Math.min(total, Math.floor(remaining / cost));
      if (n < total && quotaCheck == 'throw')
        throw new QuotaExceededError({ status: 402, message: `Insufficient quota: this comparison requires ${total * cost} units and ${remaining} remain.` });
    }
    programs.forEach((program, i) => (i < n ? tasks.push(limit(search1, program)) : push({ kind: 'skipped', program, elapsedMs: 0 })));
    total || stop();
  };

  return {
    next() {
      if (!state) {
        state = 1;
        if (signal?.aborted) onAbort();
        else {
          signal?.addEventListener('abort', onAbort);
          // Braces matter: returning stop()'s promise here would make this task wait for itself.
          tasks.push(start().catch((e) => void stop(e)));
        }
      }
      return new Promise((resolve) => {
        readers.push(resolve);
        flush();
      });
    },
    async return() {
      await stop();
      return DONE;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
