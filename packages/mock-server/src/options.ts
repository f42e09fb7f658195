import { DEFAULT_HISTORY_CAP, DEFAULT_KEYS, DEFAULT_PROVIDER_TIMEOUT_MS, DEFAULT_SEED } from './defaults.js';
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
  rateLimit: { requests: number; windowMs: number } | undefined;
}

const PRODUCTS: readonly Product[] = ['search', 'history'];

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isDuration = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function fail(option: string, expected: string, cause?: unknown): never {
  throw new TypeError(`createFlightSearchMock: option \`${option}\` must be ${expected}.`, cause ? { cause } : undefined);
}

/** Validates the products of a key; `where` names the option in the error. */
export function checkProducts(products: unknown, where: string): Product[] {
  if (!Array.isArray(products) || products.some((product) => !PRODUCTS.includes(product))) {
    fail(where, `an array of ${PRODUCTS.map((p) => `'${p}'`).join(' and ')}`);
  }
  return [...new Set(products as Product[])];
}

/**
 * Validates a key's limit and consumption; `current` is the key's state when only some fields change.
 * Consumption above the limit is refused (QUOTA-1): `consumed + remaining = limit` must hold in every state.
 */
export function checkKeyNumbers(
  settings: { limit?: unknown; consumed?: unknown },
  where: string,
  current?: { limit: number; consumed: number },
): void {
  if (settings.limit !== undefined && !isCount(settings.limit)) fail(`${where}.limit`, 'an integer >= 0');
  if (settings.consumed !== undefined && !isCount(settings.consumed)) fail(`${where}.consumed`, 'an integer >= 0');
  const limit = (settings.limit as number | undefined) ?? current?.limit;
  const consumed = (settings.consumed as number | undefined) ?? current?.consumed ?? 0;
  if (limit !== undefined && consumed > limit) fail(`${where}.consumed`, `at most the limit (${consumed} > ${limit})`);
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
    if (settings.limit === undefined) fail(`${where}.limit`, 'an integer >= 0');
    checkKeyNumbers(settings, where);
    return Object.freeze({ ...settings, products: checkProducts(settings.products, `${where}.products`) });
  });

  const seed = options.seed ?? DEFAULT_SEED;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) fail('seed', 'a safe integer');
  const providerTimeoutMs = options.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  if (!isDuration(providerTimeoutMs) || providerTimeoutMs === 0) fail('providerTimeoutMs', 'a number of milliseconds > 0');
  const latency = options.latency ?? 'none';
  if (latency !== 'none' && latency !== 'realistic') fail('latency', "'none' or 'realistic'");
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') fail('now', 'a function returning epoch milliseconds');
  const historyCap = options.historyCap ?? DEFAULT_HISTORY_CAP;
  if (!isCount(historyCap)) fail('historyCap', 'an integer >= 0');

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

  return { keys: checkedKeys, seed, providerTimeoutMs, latency, now, baseUrl, historyCap, rateLimit };
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
  if (latencyMs !== undefined && !isDuration(latencyMs)) throw new TypeError(`${where}: \`behavior.latencyMs\` must be a number >= 0.`);
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
