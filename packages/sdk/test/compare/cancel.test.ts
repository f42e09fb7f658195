import { describe, expect, it, vi } from 'vitest';
import { AbortError, compareProgramsStreaming, type ProgramCode } from '../../src/index.js';
import { client, delay, fakeService, oneWay, tracked } from './support.js';

const programs: ProgramCode[] = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'];

describe('compareProgramsStreaming cancellation', () => {
  it('breaking out of the loop aborts every search in flight, and the loop ends only once they settled', async () => {
    const log = fakeService({
      PROGRAM_1: { latencyMs: 20 },
      PROGRAM_2: { latencyMs: 3000 },
      PROGRAM_3: { latencyMs: 3000 },
      PROGRAM_4: { latencyMs: 3000 },
    });
    const t = tracked(client());
    const seen: string[] = [];
    for await (const o of compareProgramsStreaming(t.client, { ...oneWay, programs })) {
      seen.push(o.program);
      break;
    }
    expect(seen).toEqual(['PROGRAM_1']);
    expect(t.pending()).toBe(0);
    await delay(20);
    expect(log.aborted.sort()).toEqual(['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4']);
    expect(log.answered).toEqual(['PROGRAM_1']);
  });

  it('breaking out starts no more searches: with concurrency 1 the queued programs are never sent', async () => {
    const log = fakeService({
      PROGRAM_1: { latencyMs: 10 },
      PROGRAM_2: { latencyMs: 3000 },
      PROGRAM_3: { latencyMs: 10 },
      PROGRAM_4: { latencyMs: 10 },
    });
    const t = tracked(client());
    for await (const o of compareProgramsStreaming(t.client, { ...oneWay, programs }, { concurrency: 1 })) {
      expect(o.program).toBe('PROGRAM_1');
      // PROGRAM_2 takes the freed slot while the reader looks at PROGRAM_1's outcome.
      await vi.waitFor(() => expect(log.started).toHaveLength(2));
      break;
    }
    expect(t.pending()).toBe(0);
    await delay(60);
    expect(log.started).toEqual(['PROGRAM_1', 'PROGRAM_2']);
    expect(log.aborted).toEqual(['PROGRAM_2']);
  });

  it('return() while a next() is pending stops at once: both settle done once the searches in flight settled', async () => {
    const log = fakeService({ PROGRAM_1: { latencyMs: 3000 }, PROGRAM_2: { latencyMs: 3000 } });
    const t = tracked(client());
    const it = compareProgramsStreaming(t.client, { ...oneWay, programs: ['PROGRAM_1', 'PROGRAM_2'] });
    const pending = it.next();
    await delay(30);
    expect(t.pending()).toBe(2);
    const [first, returned] = await Promise.all([pending, it.return()]);
    expect(first).toEqual({ value: undefined, done: true });
    expect(returned).toEqual({ value: undefined, done: true });
    expect(t.pending()).toBe(0);
    await delay(20);
    expect(log.aborted.sort()).toEqual(['PROGRAM_1', 'PROGRAM_2']);
    expect(log.answered).toEqual([]);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });

  it('aborting the signal aborts the searches in flight, starts none of the queued ones and ends the loop with AbortError once they settled', async () => {
    const log = fakeService({
      PROGRAM_1: { latencyMs: 10 },
      PROGRAM_2: { latencyMs: 3000 },
      PROGRAM_3: { latencyMs: 3000 },
      PROGRAM_4: { latencyMs: 10 },
    });
    const t = tracked(client());
    const controller = new AbortController();
    const seen: string[] = [];
    const loop = (async () => {
      for await (const o of compareProgramsStreaming(
        t.client,
        { ...oneWay, programs },
        { signal: controller.signal, concurrency: 2 },
      )) {
        seen.push(o.program);
        // PROGRAM_3 takes PROGRAM_1's slot; PROGRAM_4 still waits for one when the signal aborts.
        await vi.waitFor(() => expect(log.started).toHaveLength(3));
        controller.abort();
      }
    })();
    const error = await loop.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(seen).toEqual(['PROGRAM_1']);
    expect(t.pending()).toBe(0);
    // The aborted searches freed both slots: PROGRAM_4 could have started, and must not.
    await delay(60);
    expect(log.started).toEqual(['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3']);
    expect(log.aborted.sort()).toEqual(['PROGRAM_2', 'PROGRAM_3']);
  });

  it('a signal aborted before the loop starts throws AbortError and sends nothing', async () => {
    const log = fakeService({});
    const it = compareProgramsStreaming(client(), oneWay, { signal: AbortSignal.abort() });
    await expect(it.next()).rejects.toBeInstanceOf(AbortError);
    await delay(20);
    expect(log.started).toEqual([]);
  });

  it('detaches its abort listener from the caller signal when the loop ends', async () => {
    fakeService({});
    const controller = new AbortController();
    const added: unknown[] = [];
    const removed: unknown[] = [];
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((type: string, l: EventListener) => {
      added.push(l);
      add(type, l);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((type: string, l: EventListener) => {
      removed.push(l);
      remove(type, l);
    }) as typeof signal.removeEventListener;
    for await (const _ of compareProgramsStreaming(client(), { ...oneWay, programs: ['PROGRAM_1'] }, { signal }));
    expect(added).toHaveLength(1);
    expect(removed).toEqual(added);
  });
});
