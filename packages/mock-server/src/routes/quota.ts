import type { Answer } from '../answer-types.js';
import type { RouteContext } from './context.js';

/** `GET /quota`: the key's quota; costs nothing (D4). */
export function quotaRoute({ ledger }: RouteContext): Answer {
  return { status: 200, body: ledger.snapshot() };
}
