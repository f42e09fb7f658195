// `@flight-search/sdk/query` with @tanstack/query-core's own QueryClient and observers (what useQuery and
// useMutation wrap), against the project's mock (its msw handlers, in process).
import { focusManager, MutationObserver, onlineManager, QueryClient, QueryObserver } from '@tanstack/query-core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlightSearchMock } from '../../mock-server/src/index.js';
import {
  CASH_PROGRAMS,
  type CompareOutcome,
  createFlightSearchClient,
  MILES_PROGRAMS,
  type ProgramCode,
  type SearchRequest,
  ValidationError,
} from '../src/index.js';
import {
  COMPARISON_DEFAULTS,
  compareProgramsQueryOptions,
  flightSearchKeys,
  priceHistoryQueryOptions,
  quotaQueryOptions,
  searchFlightsMutationOptions,
} from '../src/query-tanstack.js';
import { delay, oneWay } from './compare/fixtures.js';

const BASE_URL = 'http://query.mock.flight-search.test';
const mock = createFlightSearchMock({ baseUrl: BASE_URL, providerTimeoutMs: 2000 });
const server = setupServer(...mock.handlers);
const client = createFlightSearchClient({ apiKey: 'test-key', baseUrl: BASE_URL, retryDelay: () => 0 });
const programs: ProgramCode[] = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'];
const searches = () => mock.requests().filter((r) => r.path === '/flights/search');
const programOf = (r: { body: unknown }) => (r.body as { airlineLoyalty: string[] }).airlineLoyalty[0];
let queryClient: QueryClient;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  mock.reset();
  queryClient = new QueryClient();
  queryClient.mount();
});
afterEach(() => {
  queryClient.unmount();
  queryClient.clear();
});
afterAll(() => server.close());

describe('query keys', () => {
  it('are stable: field order, undefined fields and the service defaults written out give an equal key', () => {
    const a = flightSearchKeys.comparison({ ...oneWay, programs: ['PROGRAM_1'], responseFormat: 'PARSED' });
    const b = flightSearchKeys.comparison({
      responseFormat: 'PARSED',
      passengers: { infants: 0, adults: 1, children: 0 },
      programs: ['PROGRAM_1'],
      priceType: 'MILES',
      returnDate: undefined,
      departureDate: '2026-12-15',
      destination: 'JFK',
      origin: 'GRU',
      cabinType: 'ECONOMY',
      tripType: 'ONE_WAY',
    });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a).toEqual([
      'flight-search',
      'comparison',
      {
        cabinType: 'ECONOMY',
        departureDate: '2026-12-15',
        destination: 'JFK',
        origin: 'GRU',
        passengers: { adults: 1, children: 0, infants: 0 },
        priceType: 'MILES',
        programs: ['PROGRAM_1'],
        responseFormat: 'PARSED',
        tripType: 'ONE_WAY',
      },
      {},
    ]);
  });

  it('write out every program of the price type when programs is left out, and tell apart what changes the outcomes', () => {
    expect(flightSearchKeys.comparison(oneWay)[2].programs).toEqual(MILES_PROGRAMS);
    expect(flightSearchKeys.comparison({ ...oneWay, priceType: 'CASH' })[2].programs).toEqual(CASH_PROGRAMS);
    const keys = [
      flightSearchKeys.comparison(oneWay),
      flightSearchKeys.comparison({ ...oneWay, cabinType: 'BUSINESS' }),
      flightSearchKeys.comparison(oneWay, { timeoutMs: 40_000 }),
      flightSearchKeys.comparison(oneWay, { quotaCheck: 'partial' }),
      // Refused locally or judged by the service; a 429 given up on or retried: other outcomes, other keys.
      flightSearchKeys.comparison(oneWay, { validate: false }),
      flightSearchKeys.comparison(oneWay, { maxRetries: 0 }),
    ].map((k) => JSON.stringify(k));
    expect(new Set(keys).size).toBe(6);
    // Headers change how each search is sent, not its outcome; concurrency how fast, not what: same key.
    expect(flightSearchKeys.comparison(oneWay, { headers: { traceparent: 'x' } })).toEqual(
      flightSearchKeys.comparison(oneWay),
    );
    expect(flightSearchKeys.comparison(oneWay, { concurrency: 2 })).toEqual(flightSearchKeys.comparison(oneWay));
  });

  it('all share the prefix ["flight-search"], so one call invalidates or removes them all', () => {
    const history = {
      airlineLoyalty: ['PROGRAM_1'],
      cabinType: 'ECONOMY',
      destination: 'NYC',
      lookbackDays: 30,
      origin: 'SAO',
    } as const;
    expect(flightSearchKeys.quota()).toEqual(['flight-search', 'quota']);
    expect(flightSearchKeys.search()).toEqual(['flight-search', 'search']);
    expect(
      flightSearchKeys.priceHistory({
        origin: 'SAO',
        destination: 'NYC',
        lookbackDays: 30,
        cabinType: 'ECONOMY',
        airlineLoyalty: ['PROGRAM_1'],
      }),
    ).toEqual(['flight-search', 'price-history', history]);
    for (const key of [
      flightSearchKeys.quota(),
      flightSearchKeys.priceHistory(history),
      flightSearchKeys.comparison(oneWay),
    ])
      expect(key.slice(0, 1)).toEqual(flightSearchKeys.all);
  });
});

describe('quota and price history as queries', () => {
  it('QUOTA-2: reads the quota through the query, with no retry of its own on top of the client', async () => {
    await expect(queryClient.fetchQuery(quotaQueryOptions(client))).resolves.toMatchObject({
      limit: 1000,
      consumed: 0,
      remaining: 1000,
    });
    expect(queryClient.getQueryData(flightSearchKeys.quota())).toMatchObject({ remaining: 1000 });
    expect(quotaQueryOptions(client).retry).toBe(false);
  });

  it('HISTORY-2: reads the price history by its normalized key; an invalid query fails with ValidationError and sends nothing', async () => {
    const query = {
      origin: 'GRU',
      destination: 'JFK',
      cabinType: 'ECONOMY',
      airlineLoyalty: ['PROGRAM_1', 'PROGRAM_4'],
      lookbackDays: 30,
    } as const;
    const data = await queryClient.fetchQuery(priceHistoryQueryOptions(client, query));
    expect(Array.isArray(data.flights)).toBe(true);
    expect(mock.requests().filter((r) => r.path === '/intelligence/flights/history')).toHaveLength(1);

    const before = mock.requests().length;
    const error = await queryClient
      .fetchQuery(priceHistoryQueryOptions(client, { ...query, lookbackDays: -1 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(mock.requests()).toHaveLength(before);
  });
});

describe('a search as a mutation (D111)', () => {
  it('sends one search per mutate() and none before it, typed by the request, and never retries it', async () => {
    // The request type given once types every answer: PARSED items here.
    const observer = new MutationObserver(
      queryClient,
      searchFlightsMutationOptions<SearchRequest & { responseFormat: 'PARSED' }>(client),
    );
    await delay(10);
    expect(searches()).toHaveLength(0);
    const answer = await observer.mutate({ ...oneWay, airlineLoyalty: ['PROGRAM_1'], responseFormat: 'PARSED' });
    expect(answer.results[0]?.success && answer.results[0].flights.length).toBeGreaterThan(0);
    expect(searches()).toHaveLength(1);

    // A 500 of the service: thrown once, not sent again by TanStack (a search accepted is charged).
    mock.setFault('search', { status: 500 });
    const failed = await observer
      .mutate({ ...oneWay, airlineLoyalty: ['PROGRAM_2'], responseFormat: 'PARSED' })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 500 });
    expect(observer.getCurrentResult().failureCount).toBe(1);
    expect(searches()).toHaveLength(2);
    expect(searchFlightsMutationOptions(client).mutationKey).toEqual(['flight-search', 'search']);
  });
});

describe('compareProgramsStreaming through streamedQuery', () => {
  /** Subscribes like a mounted component; returns the data seen at each update, and the unsubscribe (unmount). */
  function mount(options: ReturnType<typeof compareProgramsQueryOptions>) {
    const observer = new QueryObserver(queryClient, options);
    const seen: string[][] = [];
    const unmount = observer.subscribe((result) => {
      const programs = (result.data as CompareOutcome[] | undefined)?.map((o) => o.program) ?? [];
      if (programs.join() !== seen.at(-1)?.join()) seen.push(programs);
    });
    return { observer, seen, unmount };
  }

  it('renders each program as it arrives: data grows in arrival order while the query still fetches', async () => {
    const latency = { PROGRAM_1: 600, PROGRAM_2: 50, PROGRAM_3: 400, PROGRAM_4: 200 };
    for (const [p, latencyMs] of Object.entries(latency)) mock.setProgramBehavior(p as ProgramCode, { latencyMs });
    const { observer, seen, unmount } = mount(
      compareProgramsQueryOptions(client, { ...oneWay, programs, responseFormat: 'PARSED' }),
    );
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toHaveLength(1));
    expect(observer.getCurrentResult().fetchStatus).toBe('fetching');
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'), { timeout: 3000 });
    const order = ['PROGRAM_2', 'PROGRAM_4', 'PROGRAM_3', 'PROGRAM_1'];
    expect(seen.filter((s) => s.length)).toEqual(order.map((_, i) => order.slice(0, i + 1)));
    const data = observer.getCurrentResult().data!;
    expect(data.every((o) => o.kind === 'result' && o.item.success)).toBe(true);
    unmount();
  });

  it('unmounting while it runs cancels the query and aborts the searches in flight at the mock', async () => {
    mock.setProgramBehavior('PROGRAM_1', { latencyMs: 20 });
    for (const p of ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'] as const) mock.setProgramBehavior(p, { latencyMs: 1500 });
    const { observer, unmount } = mount(compareProgramsQueryOptions(client, { ...oneWay, programs }));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toHaveLength(1));
    unmount();
    await vi.waitFor(() => expect(searches().filter((r) => r.aborted)).toHaveLength(3));
    expect(
      searches()
        .filter((r) => r.aborted)
        .map(programOf)
        .sort(),
    ).toEqual(['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4']);
    expect(searches()).toHaveLength(4);
  });

  it('remounting, refocusing the window and reconnecting send no second search: one per program', async () => {
    const options = compareProgramsQueryOptions(client, { ...oneWay, programs });
    const first = mount(options);
    await vi.waitFor(() => expect(first.observer.getCurrentResult().fetchStatus).toBe('idle'));
    expect(first.observer.getCurrentResult().data).toHaveLength(4);
    first.unmount();
    const again = mount(options);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await delay(50);
    expect(again.observer.getCurrentResult().data).toHaveLength(4);
    expect(searches().map(programOf).sort()).toEqual(programs);
    again.unmount();
    focusManager.setFocused(undefined);
  });

  it('has defaults that never refetch by themselves: staleTime Infinity, gcTime 30 min, no refetch on mount, focus or reconnect, no retry', () => {
    expect(compareProgramsQueryOptions(client, oneWay)).toMatchObject(COMPARISON_DEFAULTS);
    expect(COMPARISON_DEFAULTS).toEqual({
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 1_800_000,
      refetchOnMount: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    });
  });

  it('passes its per-call options to each search: headers, validate and maxRetries reach the mock', async () => {
    const request = { ...oneWay, origin: 'nope', programs } as const;
    await queryClient.fetchQuery(
      compareProgramsQueryOptions(client, request, { headers: { 'x-trace': 'query-1' }, validate: false }),
    );
    // Sent although the local check refuses `origin` (validate: false), each with the call's header.
    expect(
      searches()
        .map((r) => [programOf(r), r.headers['x-trace'], (r.body as { origin: string }).origin])
        .sort(),
    ).toEqual(programs.map((p) => [p, 'query-1', 'nope']));
    mock.clearRequests();
    mock.setFault('search', { status: 429, retryAfterSeconds: 0 });
    const data = await queryClient.fetchQuery(
      compareProgramsQueryOptions(client, { ...oneWay, programs }, { maxRetries: 0 }),
    );
    expect(data.map((o) => o.kind === 'error' && o.error.name)).toEqual(programs.map(() => 'RateLimitError'));
    // One attempt per program, not the client's 3.
    expect(searches()).toHaveLength(4);
  });
});
