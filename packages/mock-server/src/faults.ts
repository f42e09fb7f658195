import type { Answer } from './answer-types.js';
import { correlationId, rateLimited } from './errors/envelopes.js';
import { isPlainObject } from '@flight-search/contract';
import { unknownFields, type SettingIssue } from './settings.js';
import type { FaultRoute, FaultState, ServiceFault } from './types.js';

const FAULT_ROUTES: readonly FaultRoute[] = ['search', 'history', 'quota', 'all'];
const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
const DROPS = ['before-headers', 'after-headers'] as const;

/** Why `route` is not a fault route, or `undefined`. */
export function faultRouteProblem(route: unknown): string | undefined {
  return FAULT_ROUTES.includes(route as FaultRoute) ? undefined : `must be one of ${FAULT_ROUTES.join(', ')}.`;
}

/** Every problem of a fault (`setFault`, `PUT /__mock/faults/{route}`), fields relative to it. */
export function faultIssues(fault: unknown): SettingIssue[] {
  if (!isPlainObject(fault))
    return [{ field: '', type: 'invalid_type', message: 'must be an object { status?, retryAfterSeconds?, drop?, delayMs?, times?, fraction? }.' }];
  const issues = unknownFields(fault, ['status', 'retryAfterSeconds', 'drop', 'delayMs', 'times', 'fraction']);
  const { status, retryAfterSeconds, drop, delayMs, times, fraction } = fault;
  if (status !== undefined && !FAULT_STATUSES.includes(status as never))
    issues.push({ field: 'status', type: 'invalid_enum', message: `must be one of ${FAULT_STATUSES.join(', ')}.` });
  if (drop !== undefined && !DROPS.includes(drop as never))
    issues.push({ field: 'drop', type: 'invalid_enum', message: `must be one of ${DROPS.join(', ')}.` });
  if (status !== undefined && drop !== undefined)
    issues.push({ field: 'drop', type: 'cross_field', message: 'must not be given with `status`: a dropped connection has no status.' });
  if (status === undefined && drop === undefined && delayMs === undefined)
    issues.push({ field: 'status', type: 'missing', message: 'is required unless `drop` or `delayMs` is given.' });
  if (retryAfterSeconds !== undefined) {
    if (!Number.isSafeInteger(retryAfterSeconds) || (retryAfterSeconds as number) < 0)
      issues.push({ field: 'retryAfterSeconds', type: 'out_of_range', message: 'must be an integer >= 0 (seconds).' });
    else if (status !== 429) issues.push({ field: 'retryAfterSeconds', type: 'cross_field', message: 'is only for `status: 429`.' });
  }
  // Bounded well under the longest timer: a fault is for tests, and a day is already more than any client waits.
  if (delayMs !== undefined && (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 86_400_000)) {
    issues.push({ field: 'delayMs', type: 'out_of_range', message: 'must be an integer from 0 to 86400000 (ms).' });
  }
  if (times !== undefined && (!Number.isSafeInteger(times) || (times as number) < 1))
    issues.push({ field: 'times', type: 'out_of_range', message: 'must be an integer >= 1.' });
  if (fraction !== undefined && (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1)))
    issues.push({ field: 'fraction', type: 'out_of_range', message: 'must be a number from 0 to 1.' });
  return issues;
}

/** One fault in force: how many requests it still hits, and its seeded generator for `fraction`. */
export class ActiveFault {
  hits = 0;
  remaining: number | undefined;
  #random: () => number;

  constructor(
    readonly route: FaultRoute,
    readonly fault: Readonly<ServiceFault>,
    seed: number,
  ) {
    this.remaining = fault.times;
    this.#random = mulberry32(seed ^ (FAULT_ROUTES.indexOf(route) * 0x9e3779b1));
  }

  /** Whether this request is hit (and counts it). */
  take(): boolean {
    if (this.remaining === 0) return false;
    if (this.fault.fraction !== undefined && this.#random() >= this.fault.fraction) return false;
    if (this.remaining !== undefined) this.remaining--;
    this.hits++;
    return true;
  }

  snapshot(): FaultState {
    return { route: this.route, fault: { ...this.fault }, ...(this.remaining !== undefined && { remaining: this.remaining }), hits: this.hits };
  }
}

/** The fault that hits a request of `route`, if any: the route's own first, then `all`'s. */
export function takeFault(faults: Map<FaultRoute, ActiveFault>, route: FaultRoute): ActiveFault | undefined {
  for (const candidate of [faults.get(route), faults.get('all')]) if (candidate?.take()) return candidate;
  return undefined;
}

const CODES: Record<number, [string, string]> = {
  500: ['INTERNAL_ERROR', 'An unexpected error occurred.'],
  502: ['BAD_GATEWAY', 'The service received an invalid answer from upstream.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.'],
  504: ['GATEWAY_TIMEOUT', 'The service did not answer in time.'],
};

/** The answer of a status fault, in the service's envelope. */
export function faultAnswer(fault: Readonly<ServiceFault>): Answer {
  if (fault.status === 429) return rateLimited(fault.retryAfterSeconds ?? 1);
  const [code, message] = CODES[fault.status!]!;
  return { status: fault.status!, body: { error: { code, message, correlationId: correlationId() } } };
}

/** What the request log says of a fault. */
export function describeFault(fault: Readonly<ServiceFault>): string {
  if (fault.drop !== undefined) return `drop ${fault.drop}`;
  const parts = [];
  if (fault.delayMs !== undefined) parts.push(`delay ${fault.delayMs}ms`);
  if (fault.status !== undefined) parts.push(`status ${fault.status}`);
  return parts.join(', ');
}

/** A small seeded generator (mulberry32): the same seed, the same requests hit. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
