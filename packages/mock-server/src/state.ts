import { HistoryStore } from './history/store.js';
import type { ResolvedOptions } from './options.js';
import { KeyLedger } from './quota/ledger.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { RequestLog } from './recording/request-log.js';
import { SearchCache } from './data/search-cache.js';
import { MockSettingError } from './settings.js';
import { StubSet } from './stubs/set.js';

/** Everything one mock instance remembers; `reset()` replaces it with a fresh one. */
export interface MockState {
  readonly options: ResolvedOptions;
  readonly ledgers: Map<string, KeyLedger>;
  readonly history: HistoryStore;
  readonly log: RequestLog;
  /** Generated searches, most recently used kept. */
  readonly searches: SearchCache;
  readonly rateLimiter: RateLimiter | undefined;
  /** Every override of the mock's answers, and the scenario states. */
  readonly stubs: StubSet;
  /** The rate limits set for one key only (D154), by key (keys `ledgers` holds). */
  readonly scopes: Map<string, KeyScope>;
}

/** One key's own rate limit, in place of the global one (D154). */
export interface KeyScope {
  rateLimit: { requests: number; windowMs: number };
  rateLimiter: RateLimiter;
}

export function createState(options: ResolvedOptions): MockState {
  const stubs = new StubSet(options, options.seed);
  for (const [index, stub] of options.stubs.entries()) {
    const issues = stubs.limitIssues(stub);
    if (issues.length > 0) throw new MockSettingError('stubs', `stubs.${index}`, issues, 'option ');
    stubs.put(stub);
  }
  return {
    options,
    ledgers: new Map(options.keys.map((settings) => [settings.key, new KeyLedger(settings)])),
    history: new HistoryStore(options.historyCap),
    log: new RequestLog(options.requestLogCap, options.requestLogMaxBytes),
    searches: new SearchCache(options.seed),
    rateLimiter: options.rateLimit && new RateLimiter(options.rateLimit.requests, options.rateLimit.windowMs),
    stubs,
    scopes: new Map(),
  };
}
