// compareProgramsStreaming against the project's own mock server (its msw handlers, in process).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlightSearchMock } from '../../../mock-server/src/index.js';
import {
  comparePrograms,
  compareProgramsStreaming,
  createFlightSearchClient,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  ValidationError,
  type CompareOutcome,
  type ProgramCode,
} from '../../src/index.js';
import { collect, delay, oneWay } from './fixtures.js';

const BASE_URL = 'http://compare.mock.flight-search.test';
const mock = createFlightSearchMock({ baseUrl: BASE_URL, providerTimeoutMs: 1000 });
const server = setupServer(...mock.handlers);
const sdk = (apiKey = 'test-key') => createFlightSearchClient({ apiKey, baseUrl: BASE_URL, retryDelay: () => 0 });
const searches = () => mock.requests().filter((r) => r.path === '/flights/search');
const programOf = (r: { body: unknown }) => (r.body as { airlineLoyalty: string[] }).airlineLoyalty[0];
const programs: ProgramCode[] = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Warm up msw and the mock so timing checks measure the comparison, not module start-up.
  await collect(compareProgramsStreaming(sdk(), { ...oneWay, responseFormat: 'PARSED' }));
  await collect(compareProgramsStreaming(sdk(), oneWay));
});
beforeEach(() => mock.reset());
afterAll(() => server.close());

describe('compareProgramsStreaming against the mock server', () => {
  it('yields outcomes in provider latency order, the first long before the slowest program answers', async () => {
    // How soon after the fastest program the first outcome comes is a speed figure, measured by
    // `npm run bench` (suite 3); here the wide spread of latencies makes the order and the
    // "does not wait for the others" checks independent of the machine's load.
    const request = { ...oneWay, responseFormat: 'PARSED', programs } as const;
    await collect(compareProgramsStreaming(sdk(), request));
    // All under the mock's provider time-out here (1 s), so every program answers with its flights.
    const latency = { PROGRAM_1: 900, PROGRAM_2: 100, PROGRAM_3: 650, PROGRAM_4: 400 };
    for (const [p, latencyMs] of Object.entries(latency)) mock.setProgramBehavior(p as ProgramCode, { latencyMs });
    const t0 = performance.now();
    const arrivals: [CompareOutcome, number][] = [];
    for await (const o of compareProgramsStreaming(sdk(), request)) arrivals.push([o, performance.now() - t0]);
    expect(arrivals.map(([o]) => o.program)).toEqual(['PROGRAM_2', 'PROGRAM_4', 'PROGRAM_3', 'PROGRAM_1']);
    expect(arrivals.every(([o]) => o.kind === 'result' && o.item.success && o.item.airline === o.program)).toBe(true);
    const first = arrivals[0]![1];
    expect(first).toBeGreaterThanOrEqual(100);
    expect(first).toBeLessThan(latency.PROGRAM_4);
    expect(searches().map((r) => (r.body as { airlineLoyalty: string[] }).airlineLoyalty[0])).toEqual([
      ...programs,
      ...programs,
    ]);
  });

  it('breaking out of the loop aborts the searches in flight: the mock records them as aborted', async () => {
    mock.setProgramBehavior('PROGRAM_1', { latencyMs: 20 });
    for (const p of ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'] as const) mock.setProgramBehavior(p, { latencyMs: 900 });
    for await (const o of compareProgramsStreaming(sdk(), { ...oneWay, programs })) {
      expect(o.program).toBe('PROGRAM_1');
      break;
    }
    await delay(30);
    const recorded = searches();
    expect(recorded).toHaveLength(4);
    const aborted = recorded
      .filter((r) => r.aborted)
      .map((r) => (r.body as { airlineLoyalty: string[] }).airlineLoyalty[0]);
    expect(aborted.sort()).toEqual(['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4']);
    await delay(50);
    expect(searches()).toHaveLength(4);
  });

  it('aborting the signal aborts the searches in flight at the mock and starts none of the queued ones', async () => {
    for (const p of programs) mock.setProgramBehavior(p, { latencyMs: 900 });
    const controller = new AbortController();
    const done = collect(
      compareProgramsStreaming(sdk(), { ...oneWay, programs }, { signal: controller.signal, concurrency: 2 }),
    ).catch((e: unknown) => e);
    await vi.waitFor(() => expect(searches()).toHaveLength(2));
    controller.abort();
    const error = await done;
    expect((error as Error).name).toBe('AbortError');
    await delay(30);
    expect(searches().map((r) => r.aborted)).toEqual([true, true]);
  });

  it('PROVIDER-1, PROVIDER-2: a failing and a hanging provider each give an outcome while the others continue', async () => {
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 503, message: 'Provider down' } });
    mock.setProgramBehavior('PROGRAM_2', { hang: true });
    mock.setProgramBehavior('PROGRAM_3', { latencyMs: 30 });
    const { outcomes, summary } = await comparePrograms(sdk(), {
      ...oneWay,
      responseFormat: 'PARSED',
      programs: ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3'],
    });
    expect(outcomes.map((o) => o.program)).toEqual(['PROGRAM_1', 'PROGRAM_3', 'PROGRAM_2']);
    const status = (o: CompareOutcome) => o.kind === 'result' && !o.item.success && o.item.error.providerStatusCode;
    expect(outcomes.map(status)).toEqual([503, false, 504]);
    expect(summary).toEqual({ totalAirlinesRequested: 3, successfulSearches: 1, failedSearches: 2 });
  });

  it('QUOTA-1: without a pre-flight, the searches the quota cannot pay for fail with QuotaExceededError and the others run', async () => {
    mock.setKey('compare-key', { limit: 2, consumed: 0 });
    const outcomes = await collect(compareProgramsStreaming(sdk('compare-key'), { ...oneWay, programs }));
    const errors = outcomes.filter((o) => o.kind === 'error');
    expect(errors).toHaveLength(2);
    for (const o of errors) expect(o.kind === 'error' && o.error).toBeInstanceOf(QuotaExceededError);
    expect(await sdk('compare-key').getQuota()).toMatchObject({ consumed: 2, remaining: 0 });
  });

  it("QUOTA-1: quotaCheck 'throw' spends nothing when the quota is short", async () => {
    mock.setKey('compare-key', { limit: 7, consumed: 0 });
    const request = { ...oneWay, tripType: 'ROUND_TRIP', returnDate: '2026-12-22', programs } as const;
    await expect(
      collect(compareProgramsStreaming(sdk('compare-key'), request, { quotaCheck: 'throw' })),
    ).rejects.toMatchObject({
      name: 'QuotaExceededError',
      requiredUnits: 8,
      remainingUnits: 7,
    });
    expect(searches()).toEqual([]);
    expect(await sdk('compare-key').getQuota()).toMatchObject({ consumed: 0, remaining: 7 });
  });

  it("QUOTA-1: quotaCheck 'partial' spends exactly what the programs it runs cost", async () => {
    mock.setKey('compare-key', { limit: 5, consumed: 0 });
    const request = { ...oneWay, tripType: 'ROUND_TRIP', returnDate: '2026-12-22', programs } as const;
    const outcomes = await collect(compareProgramsStreaming(sdk('compare-key'), request, { quotaCheck: 'partial' }));
    expect(outcomes.filter((o) => o.kind === 'skipped').map((o) => o.program)).toEqual(['PROGRAM_3', 'PROGRAM_4']);
    expect(
      outcomes
        .filter((o) => o.kind === 'result')
        .map((o) => o.program)
        .sort(),
    ).toEqual(['PROGRAM_1', 'PROGRAM_2']);
    const quota = await sdk('compare-key').getQuota();
    expect(quota).toMatchObject({ consumed: 4, remaining: 1 });
    expect(quota.usageByCompany.map((u) => [u.airlineLoyalty, u.consumed]).sort()).toEqual([
      ['PROGRAM_1', 2],
      ['PROGRAM_2', 2],
    ]);
  });

  it('per-call headers reach every request of the comparison, each search and the quota read, over the client headers', async () => {
    const c = createFlightSearchClient({
      apiKey: 'test-key',
      baseUrl: BASE_URL,
      headers: { 'x-team': 'pricing', 'x-trace': 'client' },
    });
    await collect(
      compareProgramsStreaming(
        c,
        { ...oneWay, programs },
        { headers: { 'X-Trace': 'comparison-1' }, quotaCheck: 'throw' },
      ),
    );
    expect(
      mock.requests().map((r) => [r.path, r.headers['x-team'], r.headers['x-trace'], r.headers['x-api-key']]),
    ).toEqual([
      ['/quota', 'pricing', 'comparison-1', '[redacted]'],
      ...programs.map(() => ['/flights/search', 'pricing', 'comparison-1', '[redacted]']),
    ]);
  });

  it('validate: false sends each search as given, for the service to judge; by default an invalid request is refused locally and sends nothing', async () => {
    const request = { ...oneWay, origin: 'nope', programs } as const;
    const refused = await collect(compareProgramsStreaming(sdk(), request));
    expect(
      refused.every(
        (o) =>
          o.kind === 'error' &&
          o.error instanceof ValidationError &&
          o.error.message.startsWith('invalid search, nothing sent'),
      ),
    ).toBe(true);
    expect(searches()).toEqual([]);
    const sent = await collect(compareProgramsStreaming(sdk(), request, { validate: false }));
    expect(sent).toHaveLength(4);
    expect(sent.every((o) => o.kind === 'error' && !o.error.message.includes('nothing sent'))).toBe(true);
    expect(searches().map((r) => [programOf(r), (r.body as { origin: string }).origin])).toEqual(
      programs.map((p) => [p, 'nope']),
    );
  });

  it("per-call maxRetries bounds each search's 429 retries, and never makes a charged search (a 503) retried", async () => {
    // Searches sent for one comparison of the 4 programs, every one of which ends in `error` (a faulted request's body is not recorded).
    const sent = async (error: typeof RateLimitError | typeof ServerError, options: { maxRetries?: number }) => {
      mock.clearRequests();
      const outcomes = await collect(compareProgramsStreaming(sdk(), { ...oneWay, programs }, options));
      expect(outcomes.map((o) => o.kind === 'error' && o.error instanceof error)).toEqual([true, true, true, true]);
      return searches().length;
    };
    mock.setFault('search', { status: 429, retryAfterSeconds: 0 });
    // The client's maxRetries (2) without the option: 3 attempts per program.
    expect(await sent(RateLimitError, {})).toBe(12);
    expect(await sent(RateLimitError, { maxRetries: 0 })).toBe(4);
    expect(await sent(RateLimitError, { maxRetries: 1 })).toBe(8);
    mock.setFault('search', { status: 503 });
    expect(await sent(ServerError, { maxRetries: 3 })).toBe(4);
  });
});
