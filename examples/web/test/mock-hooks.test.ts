import { describe, expect, it } from 'vitest';
import { parseMockHooks } from '../src/mock-hooks.js';

describe('parseMockHooks', () => {
  it('reads per-program latencies, failures and hangs from the query string', () => {
    const hooks = parseMockHooks(
      '?latency=PROGRAM_1:50,PROGRAM_2:300,none&fail=PROGRAM_4:503&hang=PROGRAM_5&seed=7&providerTimeoutMs=2000',
    );
    expect(hooks.latency).toBe('none');
    expect(hooks.seed).toBe(7);
    expect(hooks.providerTimeoutMs).toBe(2000);
    expect(Object.fromEntries(hooks.behaviors)).toEqual({
      PROGRAM_1: { latencyMs: 50 },
      PROGRAM_2: { latencyMs: 300 },
      PROGRAM_4: { fail: { status: 503, message: 'Simulated failure of PROGRAM_4 (503)' } },
      PROGRAM_5: { hang: true },
    });
  });

  it('merges several settings of one program and defaults to realistic latency', () => {
    const hooks = parseMockHooks('latency=PROGRAM_3_INTERLINE:80&fail=PROGRAM_3_INTERLINE:500');
    expect(hooks.latency).toBe('realistic');
    expect(hooks.behaviors.get('PROGRAM_3_INTERLINE')).toEqual({
      latencyMs: 80,
      fail: { status: 500, message: 'Simulated failure of PROGRAM_3_INTERLINE (500)' },
    });
  });

  it('rejects what it cannot read with a TypeError naming the parameter', () => {
    expect(() => parseMockHooks('?latency=PROGRAM_9:50')).toThrow(
      new TypeError('latency: unknown program "PROGRAM_9"'),
    );
    expect(() => parseMockHooks('?latency=PROGRAM_1:fast')).toThrow(/^latency: expected an integer/);
    expect(() => parseMockHooks('?fail=PROGRAM_1:200')).toThrow(/^fail: expected an integer from 400 to 599/);
    expect(() => parseMockHooks('?hang=program_1')).toThrow(TypeError);
    expect(() => parseMockHooks('?seed=-1')).toThrow(/^seed:/);
  });
});
