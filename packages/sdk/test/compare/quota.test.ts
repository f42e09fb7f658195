import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  compareProgramsStreaming,
  QuotaExceededError,
  type CompareClient,
  type CompareOutcome,
  type ProgramCode,
} from '../../src/index.js';
import { BASE_URL, collect, client, delay, fakeService, oneWay, server } from './support.js';

const programs: ProgramCode[] = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'];
const roundTrip = { ...oneWay, tripType: 'ROUND_TRIP', returnDate: '2026-12-22', programs } as const;

describe('compareProgramsStreaming quota pre-flight', () => {
  it("QUOTA-1: quotaCheck 'throw' throws QuotaExceededError before spending anything when the quota cannot pay for every search", async () => {
    const log = fakeService({}, 7);
    const error = await collect(compareProgramsStreaming(client(), roundTrip, { quotaCheck: 'throw' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({ status: 402, requiredUnits: 8, remainingUnits: 7 });
    expect(log.quotaReads).toBe(1);
    await delay(20);
    expect(log.started).toEqual([]);
    expect(log.remaining).toBe(7);
  });

  it("QUOTA-1: quotaCheck 'throw' runs every search when the quota pays for all of them, spending 2 units per ROUND_TRIP", async () => {
    const log = fakeService({}, 8);
    const outcomes = await collect(compareProgramsStreaming(client(), roundTrip, { quotaCheck: 'throw' }));
    expect(outcomes.map((o) => o.kind)).toEqual(['result', 'result', 'result', 'result']);
    expect(log.remaining).toBe(0);
  });

  it("QUOTA-1: quotaCheck 'partial' runs the programs it can pay for, in the given order, and reports the rest as skipped", async () => {
    const log = fakeService({ PROGRAM_1: { latencyMs: 120 }, PROGRAM_2: { latencyMs: 10 } }, 5);
    const outcomes = await collect(compareProgramsStreaming(client(), roundTrip, { quotaCheck: 'partial' }));
    const summary = outcomes.map((o: CompareOutcome) => [o.program, o.kind, o.completed, o.total]);
    // Skipped programs are known before any answer, so they come first.
    expect(summary).toEqual([
      ['PROGRAM_3', 'skipped', 1, 4],
      ['PROGRAM_4', 'skipped', 2, 4],
      ['PROGRAM_2', 'result', 3, 4],
      ['PROGRAM_1', 'result', 4, 4],
    ]);
    expect(outcomes[0]!.elapsedMs).toBe(0);
    expect(log.started.sort()).toEqual(['PROGRAM_1', 'PROGRAM_2']);
    expect(log.remaining).toBe(1);
  });

  it("QUOTA-1: quotaCheck 'partial' with no quota left skips every program and sends no search", async () => {
    const log = fakeService({}, 0);
    const outcomes = await collect(
      compareProgramsStreaming(client(), { ...oneWay, programs }, { quotaCheck: 'partial' }),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
    expect(log.started).toEqual([]);
  });

  it('QUOTA-1: concurrent readers of a failed pre-flight: the first next() rejects, the later ones end', async () => {
    fakeService({}, 0);
    const it = compareProgramsStreaming(client(), { ...oneWay, programs }, { quotaCheck: 'throw' });
    const [first, second] = await Promise.allSettled([it.next(), it.next()]);
    expect(first.status === 'rejected' && first.reason).toBeInstanceOf(QuotaExceededError);
    expect(second).toEqual({ status: 'fulfilled', value: { value: undefined, done: true } });
  });

  it('QUOTA-1: aborting the signal during the pre-flight rejects with AbortError and sends no search', async () => {
    const log = fakeService({}, 100);
    const inner = client();
    const slowQuota: CompareClient = {
      searchFlights: inner.searchFlights,
      getQuota: async (options) => {
        await delay(30);
        return inner.getQuota(options);
      },
    };
    const controller = new AbortController();
    const it = compareProgramsStreaming(
      slowQuota,
      { ...oneWay, programs },
      { signal: controller.signal, quotaCheck: 'throw' },
    );
    const first = it.next();
    controller.abort();
    await expect(first).rejects.toBeInstanceOf(AbortError);
    await delay(20);
    expect(log.quotaReads).toBe(0);
    expect(log.started).toEqual([]);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });

  it('QUOTA-1: return() during a slow pre-flight aborts the quota read, resolves at once and sends no search', async () => {
    const log = fakeService({}, 100);
    const quotaRead = { aborted: false };
    server.use(
      http.get(`${BASE_URL}/quota`, async ({ request }) => {
        await new Promise<void>((resolve) => {
          setTimeout(resolve, 3000);
          request.signal.addEventListener('abort', () => {
            quotaRead.aborted = true;
            resolve();
          });
        });
        return HttpResponse.json({ limit: 1000, consumed: 900, remaining: 100, usageByCompany: [] });
      }),
    );
    const it = compareProgramsStreaming(client(), { ...oneWay, programs }, { quotaCheck: 'throw' });
    const first = it.next();
    await delay(30);
    const start = performance.now();
    const done = { value: undefined, done: true };
    expect(await Promise.all([first, it.return()])).toEqual([done, done]);
    expect(performance.now() - start).toBeLessThan(500);
    expect(quotaRead.aborted).toBe(true);
    await delay(20);
    expect(log.started).toEqual([]);
    expect(await it.next()).toEqual(done);
  });

  it("quotaCheck 'off' (the default) never reads the quota", async () => {
    const log = fakeService({});
    await collect(compareProgramsStreaming(client(), { ...oneWay, programs }));
    expect(log.quotaReads).toBe(0);
    expect(log.remaining).toBe(996);
  });
});
