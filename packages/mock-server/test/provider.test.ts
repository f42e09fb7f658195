import { describe, expect, it } from 'vitest';
import { programLatencyMs } from '../src/data/index.js';
import { resolveOptions } from '../src/options.js';
import { providerLatencyMs } from '../src/provider/simulate.js';
import { quotaOf, search, useMockService, validSearch } from './support/msw.js';

const service = useMockService();

describe('provider simulation', () => {
  it('PROVIDER-1: a failing program is a 200 with success false, data null and the provider status (RAW)', async () => {
    const mock = service.mock();
    mock.setProgramBehavior('PROGRAM_4', { fail: { status: 503, message: 'Program 4 is down.' } });
    const response = await search(validSearch({ airlineLoyalty: ['PROGRAM_4'] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      results: [
        {
          airline: 'PROGRAM_4',
          success: false,
          data: null,
          error: { message: 'Program 4 is down.', providerStatusCode: 503 },
        },
      ],
      summary: { totalAirlinesRequested: 1, successfulSearches: 0, failedSearches: 1 },
    });
  });

  it('PROVIDER-1: a failed PARSED item has flights null and the error (D7), with a default message', async () => {
    const mock = service.mock();
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 500 } });
    const { results, summary } = await (await search(validSearch({ responseFormat: 'PARSED' }))).json();
    expect(results[0]).toMatchObject({
      airline: 'PROGRAM_1',
      success: false,
      flights: null,
      error: { providerStatusCode: 500 },
    });
    expect(results[0].error.message).toContain('500');
    expect(summary.failedSearches).toBe(1);
  });

  it('PROVIDER-1: a failure affects only its program, and setProgramBehavior(null) clears it', async () => {
    const mock = service.mock();
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 502 } });
    expect((await (await search(validSearch({ airlineLoyalty: ['PROGRAM_2'] }))).json()).results[0].success).toBe(true);
    mock.setProgramBehavior('PROGRAM_1', null);
    expect((await (await search(validSearch())).json()).results[0].success).toBe(true);
  });

  it('PROVIDER-2: a hanging program is a 504 failure inside a 200 after providerTimeoutMs', async () => {
    const mock = service.mock({ providerTimeoutMs: 60 });
    mock.setProgramBehavior('PROGRAM_1', { hang: true });
    const started = performance.now();
    const response = await search(validSearch());
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    const { results, summary } = await response.json();
    expect(results[0]).toMatchObject({ success: false, data: null, error: { providerStatusCode: 504 } });
    expect(summary).toEqual({ totalAirlinesRequested: 1, successfulSearches: 0, failedSearches: 1 });
    expect(elapsed).toBeGreaterThanOrEqual(55);
    expect((await quotaOf()).consumed).toBe(1);
  });

  it('PROVIDER-2: a program slower than providerTimeoutMs is given up on with a 504', async () => {
    const mock = service.mock({ providerTimeoutMs: 40 });
    mock.setProgramBehavior('PROGRAM_1', { latencyMs: 5_000 });
    const { results } = await (await search(validSearch())).json();
    expect(results[0].error.providerStatusCode).toBe(504);
  });

  it("PROVIDER-2: the default time-out is the spec's 29 seconds", () => {
    expect(resolveOptions().providerTimeoutMs).toBe(29_000);
    expect(resolveOptions({ providerTimeoutMs: 5 }).providerTimeoutMs).toBe(5);
  });

  it('answers each program after its own latency: a slow program arrives after a fast one', async () => {
    const mock = service.mock();
    mock.setProgramBehavior('PROGRAM_1', { latencyMs: 300 });
    const order: string[] = [];
    await Promise.all([
      search(validSearch()).then(() => order.push('slow')),
      search(validSearch({ airlineLoyalty: ['PROGRAM_2'] })).then(() => order.push('fast')),
    ]);
    expect(order).toEqual(['fast', 'slow']);
  });

  it('realistic latency gives each program its own deterministic latency between 0.2 and 4 s', () => {
    const settings = { seed: 5, latency: 'realistic' as const, providerTimeoutMs: 29_000 };
    const latencies = [
      'PROGRAM_1',
      'PROGRAM_2',
      'PROGRAM_3',
      'PROGRAM_4',
      'PROGRAM_5',
      'PROGRAM_6',
      'PROGRAM_7',
      'PROGRAM_8',
    ].map((p) => providerLatencyMs(p as 'PROGRAM_1', undefined, settings));
    for (const latency of latencies) {
      expect(latency).toBeGreaterThanOrEqual(200);
      expect(latency).toBeLessThanOrEqual(4000);
    }
    expect(new Set(latencies).size).toBeGreaterThan(4);
    expect(latencies[0]).toBe(programLatencyMs(5, 'PROGRAM_1'));
    expect(providerLatencyMs('PROGRAM_1', undefined, { ...settings, latency: 'none' })).toBe(0);
  });

  it('an aborted search rejects at once, is recorded as aborted, and the key stays redacted', async () => {
    const mock = service.mock();
    mock.setProgramBehavior('PROGRAM_1', { latencyMs: 10_000 });
    const controller = new AbortController();
    const pending = search(validSearch(), { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [recorded] = mock.requests();
    expect(recorded).toMatchObject({ method: 'POST', path: '/flights/search', aborted: true });
    expect(recorded!.headers['x-api-key']).toBe('[redacted]');
    expect(recorded!.status).toBeUndefined();
  });
});
