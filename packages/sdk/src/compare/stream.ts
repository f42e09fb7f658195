import { PROGRAM_CODE_PATTERN } from '@flight-search/contract';
import pLimit from 'p-limit';
import { AbortError, QuotaExceededError } from '../errors.js';
import { CASH_PROGRAMS, MILES_PROGRAMS, searchCost } from '../programs.js';
import { callChecks } from '../options.js';
import type { ExactCompare, PriceType, Program, ProgramsOf } from '../types.js';
import type { CompareClient, CompareInput, CompareOptions, CompareOutcome, CompareRequest, CompareStream, ItemFor } from './types.js';

/**
 * Compares programs the way the service asks (spec section 1, point 4): one
 * search per program, in parallel, each outcome yielded the moment it arrives
 * (completion order). The iteration ends once every program has an outcome;
 * one program's failure never ends it. Searches start on the first `next()`.
 *
 * Breaking out of the loop (`return()`, also while a `next()` is pending) or
 * aborting `options.signal` aborts every search in flight (and the quota read
 * of `quotaCheck`) and starts no more. `return()` resolves, and an abort
 * rejects `next()` with `AbortError` (after any outcomes already buffered),
 * only once those searches have settled.
 *
 * A search's per-call options (`headers`, `timeoutMs`, `maxRetries`,
 * `validate`) are given to each search; `headers` also to the quota read.
 * `maxRetries` bounds only the 429 retries the client allows a search.
 *
 * Controllers: the comparison has one `AbortController`, linked to
 * `options.signal`, and hands its signal to every search. Each search's own
 * controller is the client's: `createFlightSearchClient()` gives every attempt
 * an `AbortController` that listens to the comparison's signal while the
 * attempt runs (a search has one attempt: searches are never retried) and
 * stops listening when it settles. A `CompareClient` fake must abort on the
 * signal it is given in the same way.
 *
 * @throws TypeError, at the call, for a program not allowed for the request's
 * `priceType` or given twice, or for a bad option; nothing is sent.
 * @example
 * ```ts
 * const client = createFlightSearchClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:4010' });
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
export function compareProgramsStreaming<const R extends CompareInput>(
  client: CompareClient,
  request: R & ExactCompare<R, CompareRequest>,
  options: CompareOptions = {},
): CompareStream<ItemFor<R['responseFormat']>, ProgramsOf<R>> {
  type O = CompareOutcome<ItemFor<R['responseFormat']>, ProgramsOf<R>>;
  const { programs: asked, ...search } = request;
  const { concurrency = Infinity, signal, quotaCheck = 'off', ...perSearch } = options;
  const { headers } = perSearch;
  const priceType: PriceType = (request as CompareRequest).priceType ?? 'MILES';
  const allowed: readonly string[] = priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;
  const programs: readonly Program[] = asked ?? allowed;
  programs.forEach((p, i) => {
    // Judged as a search judges its program: a known code by the priceType's table, any other by the
    // contract's shape of a code alone (a program the service may have added, left to it: D143).
    const known = (table: readonly string[]) => table.includes(p);
    const wrong = known(MILES_PROGRAMS) || known(CASH_PROGRAMS) ? !known(allowed) : !new RegExp(PROGRAM_CODE_PATTERN).test(p);
    if (wrong || programs.indexOf(p) < i) throw new TypeError(`programs: ${p} is ${wrong ? `not a ${priceType} program` : 'repeated'}`);
  });
  if (!['off', 'throw', 'partial'].includes(quotaCheck)) throw new TypeError('quotaCheck must be off, throw or partial');
  // The client's per-call checks, made here so that no search fails on them (each would be a TypeError outcome).
  for (const [name, , valid] of callChecks(perSearch)) if (!valid) throw new TypeError(`invalid option "${name}"`);
  // p-limit throws a TypeError naming `concurrency` for a bad value.
  const limit = pLimit(concurrency);
  const total = programs.length;
  // One controller for the whole comparison, linked to the caller's signal; each search's own controller
  // is the client's per-attempt one, linked to `stopped`. Stopping aborts exactly the searches in flight
  // (finished ones no longer listen) and keeps queued ones from starting.
  const stopper = new AbortController();
  const stopped = stopper.signal;
  // Outcomes not read yet; `wake` resumes the generator waiting for one (or for the stop).
  const ready: O[] = [];
  let wake = () => {};
  let completed = 0;
  const stop = () => {
    stopper.abort();
    wake();
  };
  const push = (o: object) => {
    if (stopped.aborted) return;
    ready.push({ ...o, completed: ++completed, total } as O);
    wake();
  };
  const search1 = async (program: Program) => {
    if (stopped.aborted) return;
    const t = performance.now();
    let o;
    try {
      const { results } = await client.searchFlights({ ...search, airlineLoyalty: [program] }, { ...perSearch, signal: stopped });
      o = { kind: 'result', item: results[0] };
    } catch (error) {
      o = { kind: 'error', error };
    }
    push({ ...o, program, elapsedMs: performance.now() - t });
  };

  // Concurrent next() calls queue inside the generator: the first gets a failure, later ones `done`.
  const outcomes = (async function* () {
    const tasks: Promise<void>[] = [];
    const aborted = () => new AbortError('Comparison aborted', { cause: signal!.reason });
    signal?.addEventListener('abort', stop);
    try {
      if (signal?.aborted) throw aborted();
      let n = total;
      if (quotaCheck !== 'off') {
        const cost = searchCost(search.tripType);
        // Read under `stopped`, so a return() aborts it too. Stopped while reading, it gives nothing and the
        // loop below ends: with AbortError when the caller's signal aborted, quietly after a return().
        const quota = await client.getQuota({ signal: stopped, headers }).catch((e) => {
          if (!stopped.aborted) throw e;
        });
        n = quota ? Math.floor(quota.remaining / cost) : 0;
        if (quota && n < total && quotaCheck === 'throw')
          throw new QuotaExceededError({
            status: 402,
            message: `Insufficient quota: this comparison requires ${total * cost} units and ${quota.remaining} remain.`,
          });
      }
      for (const [i, program] of programs.entries()) {
        if (i < n) tasks.push(limit(search1, program));
        else push({ kind: 'skipped', program, elapsedMs: 0 });
      }
      for (;;) {
        if (ready.length) yield ready.shift()!;
        // Every outcome delivered: the end, even if the signal aborts now.
        else if (completed === total) return;
        // Buffered outcomes first; then an abort rejects, a return() ends.
        else if (signal?.aborted) throw aborted();
        else if (stopped.aborted) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      stop();
      signal?.removeEventListener('abort', stop);
      await Promise.all(tasks);
    }
  })();
  const end = outcomes.return.bind(outcomes);
  // A return() while a next() waits stops at once: the waiting next() resolves `done` once the searches in flight settled.
  return Object.assign(outcomes, {
    return: () => {
      stop();
      return end(undefined);
    },
  }) as never;
}
