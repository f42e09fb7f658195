import type { Answer } from '../answer.js';
import { validationFailed } from '../errors/envelopes.js';
import { queryHistoryBytes } from '../history/query.js';
import { validateHistoryQuery } from '../validation/history-query.js';
import type { RouteContext } from './context.js';

/** `GET /intelligence/flights/history`: `HISTORY-1`..`HISTORY-6`; costs nothing (D4). */
export function historyRoute({ url, state }: RouteContext): Answer {
  const checked = validateHistoryQuery(url.searchParams);
  if (!checked.ok) return validationFailed(checked.issues);
  return { status: 200, body: undefined, bytes: queryHistoryBytes(checked.query, state.history, state.baseline, state.options.now()) };
}
