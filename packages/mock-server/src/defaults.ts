import type { KeySettings } from './types.js';

/**
 * The keys a mock has when no `keys` option is given.
 *
 * | key | limit | products |
 * |---|---|---|
 * | `test-key` | 1000 | search, history |
 * | `search-only-key` | 1000 | search (history answers 403) |
 * | `low-quota-key` | 2 | search, history |
 * | `empty-key` | 0 | search, history |
 *
 * @example
 * const mock = createFlightSearchMock();
 * await fetch('https://api.example.com/quota', { headers: { 'x-api-key': 'test-key' } });
 */
export const DEFAULT_KEYS: readonly Readonly<KeySettings>[] = Object.freeze([
  Object.freeze({ key: 'test-key', limit: 1000, products: ['search', 'history'] }),
  Object.freeze({ key: 'search-only-key', limit: 1000, products: ['search'] }),
  Object.freeze({ key: 'low-quota-key', limit: 2, products: ['search', 'history'] }),
  Object.freeze({ key: 'empty-key', limit: 0, products: ['search', 'history'] }),
]) as readonly Readonly<KeySettings>[];

/** Default of `requestLogCap` (the option table, src/options.ts), and of a request log made without one. */
export const RECORDED_REQUESTS_CAP = 10_000;
/** Default byte cap of the request log (`requestLogMaxBytes`): headers, paths and kept bodies together. */
export const REQUEST_LOG_MAX_BYTES = 16 * 1024 * 1024;
/** The most of one body the request log keeps; a larger body is kept as its first bytes, flagged `bodyTruncated`. */
export const RECORDED_BODY_PREFIX_BYTES = 4 * 1024;
/** The longest timer Node can set (2^31 - 1 ms, about 24.8 days); a longer `setTimeout` fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The request line and headers the standalone server and the contract proxy read: 64 KiB, not Node's 16 (issue 39 item 7). */
export const MAX_HEADER_BYTES = 64 * 1024;
