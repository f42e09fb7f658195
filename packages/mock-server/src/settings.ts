import { isPlainObject, PROGRAM_CODES } from '@flight-search/contract';
import { MAX_TIMER_MS } from './defaults.js';
import type { Product } from './types.js';

/**
 * One problem of a setting, in the words of the service's 422, found by the one checker every caller runs.
 * `field` is relative to what was checked; each caller prefixes its own (`behavior.`, `body.`).
 */
export interface SettingIssue {
  field: string;
  type: 'missing' | 'invalid_type' | 'invalid_enum' | 'out_of_range' | 'invalid_format' | 'cross_field';
  message: string;
}

/** A setting refused by the JavaScript API: a TypeError naming each field, with the `issues` the control API answers as a 422. */
export class MockSettingError extends TypeError {
  override name = 'TypeError';
  constructor(
    readonly where: string,
    readonly prefix: string,
    readonly issues: SettingIssue[],
    label = '',
  ) {
    super(
      `${where}: ${issues.map((issue) => `${label}\`${joinField(prefix, issue.field) || 'options'}\` ${issue.message}`).join(' ')}`,
    );
  }
}

/** A change without reset of options that need a fresh state: the control API answers it 409. */
export class MockResetNeededError extends MockSettingError {
  readonly status = 409;
}

/** The issues of an error thrown by the checker, also of another build of this package. */
export function settingIssuesOf(error: unknown): SettingIssue[] | undefined {
  if (!(error instanceof TypeError)) return undefined;
  const issues = (error as { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as SettingIssue[]) : undefined;
}

export function joinField(prefix: string, field: string): string {
  return [prefix, field].filter((part) => part !== '').join('.');
}

/** Every product a key can include (`Product`), in the order messages list them. */
export const PRODUCTS: readonly Product[] = ['search', 'history'];
/** The most keys a mock holds and the longest key, wherever a key comes from (D83). */
export const MAX_KEYS = 1_000;
export const MAX_KEY_LENGTH = 256;
/** The longest message of a behaviour's failure, in bytes: each search answer repeats it. */
export const MAX_MESSAGE_BYTES = 4 * 1024;

/** Why `key` cannot be a key's name, or `undefined`. */
export function keyNameIssue(key: unknown): SettingIssue | undefined {
  if (typeof key !== 'string' || key.trim() === '')
    return { field: '', type: 'missing', message: 'must be a non-empty string.' };
  if (key.length > MAX_KEY_LENGTH)
    return {
      field: '',
      type: 'out_of_range',
      message: `must be at most ${MAX_KEY_LENGTH} characters (it has ${key.length}).`,
    };
  // A key must survive a URL path and a header unchanged: `fetch` turns `/keys/%2E%2E/` into `/`.
  if (key === '.' || key === '..' || /^%2e(%2e)?$|^\.%2e$|^%2e\.$/i.test(key))
    return {
      field: '',
      type: 'invalid_format',
      message: 'must not be . or .. (a URL path segment fetch and proxies normalise away).',
    };
  if (/[^\t\x20-\x7e\x80-\xff]/.test(key))
    return {
      field: '',
      type: 'invalid_format',
      message: 'must be a header value: no CR, LF, NUL or other control character.',
    };
  return undefined;
}

/** A typo (`latncyMs` for `latencyMs`) would otherwise be a silent no-op. */
export function unknownFields(object: Record<string, unknown>, known: readonly string[], at = ''): SettingIssue[] {
  return Object.keys(object)
    .filter((field) => !known.includes(field))
    .map((field) => ({
      field: joinField(at, field),
      type: 'invalid_enum',
      message: `is not a known field; expected ${known.join(', ')}.`,
    }));
}

/** Why `program` is not a program code, or `undefined`. */
export function programProblem(program: unknown): string | undefined {
  return (PROGRAM_CODES as readonly unknown[]).includes(program)
    ? undefined
    : `must be one of ${PROGRAM_CODES.join(', ')}.`;
}

/** A program behaviour: `{ latencyMs?, fail?: { status 400-599, message? }, hang? }`. */
export function behaviorIssues(behavior: unknown): SettingIssue[] {
  if (!isPlainObject(behavior))
    return [{ field: '', type: 'invalid_type', message: 'must be an object { latencyMs?, fail?, hang? } or null.' }];
  const issues = unknownFields(behavior, ['latencyMs', 'fail', 'hang']);
  const { latencyMs, fail, hang } = behavior;
  if (latencyMs !== undefined) issues.push(...timerIssues('latencyMs', latencyMs));
  if (hang !== undefined && typeof hang !== 'boolean')
    issues.push({ field: 'hang', type: 'invalid_type', message: 'must be a boolean.' });
  if (fail !== undefined) {
    if (!isPlainObject(fail)) {
      issues.push({ field: 'fail', type: 'invalid_type', message: 'must be an object { status, message? }.' });
    } else {
      issues.push(...unknownFields(fail, ['status', 'message'], 'fail'));
      issues.push(...statusIssues('fail.status', fail.status, 400, 'an HTTP error status'));
      if (fail.message !== undefined && typeof fail.message !== 'string')
        issues.push({ field: 'fail.message', type: 'invalid_type', message: 'must be a string.' });
      else if (typeof fail.message === 'string' && new TextEncoder().encode(fail.message).length > MAX_MESSAGE_BYTES)
        issues.push({
          field: 'fail.message',
          type: 'out_of_range',
          message: `must be at most ${MAX_MESSAGE_BYTES} bytes of UTF-8.`,
        });
    }
  }
  return issues;
}

function statusIssues(field: string, status: unknown, min: number, what: string): SettingIssue[] {
  if (status === undefined) return [{ field, type: 'missing', message: 'is required.' }];
  if (typeof status !== 'number' || !Number.isInteger(status))
    return [{ field, type: 'invalid_type', message: 'must be an integer.' }];
  if (status < min || status > 599)
    return [{ field, type: 'out_of_range', message: `must be ${what} from ${min} to 599.` }];
  return [];
}

/** A wait the mock sets a timer for: a longer `setTimeout` would fire at once. */
function timerIssues(field: string, value: unknown): SettingIssue[] {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return [{ field, type: 'invalid_type', message: 'must be a number of milliseconds.' }];
  if (value < 0 || value > MAX_TIMER_MS)
    return [
      {
        field,
        type: 'out_of_range',
        message: `must be a number of milliseconds from 0 to ${MAX_TIMER_MS} (the longest timer Node can set).`,
      },
    ];
  return [];
}

function countIssue(field: string, value: unknown): SettingIssue[] {
  if (Number.isSafeInteger(value) && (value as number) >= 0) return [];
  return [
    {
      field,
      type: typeof value !== 'number' || !Number.isInteger(value) ? 'invalid_type' : 'out_of_range',
      message: 'must be an integer >= 0.',
    },
  ];
}

export function productsIssues(field: string, products: unknown): SettingIssue[] {
  if (Array.isArray(products) && products.every((product) => PRODUCTS.includes(product))) return [];
  const message = `must be an array of ${PRODUCTS.map((p) => `'${p}'`).join(' and ')}.`;
  return [{ field, type: Array.isArray(products) ? 'invalid_enum' : 'invalid_type', message }];
}

/** `setKey` settings against the key's `current` ones; the merged result keeps `consumed <= limit` (QUOTA-1). */
export function keySettingsIssues(
  settings: unknown,
  current: { limit: number; consumed: number; products: Iterable<Product> },
): { issues: SettingIssue[]; merged: { limit: number; consumed: number; products: Product[] } } {
  const merged = { limit: current.limit, consumed: current.consumed, products: [...current.products] };
  if (!isPlainObject(settings))
    return {
      issues: [{ field: '', type: 'invalid_type', message: 'must be an object { limit?, consumed?, products? }.' }],
      merged,
    };
  const issues = unknownFields(settings, ['limit', 'consumed', 'products']);
  if (settings.limit !== undefined) issues.push(...countIssue('limit', settings.limit));
  if (settings.consumed !== undefined) issues.push(...countIssue('consumed', settings.consumed));
  if (settings.products !== undefined) issues.push(...productsIssues('products', settings.products));
  if (issues.length > 0) return { issues, merged };
  const limit = (settings.limit as number | undefined) ?? current.limit;
  const consumed = (settings.consumed as number | undefined) ?? current.consumed;
  if (consumed > limit) {
    if (settings.consumed !== undefined)
      issues.push({
        field: 'consumed',
        type: 'out_of_range',
        message: `must be at most the limit (${consumed} > ${limit}).`,
      });
    else
      issues.push({
        field: 'limit',
        type: 'out_of_range',
        message: `must be at least the units consumed (${limit} < ${consumed}).`,
      });
  }
  const products = settings.products === undefined ? merged.products : [...new Set(settings.products as Product[])];
  return { issues, merged: { limit, consumed, products } };
}

export function clockIssues(clock: unknown): SettingIssue[] {
  const shape = 'must be an object { at } (a fixed time: ISO 8601 or epoch ms) or { offsetMs } (real time shifted)';
  if (!isPlainObject(clock)) return [{ field: 'clock', type: 'invalid_type', message: `${shape}.` }];
  const issues = unknownFields(clock, ['at', 'offsetMs'], 'clock');
  if ((clock.at === undefined) === (clock.offsetMs === undefined))
    issues.push({ field: 'clock', type: 'cross_field', message: `${shape}, exactly one of them.` });
  const at = clockTime(clock.at);
  if (clock.at !== undefined && at === undefined) {
    issues.push({
      field: 'clock.at',
      type: 'invalid_format',
      message: 'must be an ISO 8601 date-time (2026-11-01T00:00:00Z) or epoch milliseconds.',
    });
  }
  if (clock.offsetMs !== undefined && (typeof clock.offsetMs !== 'number' || !Number.isSafeInteger(clock.offsetMs))) {
    issues.push({
      field: 'clock.offsetMs',
      type: 'invalid_type',
      message: 'must be an integer number of milliseconds (negative for the past).',
    });
  }
  const instant = at ?? (typeof clock.offsetMs === 'number' ? Date.now() + clock.offsetMs : undefined);
  if (instant !== undefined && !(instant >= 0 && instant <= LATEST_CLOCK))
    issues.push({
      field: clock.at === undefined ? 'clock.offsetMs' : 'clock.at',
      type: 'out_of_range',
      message: `must give a time from 1970-01-01T00:00:00Z to 9998-12-31T00:00:00Z.`,
    });
  return issues;
}

/** The latest instant a clock may give: schedules a year ahead still have four-digit years. */
const LATEST_CLOCK = Date.UTC(9998, 11, 31);

/** The epoch ms of a clock's `at`, or `undefined` when it is not a time. */
export function clockTime(at: unknown): number | undefined {
  if (typeof at === 'number') return Number.isSafeInteger(at) && at >= 0 ? at : undefined;
  if (typeof at !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(at))
    return undefined;
  const time = Date.parse(at);
  return Number.isNaN(time) ? undefined : time;
}

export function baseUrlIssues(baseUrl: unknown): SettingIssue[] {
  if (baseUrl === '*') return [];
  if (Array.isArray(baseUrl)) {
    if (baseUrl.length === 0)
      return [
        { field: 'baseUrl', type: 'out_of_range', message: "must list at least one URL (or be '*' for any origin)." },
      ];
    return baseUrl.flatMap((one, index) => oneBaseUrlIssues(one, `baseUrl[${index}]`));
  }
  return oneBaseUrlIssues(baseUrl, 'baseUrl');
}

function oneBaseUrlIssues(baseUrl: unknown, field: string): SettingIssue[] {
  const issue = (message: string): SettingIssue[] => [{ field, type: 'invalid_format', message }];
  let url: URL;
  try {
    url = new URL(baseUrl as string);
  } catch {
    return issue("must be an absolute http(s) URL (or '*' for any origin).");
  }
  if (typeof baseUrl !== 'string' || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return issue('must be an absolute http(s) URL.');
  if (url.search || url.hash) return issue('must be a URL without query or fragment.');
  return [];
}
