import { DEFAULT_HISTORY_CAP, DEFAULT_KEYS, DEFAULT_PROVIDER_TIMEOUT_MS, DEFAULT_SEED, RECORDED_REQUESTS_CAP, REQUEST_LOG_MAX_BYTES } from './defaults.js';
import type { KeySettings, MockClock, MockOptions } from './types.js';
import type { ProgramCode } from '@flight-search/contract';
import { behaviorIssues, clockTime, MockSettingError, optionIssues, programProblem } from './settings.js';

export interface ResolvedOptions {
  keys: readonly Readonly<KeySettings>[];
  seed: number;
  providerTimeoutMs: number;
  latency: 'none' | 'realistic';
  now: () => number;
  /** The JSON clock setting the `now` came from, when it came from one (read back by `state()`). */
  clock: MockClock | undefined;
  /**
   * Each base URL as `origin + path` without a trailing slash, or undefined when the service is at the
   * root of any origin (`baseUrl: '*'`, or none: then the msw handlers are refused, D127).
   */
  baseUrls: readonly string[] | undefined;
  /** `baseUrl` as given, normalized (what `state()` reads back). */
  baseUrl: string | readonly string[] | undefined;
  historyCap: number;
  requestLogCap: number;
  requestLogMaxBytes: number;
  rateLimit: { requests: number; windowMs: number } | undefined;
}

/**
 * Checks every option up front (src/settings.ts, the one checker) and applies
 * the defaults; bad options are one TypeError naming each of them.
 * `where` names the caller in the message.
 */
export function resolveOptions(options: MockOptions = {}, where = 'createFlightSearchMock'): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new MockSettingError(where, 'options', [{ field: '', type: 'invalid_type', message: 'must be an object.' }], 'option ');
  }
  const issues = optionIssues(options);
  if (issues.length > 0) throw new MockSettingError(where, '', issues, 'option ');

  const normalized = (given: string) => {
    const url = new URL(given);
    return (url.origin + url.pathname).replace(/\/+$/, '');
  };
  const given = options.baseUrl;
  const baseUrls = given === undefined || given === '*' ? undefined : (typeof given === 'string' ? [given] : given).map(normalized);
  const baseUrl = given === '*' || baseUrls === undefined ? given : typeof given === 'string' ? baseUrls[0] : baseUrls;
  const keys = (options.keys ?? DEFAULT_KEYS).map((settings) => Object.freeze({ ...settings, products: [...new Set(settings.products)] }));
  return {
    keys,
    seed: options.seed ?? DEFAULT_SEED,
    providerTimeoutMs: options.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    latency: options.latency ?? 'none',
    now: options.now ?? clockOf(options.clock),
    clock: options.clock === undefined ? undefined : { ...options.clock },
    baseUrls,
    baseUrl,
    historyCap: options.historyCap ?? DEFAULT_HISTORY_CAP,
    requestLogCap: options.requestLogCap ?? RECORDED_REQUESTS_CAP,
    requestLogMaxBytes: options.requestLogMaxBytes ?? REQUEST_LOG_MAX_BYTES,
    rateLimit: options.rateLimit && { requests: options.rateLimit.requests, windowMs: options.rateLimit.windowMs },
  };
}

/** The mock's clock of a `clock` setting: a fixed instant, or the real time shifted by `offsetMs`. */
function clockOf(clock: MockClock | undefined): () => number {
  if (clock === undefined) return Date.now;
  if (clock.at !== undefined) {
    const at = clockTime(clock.at)!;
    return () => at;
  }
  const offset = clock.offsetMs ?? 0;
  return () => Date.now() + offset;
}

/** Validates `setProgramBehavior` arguments with the checker the control API runs too. */
export function checkBehavior(program: unknown, behavior: unknown): asserts program is ProgramCode {
  const where = 'setProgramBehavior';
  const problem = programProblem(program);
  if (problem !== undefined) throw new MockSettingError(where, 'program', [{ field: '', type: 'invalid_enum', message: problem }]);
  if (behavior === null) return;
  const issues = behaviorIssues(behavior);
  if (issues.length > 0) throw new MockSettingError(where, 'behavior', issues);
}
