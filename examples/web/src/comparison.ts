import { compareProgramsStreaming, validateSearchRequest } from '@flight-search/sdk';
import type { ParsedResultItem, ProgramCode } from '@flight-search/sdk';
import type { FlightSearchClient } from './backend.js';
import type { Query } from './form.js';
import { programName } from './programs.js';
import type { Cards } from './ui/cards.js';
import type { Status } from './ui/status.js';

export interface RunResult {
  state: 'done' | 'cancelled' | 'error';
  answered: number;
}

/**
 * Runs one comparison: the quota before, one streamed search per program
 * (each card filled the moment its outcome arrives), the quota after.
 * Aborting `signal` aborts the searches in flight and starts no more; the
 * cards still waiting then read "Cancelled".
 */
export async function runComparison(
  client: FlightSearchClient,
  query: Query,
  view: { cards: Cards; status: Status },
  signal: AbortSignal,
): Promise<RunResult> {
  const { cards, status } = view;
  const total = query.programs.length;
  cards.reset(query.programs, query.request.priceType ?? 'MILES');
  status.progress(0, total);
  status.state('running', `Searching ${total} program${total === 1 ? '' : 's'}…`);
  status.quotaBefore(await client.getQuota({ signal }).catch(asError));

  let answered = 0;
  let result: RunResult;
  try {
    const outcomes = compareProgramsStreaming(
      client,
      { ...query.request, programs: query.programs },
      {
        signal,
        ...(query.concurrency && { concurrency: query.concurrency }),
      },
    );
    for await (const outcome of outcomes) {
      answered = outcome.completed;
      status.progress(outcome.completed, outcome.total);
      switch (outcome.kind) {
        case 'result':
          cards.result(outcome.program, outcome.item as ParsedResultItem, outcome.completed, outcome.elapsedMs);
          break;
        case 'error':
          cards.error(outcome.program, outcome.error, outcome.completed, outcome.elapsedMs);
          break;
        case 'skipped':
          cards.skipped(outcome.program, outcome.completed);
          break;
      }
    }
    const best = cards.markBest();
    const failed = cards.count('failed');
    status.state(
      'done',
      `Done: ${total - failed} of ${total} answered${failed ? `, ${failed} failed` : ''}.${best ? ` Cheapest: ${programName(best)}.` : ''}`,
    );
    result = { state: 'done', answered };
  } catch (error) {
    if (!signal.aborted) throw error;
    const cancelled = cards.cancelPending();
    status.state(
      'cancelled',
      `Cancelled: ${answered} of ${total} answered, ${cancelled} search${cancelled === 1 ? '' : 'es'} aborted.`,
    );
    result = { state: 'cancelled', answered };
  }
  // Read after a cancel too: aborted searches that reached the service were charged.
  status.quotaAfter(await client.getQuota().catch(asError));
  return result;
}

/** The first local validation issues of the query (the service's own 422 rules, checked without a request). */
export function checkQuery(query: Query): { field: string; message: string }[] {
  const program: ProgramCode | undefined = query.programs[0];
  if (!program) return [{ field: 'body.airlineLoyalty', message: 'pick at least one program' }];
  return validateSearchRequest({ ...query.request, airlineLoyalty: [program] });
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
