import { CASH_PROGRAMS, MILES_PROGRAMS } from '@flight-search/sdk';
import type { ProgramCode } from '@flight-search/sdk';
import { MAX_TIMER_MS } from '../defaults.js';
import type { Issue } from './envelope.js';

const PROGRAMS: readonly ProgramCode[] = [...new Set<ProgramCode>([...MILES_PROGRAMS, ...CASH_PROGRAMS])];
const PRODUCTS = ['search', 'history'] as const;

export type Product = (typeof PRODUCTS)[number];
export interface ProgramBehaviorBody {
  latencyMs?: number;
  fail?: { status: number; message?: string };
  hang?: boolean;
}
export interface KeySettingsBody {
  limit?: number;
  consumed?: number;
  products?: Product[];
}

type Parsed<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

export function parseProgram(segment: string): Parsed<ProgramCode> {
  const program = PROGRAMS.find((code) => code === segment);
  if (program !== undefined) return { ok: true, value: program };
  return fail({ field: 'path.program', type: 'invalid_enum', message: `must be one of ${PROGRAMS.join(', ')}.` });
}

/** `PUT /__mock/programs/{program}`: `{ latencyMs?, fail?: { status, message? }, hang? }`, nothing else. */
export function parseProgramBehavior(body: Buffer | undefined): Parsed<ProgramBehaviorBody> {
  const object = parseObject(body);
  if (!object.ok) return object;
  const input = object.value;
  const issues: Issue[] = unknownFields(input, ['latencyMs', 'fail', 'hang'], 'body');
  const value: ProgramBehaviorBody = {};
  if (input.latencyMs !== undefined) {
    // A longer timer would fire at once: the bound is Node's, named in the message.
    if (isNonNegativeInteger(input.latencyMs) && input.latencyMs <= MAX_TIMER_MS) value.latencyMs = input.latencyMs;
    else issues.push(integerIssue('body.latencyMs', input.latencyMs, 0, MAX_TIMER_MS, ' (ms; the longest timer Node can set)'));
  }
  if (input.hang !== undefined) {
    if (typeof input.hang === 'boolean') value.hang = input.hang;
    else issues.push({ field: 'body.hang', type: 'invalid_type', message: 'must be a boolean.' });
  }
  if (input.fail !== undefined) {
    const failure = input.fail;
    if (!isPlainObject(failure)) {
      issues.push({ field: 'body.fail', type: 'invalid_type', message: 'must be an object { status, message? }.' });
    } else {
      issues.push(...unknownFields(failure, ['status', 'message'], 'body.fail'));
      const status = failure.status;
      if (status === undefined) issues.push({ field: 'body.fail.status', type: 'missing', message: 'is required.' });
      else if (typeof status !== 'number' || !Number.isInteger(status)) issues.push({ field: 'body.fail.status', type: 'invalid_type', message: 'must be an integer.' });
      else if (status < 100 || status > 599) issues.push({ field: 'body.fail.status', type: 'out_of_range', message: 'must be an HTTP status from 100 to 599.' });
      if (failure.message !== undefined && typeof failure.message !== 'string') {
        issues.push({ field: 'body.fail.message', type: 'invalid_type', message: 'must be a string.' });
      }
      if (typeof status === 'number') {
        value.fail = typeof failure.message === 'string' ? { status, message: failure.message } : { status };
      }
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

/** `PUT /__mock/keys/{key}`: `{ limit?, consumed?, products? }`, nothing else. */
export function parseKeySettings(body: Buffer | undefined): Parsed<KeySettingsBody> {
  const object = parseObject(body);
  if (!object.ok) return object;
  const input = object.value;
  const issues: Issue[] = unknownFields(input, ['limit', 'consumed', 'products'], 'body');
  const value: KeySettingsBody = {};
  for (const field of ['limit', 'consumed'] as const) {
    const given = input[field];
    if (given === undefined) continue;
    if (isNonNegativeInteger(given)) value[field] = given;
    else issues.push(integerIssue(`body.${field}`, given, 0));
  }
  if (input.products !== undefined) {
    const products = input.products;
    if (!Array.isArray(products)) {
      issues.push({ field: 'body.products', type: 'invalid_type', message: 'must be an array of "search" and "history".' });
    } else {
      const bad = products.findIndex((product) => !PRODUCTS.includes(product as Product));
      if (bad !== -1) issues.push({ field: `body.products.${bad}`, type: 'invalid_enum', message: 'must be "search" or "history".' });
      else value.products = [...new Set(products as Product[])];
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

function parseObject(body: Buffer | undefined): Parsed<Record<string, unknown>> {
  // An empty body means "no settings": the defaults.
  if (body === undefined || body.length === 0) return { ok: true, value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return fail({ field: 'body', type: 'invalid_json', message: 'must be JSON.' });
  }
  if (!isPlainObject(parsed)) return fail({ field: 'body', type: 'invalid_type', message: 'must be a JSON object.' });
  return { ok: true, value: parsed };
}

function unknownFields(object: Record<string, unknown>, known: readonly string[], at: string): Issue[] {
  // A control API typo (`latency` for `latencyMs`) would otherwise be a silent no-op.
  return Object.keys(object)
    .filter((field) => !known.includes(field))
    .map((field) => ({ field: `${at}.${field}`, type: 'invalid_enum', message: `is not a known field; expected ${known.join(', ')}.` }));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function integerIssue(field: string, value: unknown, min: number, max?: number, unit = ''): Issue {
  if (typeof value !== 'number' || !Number.isInteger(value)) return { field, type: 'invalid_type', message: 'must be an integer.' };
  return { field, type: 'out_of_range', message: max === undefined ? `must be >= ${min}.` : `must be an integer from ${min} to ${max}${unit}.` };
}

function fail(issue: Issue): { ok: false; issues: Issue[] } {
  return { ok: false, issues: [issue] };
}
