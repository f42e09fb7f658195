import type { ProgramCode } from '@flight-search/contract';
import { BaselineCache } from './history/baseline-cache.js';
import { HistoryStore } from './history/store.js';
import type { ResolvedOptions } from './options.js';
import { KeyLedger } from './quota/ledger.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { RequestLog } from './recording/request-log.js';
import { SearchCache } from './data/search-cache.js';
import type { ActiveFault } from './faults.js';
import { StubSet } from './stubs.js';
import type { FaultRoute, ProgramBehavior } from './types.js';

/** Everything one mock instance remembers; `reset()` replaces it with a fresh one. */
export interface MockState {
  readonly options: ResolvedOptions;
  readonly ledgers: Map<string, KeyLedger>;
  readonly behaviors: Map<ProgramCode, ProgramBehavior>;
  readonly history: HistoryStore;
  readonly baseline: BaselineCache;
  readonly log: RequestLog;
  /** Generated searches, most recently used kept (generation is deterministic). */
  readonly searches: SearchCache;
  readonly rateLimiter: RateLimiter | undefined;
  /** Service faults in force, per route (`all` for every route). */
  readonly faults: Map<FaultRoute, ActiveFault>;
  /** Stubs and scenario states (issue 30); a fresh state starts from the `stubs` option's. */
  readonly stubs: StubSet;
  /**
   * What is set for one key only (D154), by the key: only for a key `ledgers` holds, so it is
   * bounded by `MAX_KEYS`, and dropped with its key.
   */
  readonly scopes: Map<string, KeyScope>;
}

/** The faults, program behaviours and rate limit of one key: each comes before the global one (D154). */
export interface KeyScope {
  readonly faults: Map<FaultRoute, ActiveFault>;
  readonly behaviors: Map<ProgramCode, ProgramBehavior>;
  rateLimit?: { requests: number; windowMs: number };
  rateLimiter?: RateLimiter;
}

/** The scope of the key a request sent, if that key has one. */
export const scopeOf = (state: MockState, key: string | null): KeyScope | undefined => (key === null ? undefined : state.scopes.get(key));

export function createState(options: ResolvedOptions): MockState {
  return {
    options,
    ledgers: new Map(options.keys.map((settings) => [settings.key, new KeyLedger(settings)])),
    behaviors: new Map(),
    history: new HistoryStore(options.historyCap),
    baseline: new BaselineCache(options.seed),
    log: new RequestLog(options.requestLogCap, options.requestLogMaxBytes),
    searches: new SearchCache(options.seed),
    rateLimiter: options.rateLimit && new RateLimiter(options.rateLimit.requests, options.rateLimit.windowMs),
    faults: new Map(),
    stubs: new StubSet(options.stubs),
    scopes: new Map(),
  };
}
