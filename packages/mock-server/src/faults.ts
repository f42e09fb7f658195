import type { Answer } from './answer-types.js';
import {
  correlationId,
  errorEnvelope,
  internalError,
  keyNotFound,
  missingKey,
  notAcceptable,
  productNotEnabled,
  quotaExceeded,
  rateLimited,
  unsupportedContentEncoding,
  validationFailed,
} from './errors/envelopes.js';
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

/** The request header of a one-request scenario (D128): Prism's `Prefer: code=402`, in a name of its own. */
export const SCENARIO_HEADER = 'x-mock-scenario';

/** The error statuses each operation declares in openapi.yaml, which `status=` may force. */
const DECLARED: Record<Exclude<FaultRoute, 'all'>, readonly number[]> = {
  search: [401, 402, 404, 406, 413, 415, 422, 429, 500, 502, 503, 504],
  history: [401, 403, 404, 406, 422, 429, 500, 502, 503, 504],
  quota: [401, 404, 406, 429, 500, 502, 503, 504],
};

/** One request's scenario, parsed: at most one outcome, and a delay before it. */
export interface Scenario {
  /** As the request log records it (the header's value, trimmed). */
  text: string;
  delayMs?: number;
  status?: number;
  providerFailure?: number;
  drop?: true;
}

/**
 * The scenario of `value` for `route`, or the message of a 400 naming the
 * header. Grammar: comma-separated `status=N` (an error status the operation
 * declares), `provider-failure=N` (search: the program fails with N, 400 to
 * 599, inside the 200), `drop` (the connection, before headers), `delay=MS`
 * (0 to 60 000, before any of them); at most one of the first three.
 */
export function parseScenario(value: string, route: Exclude<FaultRoute, 'all'>): Scenario | { problem: string } {
  const text = value.trim().slice(0, 200);
  const scenario: Scenario = { text };
  const bad = (why: string) => ({
    problem: `The ${SCENARIO_HEADER} header "${text}" is not a scenario: ${why} Expected comma-separated status=N, provider-failure=N, drop, delay=MS.`,
  });
  let outcomes = 0;
  for (const part of text.split(',')) {
    const match = /^\s*([a-z-]+)(?:=(\d{1,9}))?\s*$/.exec(part);
    if (!match) return bad(`"${part.trim()}" is not name or name=digits.`);
    const [, name, digits] = match;
    const number = digits === undefined ? undefined : Number(digits);
    if (name === 'drop') {
      if (number !== undefined) return bad('drop takes no value.');
      scenario.drop = true;
      outcomes++;
    } else if (number === undefined) {
      return bad(`${name} needs a value.`);
    } else if (name === 'delay') {
      if (number > 60_000) return bad('delay is 0 to 60000 ms.');
      scenario.delayMs = number;
    } else if (name === 'status') {
      if (!DECLARED[route].includes(number)) return bad(`status ${number} is not an error status this operation declares (${DECLARED[route].join(', ')}).`);
      scenario.status = number;
      outcomes++;
    } else if (name === 'provider-failure') {
      if (route !== 'search') return bad('provider-failure is for searches only.');
      if (number < 400 || number > 599) return bad('provider-failure is an HTTP error status, 400 to 599.');
      scenario.providerFailure = number;
      outcomes++;
    } else {
      return bad(`"${name}" is not a scenario name.`);
    }
  }
  if (outcomes > 1) return bad('give at most one of status, provider-failure and drop.');
  return scenario;
}

/** The answer a `status=` scenario forces, in the service's envelope with the fields that status carries. */
export function scenarioAnswer(status: number): Answer {
  const forced = `forced by the ${SCENARIO_HEADER} header`;
  switch (status) {
    case 401:
      return missingKey();
    case 402:
      return quotaExceeded(1, 0);
    case 403:
      return productNotEnabled();
    case 404:
      return keyNotFound();
    case 406:
      return notAcceptable();
    case 413:
      return errorEnvelope(413, 'PAYLOAD_TOO_LARGE', `The request body is too large (${forced}).`);
    case 415:
      return unsupportedContentEncoding('gzip');
    case 422:
      return validationFailed([{ field: `header.${SCENARIO_HEADER}`, type: 'invalid_format', message: `is a 422 ${forced}.` }]);
    case 429:
      return rateLimited(1);
    case 502:
    case 503:
    case 504:
      return faultAnswer({ status });
    default:
      return internalError();
  }
}
