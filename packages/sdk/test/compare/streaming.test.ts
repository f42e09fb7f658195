import { beforeAll, describe, expect, it } from 'vitest';
import {
  compareProgramsStreaming,
  QuotaExceededError,
  TimeoutError,
  type CompareOutcome,
  type CompareRequest,
  type ProgramCode,
} from '../../src/index.js';
import { collect, client, delay, fakeService, oneWay } from './support.js';

describe('compareProgramsStreaming', () => {
  // The first request through msw pays for module loading and JIT; timing checks start warm.
  beforeAll(async () => {
    fakeService({});
    await collect(compareProgramsStreaming(client(), oneWay));
  });

  it('yields one outcome per program in completion order, the first as soon as the fastest program answers', async () => {
    const latencies = { PROGRAM_1: 600, PROGRAM_4: 100, PROGRAM_2: 350, PROGRAM_7: 220 } as const;
    const log = fakeService({
      PROGRAM_1: { latencyMs: 600 },
      PROGRAM_4: { latencyMs: 100 },
      PROGRAM_2: { latencyMs: 350 },
      PROGRAM_7: { latencyMs: 220 },
    });
    const request = { ...oneWay, programs: ['PROGRAM_1', 'PROGRAM_4', 'PROGRAM_2', 'PROGRAM_7'] } as const;
    // This machine's own cost of four searches without latency, so the margin below holds on a busy machine.
    let t0 = performance.now();
    await collect(
      compareProgramsStreaming(client(), {
        ...request,
        programs: ['PROGRAM_3', 'PROGRAM_5', 'PROGRAM_6', 'PROGRAM_3_INTERLINE'],
      }),
    );
    const overhead = performance.now() - t0;
    t0 = performance.now();
    const arrivals: [CompareOutcome, number][] = [];
    for await (const o of compareProgramsStreaming(client(), request)) {
      arrivals.push([o, performance.now() - t0]);
    }
    expect(arrivals.map(([o]) => o.program)).toEqual(['PROGRAM_4', 'PROGRAM_7', 'PROGRAM_2', 'PROGRAM_1']);
    expect(arrivals.map(([o]) => [o.kind, o.completed, o.total])).toEqual([
      ['result', 1, 4],
      ['result', 2, 4],
      ['result', 3, 4],
      ['result', 4, 4],
    ]);
    // Generous margins: the point is "the fastest program's latency, not the slowest's".
    const first = arrivals[0]![1];
    expect(first).toBeGreaterThanOrEqual(100);
    expect(first).toBeLessThan(100 + overhead + 40);
    expect(first).toBeLessThan(220);
    for (const [o] of arrivals)
      expect(o.elapsedMs).toBeGreaterThanOrEqual(latencies[o.program as keyof typeof latencies] - 5);
    expect(log.maxActive).toBe(4);
    expect(log.started).toHaveLength(8);
  });

  it('compares every MILES program by default, and every CASH airline for priceType CASH', async () => {
    const log = fakeService({});
    const miles = await collect(compareProgramsStreaming(client(), oneWay));
    expect(miles.map((o) => o.program).sort()).toEqual([
      'PROGRAM_1',
      'PROGRAM_2',
      'PROGRAM_3',
      'PROGRAM_3_INTERLINE',
      'PROGRAM_4',
      'PROGRAM_5',
      'PROGRAM_6',
      'PROGRAM_7',
    ]);
    const cash = await collect(compareProgramsStreaming(client(), { ...oneWay, priceType: 'CASH' }));
    expect(cash.map((o) => o.program).sort()).toEqual(['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_8']);
    expect(log.started).toHaveLength(11);
  });

  it('honours concurrency: never more searches in flight than asked, and every program still gets its outcome', async () => {
    const programs: ProgramCode[] = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4', 'PROGRAM_5', 'PROGRAM_6'];
    const log = fakeService(Object.fromEntries(programs.map((p) => [p, { latencyMs: 40 }])));
    const outcomes = await collect(compareProgramsStreaming(client(), { ...oneWay, programs }, { concurrency: 2 }));
    expect(log.maxActive).toBe(2);
    expect(outcomes.map((o) => o.program).sort()).toEqual(programs);
    expect(log.started).toEqual(programs);
  });

  it('SEARCH-2: rejects a program not allowed for the priceType up front, naming it, before any request', async () => {
    const log = fakeService({});
    // The types refuse these literals too; a value from JavaScript or a cast gets here.
    const cash = { ...oneWay, priceType: 'CASH', programs: ['PROGRAM_2', 'PROGRAM_1'] } as CompareRequest;
    expect(() => compareProgramsStreaming(client(), cash)).toThrow(
      new TypeError('programs: PROGRAM_1 is not a CASH program'),
    );
    expect(() => compareProgramsStreaming(client(), { ...oneWay, programs: ['PROGRAM_8'] } as CompareRequest)).toThrow(
      'programs: PROGRAM_8 is not a MILES program',
    );
    expect(() => compareProgramsStreaming(client(), { ...oneWay, programs: ['PROGRAM_2', 'PROGRAM_2'] })).toThrow(
      'programs: PROGRAM_2 is repeated',
    );
    // D143: a code shaped like a program but unknown is searched (the service judges it); a malformed one is not.
    expect(() => compareProgramsStreaming(client(), { ...oneWay, programs: ['program_9'] })).toThrow(
      'programs: program_9 is not a MILES program',
    );
    await delay(20);
    expect(log.started).toEqual([]);
  });

  it('rejects bad options with a TypeError naming the option', () => {
    const c = client();
    expect(() => compareProgramsStreaming(c, oneWay, { concurrency: 0 })).toThrow(/concurrency/);
    expect(() => compareProgramsStreaming(c, oneWay, { quotaCheck: 'maybe' as never })).toThrow(/quotaCheck/);
    // The client's own bound: a timer cannot wait 2 ** 31 ms or more.
    for (const timeoutMs of [-1, 0, Number.NaN, 2 ** 31, Number.POSITIVE_INFINITY])
      expect(() => compareProgramsStreaming(c, oneWay, { timeoutMs }), String(timeoutMs)).toThrow(
        new TypeError('invalid option "timeoutMs"'),
      );
    expect(() => compareProgramsStreaming(c, oneWay, { timeoutMs: 2 ** 31 - 1 })).not.toThrow();
    // The client's per-call checks, made at the call so that no search fails on them.
    expect(() => compareProgramsStreaming(c, oneWay, { maxRetries: -1 })).toThrow(
      new TypeError('invalid option "maxRetries"'),
    );
    expect(() => compareProgramsStreaming(c, oneWay, { headers: { 'X-Api-Key': 'other-key-5678' } })).toThrow(
      new TypeError('invalid option "headers"'),
    );
  });

  it('sends nothing until the iteration starts', async () => {
    const log = fakeService({});
    compareProgramsStreaming(client(), oneWay);
    await delay(20);
    expect(log.started).toEqual([]);
  });

  it('PROVIDER-1, QUOTA-1: a provider failure, a 402 and a time-out each become one outcome while the others continue', async () => {
    const log = fakeService({
      PROGRAM_1: { latencyMs: 10, providerFailure: 503 },
      PROGRAM_2: { latencyMs: 80, status: 402 },
      PROGRAM_3: { latencyMs: 5000 },
      PROGRAM_4: { latencyMs: 160 },
    });
    const outcomes = await collect(
      compareProgramsStreaming(
        client(),
        { ...oneWay, programs: ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'] },
        { timeoutMs: 400 },
      ),
    );
    expect(outcomes.map((o) => [o.program, o.kind])).toEqual([
      ['PROGRAM_1', 'result'],
      ['PROGRAM_2', 'error'],
      ['PROGRAM_4', 'result'],
      ['PROGRAM_3', 'error'],
    ]);
    const by = Object.fromEntries(outcomes.map((o) => [o.program, o]));
    const failed = by.PROGRAM_1!;
    expect(failed.kind === 'result' && !failed.item.success && failed.item.error.providerStatusCode).toBe(503);
    expect(by.PROGRAM_2!.kind === 'error' && by.PROGRAM_2!.error).toBeInstanceOf(QuotaExceededError);
    expect(by.PROGRAM_3!.kind === 'error' && by.PROGRAM_3!.error).toBeInstanceOf(TimeoutError);
    expect(by.PROGRAM_4!.kind === 'result' && by.PROGRAM_4!.item.success).toBe(true);
    expect(log.aborted).toEqual(['PROGRAM_3']);
  });
});
