import { PROGRAM_CODE_PATTERN } from '@flight-search/contract';
import pLimit from 'p-limit';
import { AbortError, QuotaExceededError } from '../errors.js';
import { CASH_PROGRAMS, MILES_PROGRAMS, searchCost } from '../programs.js';
import { callChecks } from '../options.js';
import type { SearchOptions } from '../options.js';
import type { ExactCompare, PriceType, Program, ProgramsOf, SearchRequest, TripType } from '../types.js';
import type {
  CompareClient,
  CompareInput,
  CompareOptions,
  CompareOutcome,
  CompareRequest,
  CompareStream,
  ItemFor,
} from './types.js';

/**
 * The programs to search, checked before anything is sent: each allowed for the request's `priceType` (a known code
 * by its table, any other by the contract's shape of a code alone) and given once; `quotaCheck` and the per-call
 * options too, so that no search fails on them (each would be a TypeError outcome).
 */
function checked(
  request: CompareRequest,
  { concurrency, signal, quotaCheck = 'off', ...perSearch }: CompareOptions,
): readonly Program[] {
  const priceType: PriceType = request.priceType ?? 'MILES';
  const allowed: readonly string[] = priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;
  const programs: readonly Program[] = request.programs ?? allowed;
  programs.forEach((p, i) => {
    const known = (table: readonly string[]) => table.includes(p);
    const wrong =
      known(MILES_PROGRAMS) || known(CASH_PROGRAMS) ? !known(allowed) : !new RegExp(PROGRAM_CODE_PATTERN).test(p);
    if (wrong || programs.indexOf(p) < i)
      throw new TypeError(`programs: ${p} is ${wrong ? `not a ${priceType} program` : 'repeated'}`);
  });
  if (!['off', 'throw', 'partial'].includes(quotaCheck))
    throw new TypeError('quotaCheck must be off, throw or partial');
  for (const [name, , valid] of callChecks(perSearch)) if (!valid) throw new TypeError(`invalid option "${name}"`);
  return programs;
}

/**
 * How many of `total` searches the quota pays for, by the free `GET /quota` (read under the comparison's signal, so a return() aborts it too); `'throw'` throws `QuotaExceededError`
 * when it is not all of them. Stopped while reading, it is 0: the stream then ends with AbortError when the
 * caller's signal aborted, quietly after a return().
 */
async function affordable(
  client: CompareClient,
  tripType: TripType,
  total: number,
  quotaCheck: 'throw' | 'partial',
  read: { signal: AbortSignal; headers?: Record<string, string> | undefined },
) {
  const cost = searchCost(tripType);
  const quota = await client.getQuota(read).catch((e) => {
    if (!read.signal.aborted) throw e;
  });
  const n = quota ? Math.floor(quota.remaining / cost) : 0;
  if (quota && n < total && quotaCheck === 'throw')
    throw new QuotaExceededError({
      status: 402,
      message: `Insufficient quota: this comparison requires ${total * cost} units and ${quota.remaining} remain.`,
    });
  return n;
}

/**
 * Compares programs as the service asks (spec section 1, point 4): one search per program, in parallel, each
 * outcome yielded as it arrives. The iteration ends once every program has an outcome; one program's failure never
 * ends it. Searches start on the first `next()`. Breaking out of the loop or aborting `options.signal` aborts every
 * search in flight (and `quotaCheck`'s quota read) and starts no more; `return()` resolves, and an abort rejects
 * `next()` with `AbortError`, once those searches settled. The per-call options go to each search (`headers` to
 * the quota read too). A `CompareClient` fake must abort on the signal it is given, as the client does.
 *
 * @throws TypeError, at the call, for a program not allowed for the request's `priceType` or given twice, or for a bad option; nothing is sent.
 * @example
 * ```ts
 * const client = createFlightSearchClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:4010' });
 * for await (const o of compareProgramsStreaming(client, {
 *   tripType: 'ONE_WAY', cabinType: 'ECONOMY', origin: 'GRU', destination: 'JFK',
 *   departureDate: '2026-12-15', passengers: { adults: 1 }, responseFormat: 'PARSED',
 * }, { quotaCheck: 'partial' })) {
 *   progress(o.completed / o.total);
 *   if (o.kind === 'result' && o.item.success) show(o.program, o.item.flights);
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
  const programs = checked(request, options);
  const limit = pLimit(concurrency); // a TypeError naming `concurrency` for a bad value
  const total = programs.length;
  // One controller for the whole comparison, linked to the caller's signal: stopping aborts the searches in flight, starts no more.
  const stopper = new AbortController();
  const stopped = stopper.signal;
  // Outcomes not read yet; `wake` resumes the generator waiting for one.
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
    if (!stopped.aborted)
      push(await searchOne(client, { ...search, airlineLoyalty: [program] }, { ...perSearch, signal: stopped }));
  };

  // Concurrent next() calls queue inside the generator: the first gets a failure, later ones `done`.
  const outcomes = (async function* () {
    const tasks: Promise<void>[] = [];
    const aborted = () => new AbortError('Comparison aborted', { cause: signal!.reason });
    signal?.addEventListener('abort', stop);
    try {
      if (signal?.aborted) throw aborted();
      const n =
        quotaCheck === 'off'
          ? total
          : await affordable(client, search.tripType, total, quotaCheck, {
              signal: stopped,
              headers: perSearch.headers,
            });
      for (const [i, program] of programs.entries()) {
        if (i < n) tasks.push(limit(search1, program));
        else push({ kind: 'skipped', program, elapsedMs: 0 });
      }
      for (;;) {
        if (ready.length) yield ready.shift()!;
        // Every outcome delivered is the end, even if the signal aborts now; before it, an abort rejects, a return() ends.
        else if (completed === total) return;
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
  return stoppable(outcomes, stop) as never;
}

/** One program's search as its outcome: its result item, or what the client threw. */
async function searchOne(client: CompareClient, request: SearchRequest, options: SearchOptions) {
  const t = performance.now();
  let o;
  try {
    const { results } = await client.searchFlights(request, options);
    o = { kind: 'result', item: results[0] };
  } catch (error) {
    o = { kind: 'error', error };
  }
  return { ...o, program: request.airlineLoyalty[0], elapsedMs: performance.now() - t };
}

/** `outcomes` whose return() stops at once, even while a next() waits. */
function stoppable<T>(outcomes: AsyncGenerator<T>, stop: () => void) {
  const end = outcomes.return.bind(outcomes);
  return Object.assign(outcomes, {
    return: () => {
      stop();
      return end(undefined);
    },
  });
}
