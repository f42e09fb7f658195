import type { ProgramCode } from '@flight-search/sdk';

/** Per-program provider behaviour, as the mock's `setProgramBehavior` takes it. */
export interface ProgramBehavior {
  latencyMs?: number;
  fail?: { status: number; message?: string };
  hang?: boolean;
}

/** How the in-page mock is set up, read from the page's query string. */
export interface MockHooks {
  seed?: number;
  latency: 'none' | 'realistic';
  providerTimeoutMs?: number;
  behaviors: Map<ProgramCode, ProgramBehavior>;
}

const PROGRAM = /^(PROGRAM_[1-8]|PROGRAM_3_INTERLINE)$/;

/**
 * Reads the in-page mock's scenario from the query string, so a test (or a
 * person) can open a page where programs answer at chosen speeds or fail:
 *
 * - `latency=PROGRAM_1:50,PROGRAM_2:300` per-program latency in ms; a bare
 *   `none` or `realistic` entry sets the mode of the others (default realistic);
 * - `fail=PROGRAM_4:503` a provider failure with that status (`PROVIDER-1`);
 * - `hang=PROGRAM_5` never answers, so it times out after `providerTimeoutMs` (`PROVIDER-2`);
 * - `seed=7`, `providerTimeoutMs=3000`.
 *
 * @throws TypeError naming the parameter, for a value it cannot read.
 * @example
 * parseMockHooks('?latency=PROGRAM_1:50&fail=PROGRAM_4:503').behaviors.get('PROGRAM_4');
 * // { fail: { status: 503, message: 'Simulated failure of PROGRAM_4 (503)' } }
 */
export function parseMockHooks(search: string): MockHooks {
  const params = new URLSearchParams(search);
  const hooks: MockHooks = { latency: 'realistic', behaviors: new Map() };
  const behavior = (program: string, param: string): ProgramBehavior => {
    if (!PROGRAM.test(program)) throw new TypeError(`${param}: unknown program ${JSON.stringify(program)}`);
    const code = program as ProgramCode;
    const found = hooks.behaviors.get(code) ?? {};
    hooks.behaviors.set(code, found);
    return found;
  };
  const entries = (param: string) =>
    (params.get(param) ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  const number = (value: string | undefined, param: string, min: number, max: number): number => {
    const n = Number(value);
    if (value === undefined || value === '' || !Number.isInteger(n) || n < min || n > max) {
      throw new TypeError(`${param}: expected an integer from ${min} to ${max}, got ${JSON.stringify(value ?? '')}`);
    }
    return n;
  };

  for (const entry of entries('latency')) {
    if (entry === 'none' || entry === 'realistic') hooks.latency = entry;
    else {
      const [program = '', ms] = entry.split(':');
      behavior(program, 'latency').latencyMs = number(ms, 'latency', 0, 120_000);
    }
  }
  for (const entry of entries('fail')) {
    const [program = '', status] = entry.split(':');
    const code = number(status, 'fail', 400, 599);
    behavior(program, 'fail').fail = { status: code, message: `Simulated failure of ${program} (${code})` };
  }
  for (const program of entries('hang')) behavior(program, 'hang').hang = true;
  if (params.has('seed')) hooks.seed = number(params.get('seed') ?? undefined, 'seed', 0, 2 ** 31 - 1);
  if (params.has('providerTimeoutMs')) {
    hooks.providerTimeoutMs = number(params.get('providerTimeoutMs') ?? undefined, 'providerTimeoutMs', 1, 120_000);
  }
  return hooks;
}
