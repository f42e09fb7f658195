import { DEFAULT_HISTORY_CAP, DEFAULT_KEYS, DEFAULT_PROVIDER_TIMEOUT_MS, DEFAULT_SEED, MAX_TIMER_MS, RECORDED_REQUESTS_CAP, REQUEST_LOG_MAX_BYTES } from './defaults.js';
import type { KeySettings, MockOptions, Product, ProgramBehavior } from './types.js';
import { PROGRAM_CODES } from './generated/contract.js';
import type { ProgramCode } from '@flight-search/sdk';

export interface ResolvedOptions {
  keys: readonly Readonly<KeySettings>[];
  seed: number;
  providerTimeoutMs: number;
  latency: 'none' | 'realistic';
  now: () => number;
  /** `origin + path` without a trailing slash, or undefined for any origin. */
  baseUrl: string | undefined;
  historyCap: number;
  requestLogCap: number;
  requestLogMaxBytes: number;
  rateLimit: { requests: number; windowMs: number } | undefined;
}

const PRODUCTS: readonly Product[] = ['search', 'history'];

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isDuration = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
/** A wait the mock sets a timer for: a longer `setTimeout` would fire at once, so it is refused with the real bound. */
const isTimerDuration = (value: unknown): value is number => isDuration(value) && value <= MAX_TIMER_MS;

function fail(option: string, expected: string, cause?: unknown): never {
  throw new TypeError(`createFlightSearchMock: option \`${option}\` must be ${expected}.`, cause ? { cause } : undefined);
}

/** Throws the error of one bad setting: `field` names it, `expected` says what it must be. */
type SettingFailure = (field: string, expected: string) => never;

/**
 * A `setKey` setting refused; `setting` (`limit`, `consumed`, `products`) and
 * `requirement` let the control API answer it as a 422 on `body.<setting>`.
 */
export class KeySettingError extends TypeError {
  constructor(
    readonly setting: string,
    readonly requirement: string,
  ) {
    super(`setKey: \`settings.${setting}\` must be ${requirement}.`);
  }
}

const setKeyFailure: SettingFailure = (setting, expected) => {
  throw new KeySettingError(setting, expected);
};

/** Validates the products of a key; `where` names the option in the error. */
export function checkProducts(products: unknown, where: string, failure: SettingFailure = fail): Product[] {
  if (!Array.isArray(products) || products.some((product) => !PRODUCTS.includes(product))) {
    failure(where, `an array of ${PRODUCTS.map((p) => `'${p}'`).join(' and ')}`);
  }
  return [...new Set(products as Product[])];
}

/** Validates the limit and consumption of a key of the `keys` option (QUOTA-1: `consumed + remaining = limit`). */
function checkKeyNumbers(settings: { limit?: unknown; consumed?: unknown }, where: string): void {
  if (!isCount(settings.limit)) fail(`${where}.limit`, 'an integer >= 0');
  if (settings.consumed !== undefined && !isCount(settings.consumed)) fail(`${where}.consumed`, 'an integer >= 0');
  const consumed = (settings.consumed as number | undefined) ?? 0;
  if (consumed > settings.limit) fail(`${where}.consumed`, `at most the limit (${consumed} > ${settings.limit})`);
}

/**
 * Checks `setKey` settings against the key's `current` limit and consumption
 * (a new key's are the defaults, limit 1000 and nothing consumed) and returns
 * the key as it will be. The merged result must keep `consumed <= limit`
 * (QUOTA-1, D18): otherwise `/quota` would answer a `remaining` that does not
 * add up. The error names `consumed` when it was given, else the lowered `limit`.
 */
export function mergeKeySettings(
  settings: { limit?: unknown; consumed?: unknown; products?: unknown },
  current: { limit: number; consumed: number; products: Iterable<Product> },
): { limit: number; consumed: number; products: Product[] } {
  if (settings.limit !== undefined && !isCount(settings.limit)) setKeyFailure('limit', 'an integer >= 0');
  if (settings.consumed !== undefined && !isCount(settings.consumed)) setKeyFailure('consumed', 'an integer >= 0');
  const products = settings.products === undefined ? [...current.products] : checkProducts(settings.products, 'products', setKeyFailure);
  const limit = (settings.limit as number | undefined) ?? current.limit;
  const consumed = (settings.consumed as number | undefined) ?? current.consumed;
  if (consumed > limit) {
    if (settings.consumed !== undefined) setKeyFailure('consumed', `at most the limit (${consumed} > ${limit})`);
    setKeyFailure('limit', `at least the units consumed (${limit} < ${consumed})`);
  }
  return { limit, consumed, products };
}

/** Checks every option up front and applies the defaults; a bad option is a TypeError naming it. */
export function resolveOptions(options: MockOptions = {}): ResolvedOptions {
  if (typeof options !== 'object' || options === null) fail('options', 'an object');
  const keys = options.keys ?? DEFAULT_KEYS;
  if (!Array.isArray(keys)) fail('keys', 'an array of { key, limit, consumed?, products }');
  const seen = new Set<string>();
  const checkedKeys = keys.map((settings, index) => {
    const where = `keys[${index}]`;
    if (typeof settings?.key !== 'string' || settings.key.trim() === '') fail(`${where}.key`, 'a non-empty string');
    if (seen.has(settings.key)) fail(`${where}.key`, 'unique');
    seen.add(settings.key);
    checkKeyNumbers(settings, where);
    return Object.freeze({ ...settings, products: checkProducts(settings.products, `${where}.products`) });
  });

  const seed = options.seed ?? DEFAULT_SEED;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) fail('seed', 'a safe integer');
  const providerTimeoutMs = options.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  if (!isTimerDuration(providerTimeoutMs) || providerTimeoutMs === 0) fail('providerTimeoutMs', `a number of milliseconds > 0 and <= ${MAX_TIMER_MS} (the longest timer)`);
  const latency = options.latency ?? 'none';
  if (latency !== 'none' && latency !== 'realistic') fail('latency', "'none' or 'realistic'");
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') fail('now', 'a function returning epoch milliseconds');
  const historyCap = options.historyCap ?? DEFAULT_HISTORY_CAP;
  if (!isCount(historyCap)) fail('historyCap', 'an integer >= 0');
  const requestLogCap = options.requestLogCap ?? RECORDED_REQUESTS_CAP;
  if (!isCount(requestLogCap)) fail('requestLogCap', 'an integer >= 0');
  const requestLogMaxBytes = options.requestLogMaxBytes ?? REQUEST_LOG_MAX_BYTES;
  if (!isCount(requestLogMaxBytes) || !Number.isSafeInteger(requestLogMaxBytes)) fail('requestLogMaxBytes', 'an integer >= 0 (bytes)');

  let baseUrl: string | undefined;
  if (options.baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch (error) {
      fail('baseUrl', 'an absolute http(s) URL', error);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('baseUrl', 'an absolute http(s) URL');
    if (url.search || url.hash) fail('baseUrl', 'a URL without query or fragment');
    baseUrl = (url.origin + url.pathname).replace(/\/+$/, '');
  }

  let rateLimit: ResolvedOptions['rateLimit'];
  if (options.rateLimit !== undefined) {
    const { requests, windowMs } = options.rateLimit ?? ({} as never);
    if (!isCount(requests) || requests === 0) fail('rateLimit.requests', 'an integer >= 1');
    if (!isDuration(windowMs) || windowMs === 0) fail('rateLimit.windowMs', 'a number of milliseconds > 0');
    rateLimit = { requests, windowMs };
  }

  return { keys: checkedKeys, seed, providerTimeoutMs, latency, now, baseUrl, historyCap, requestLogCap, requestLogMaxBytes, rateLimit };
}

/** Validates `setProgramBehavior` arguments. */
export function checkBehavior(program: unknown, behavior: unknown): asserts program is ProgramCode {
  const where = 'setProgramBehavior';
  if (!(PROGRAM_CODES as readonly unknown[]).includes(program)) {
    throw new TypeError(`${where}: \`program\` must be one of ${PROGRAM_CODES.join(', ')}.`);
  }
  if (behavior === null) return;
  if (typeof behavior !== 'object' || behavior === undefined) throw new TypeError(`${where}: \`behavior\` must be an object or null.`);
  const { latencyMs, fail: failure, hang } = behavior as ProgramBehavior;
  if (latencyMs !== undefined && !isTimerDuration(latencyMs)) {
    throw new TypeError(`${where}: \`behavior.latencyMs\` must be a number from 0 to ${MAX_TIMER_MS} (ms, the longest timer).`);
  }
  if (hang !== undefined && typeof hang !== 'boolean') throw new TypeError(`${where}: \`behavior.hang\` must be a boolean.`);
  if (failure !== undefined) {
    if (typeof failure !== 'object' || failure === null || !Number.isInteger(failure.status) || failure.status < 100 || failure.status > 599) {
      throw new TypeError(`${where}: \`behavior.fail.status\` must be an HTTP status from 100 to 599.`);
    }
    if (failure.message !== undefined && typeof failure.message !== 'string') {
      throw new TypeError(`${where}: \`behavior.fail.message\` must be a string.`);
    }
  }
}
