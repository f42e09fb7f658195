import type { Answer } from '../answer-types.js';
import { validationFailed } from '../errors/envelopes.js';
import { queryHistoryChunks, Slicer } from '../history/query.js';
import { HISTORY_QUERY_SCHEMA, validateHistoryQuery } from '@flight-search/contract';
import { placeProblem } from '../data/index.js';
import { unknownFieldsOf } from '../validation/unknown-fields.js';
import type { RouteContext } from './context.js';

/**
 * `GET /intelligence/flights/history`: `HISTORY-1`..`HISTORY-6`, free (D4); built in slices that give the
 * event loop back, stopped when the client goes away.
 */
export async function historyRoute(context: RouteContext): Promise<Answer> {
  const { url, state, request } = context;
  const unknown = unknownFieldsOf(
    context,
    HISTORY_QUERY_SCHEMA,
    Object.fromEntries([...url.searchParams.keys()].map((name) => [name, ''])),
    'query',
  );
  // The spec's rules and this mock's decisions (D9, D107).
  const checked = validateHistoryQuery(url.searchParams, { decisions: true, place: placeProblem });
  if (!checked.ok || unknown.refused.length > 0)
    return unknown.warned(validationFailed([...(checked.ok ? [] : checked.issues), ...unknown.refused]));
  const chunks = await queryHistoryChunks(
    checked.query,
    state.history,
    state.options.seed,
    state.options.now(),
    new Slicer(() => request.aborted()),
  );
  return unknown.warned({ status: 200, body: undefined, chunks });
}
