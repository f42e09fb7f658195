import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFlightSearchClient, type ClientOptions, type CompareClient, type ProgramCode } from '../../src/index.js';

export const BASE_URL = 'https://compare.flight-search.test';

/** One msw server per test file; each test installs a fake service with {@link fakeService}. */
export const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

export const client = (options: Partial<ClientOptions> = {}) =>
  createFlightSearchClient({ apiKey: 'test-key', baseUrl: BASE_URL, retryDelay: () => 0, ...options });

export { collect, delay, oneWay } from './fixtures.js';

/** How one program of the fake service answers. */
export interface FakeProgram {
  latencyMs?: number;
  /** A provider failure inside a 200 (`PROVIDER-1`) with this provider status. */
  providerFailure?: number;
  /** An HTTP error status with the service's envelope. */
  status?: number;
  /** PARSED fares `[miles, totalMoney]`, one flight each. */
  fares?: [number, number][];
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve(false);
      },
      { once: true },
    );
  });

const flight = (program: string, [miles, totalMoney]: [number, number], i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  airlineLoyalty: program,
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15T22:40:00',
  arrivalDate: '2026-12-16T06:55:00',
  cabinType: 'ECONOMY',
  tripType: 'ONE_WAY',
  direction: 'OUTBOUND',
  stops: 0,
  durationMinutes: 615,
  flightCode: `F ${i}`,
  availableSeats: 4,
  equipment: '77W',
  fareSource: null,
  fares: [
    {
      fareType: 'LIGHT',
      miles,
      money: 0,
      taxes: totalMoney,
      fees: 0,
      totalMoney,
      baseMiles: miles,
      classOfService: 'Q',
      productClass: null,
    },
  ],
  legs: [],
});

/**
 * A small stateful service: `POST /flights/search` answers each program after
 * its latency (aborting when the request's signal aborts), `GET /quota` is free
 * and searches spend 1 (ONE_WAY) or 2 (ROUND_TRIP) units. The returned log says
 * what the server side saw.
 */
export function fakeService(programs: Partial<Record<ProgramCode, FakeProgram>>, remaining = 1000) {
  const log = {
    remaining,
    quotaReads: 0,
    started: [] as string[],
    aborted: [] as string[],
    answered: [] as string[],
    active: 0,
    maxActive: 0,
  };
  server.use(
    http.get(`${BASE_URL}/quota`, () => {
      log.quotaReads++;
      return HttpResponse.json({
        limit: 1000,
        consumed: 1000 - log.remaining,
        remaining: log.remaining,
        usageByCompany: [],
      });
    }),
    http.post(`${BASE_URL}/flights/search`, async ({ request }) => {
      const body = (await request.json()) as { airlineLoyalty: [string]; tripType: string; responseFormat?: string };
      const program = body.airlineLoyalty[0];
      const behavior = programs[program as ProgramCode] ?? {};
      const cost = body.tripType === 'ROUND_TRIP' ? 2 : 1;
      if (log.remaining < cost) {
        return HttpResponse.json(
          {
            error: {
              code: 'HTTP_ERROR',
              message: `Insufficient quota: this search requires ${cost} units and ${log.remaining} remains.`,
            },
          },
          { status: 402 },
        );
      }
      log.remaining -= cost;
      log.started.push(program);
      log.maxActive = Math.max(log.maxActive, ++log.active);
      const answered = await sleep(behavior.latencyMs ?? 0, request.signal);
      log.active--;
      if (!answered) {
        log.aborted.push(program);
        return HttpResponse.error();
      }
      log.answered.push(program);
      if (behavior.status)
        return HttpResponse.json({ error: { code: 'HTTP_ERROR', message: 'Failed.' } }, { status: behavior.status });
      const parsed = body.responseFormat === 'PARSED';
      const failure = behavior.providerFailure;
      const item = failure
        ? {
            airline: program,
            success: false,
            [parsed ? 'flights' : 'data']: null,
            error: { message: 'The provider failed.', providerStatusCode: failure },
          }
        : {
            airline: program,
            success: true,
            ...(parsed
              ? { flights: (behavior.fares ?? []).map((f, i) => flight(program, f, i)) }
              : { data: { outbound: {}, inbound: null } }),
          };
      return HttpResponse.json({
        results: [item],
        summary: { totalAirlinesRequested: 1, successfulSearches: failure ? 0 : 1, failedSearches: failure ? 1 : 0 },
      });
    }),
  );
  return log;
}

/** Wraps a client to count its calls still pending: `pending()` is 0 once every search settled. */
export function tracked(inner: CompareClient) {
  let pending = 0;
  const count = <T>(p: Promise<T>) => {
    pending++;
    return p.finally(() => pending--);
  };
  return {
    pending: () => pending,
    client: {
      searchFlights: (request, options) => count(inner.searchFlights(request, options)),
      getQuota: (options) => count(inner.getQuota(options)),
    } satisfies CompareClient,
  };
}
