// A consumer's test suite: the application code (src/cheapest-fare.ts) runs
// against the mock's msw handlers, with no network and no service key. Each
// test sets up its scenario on the mock (or with server.use) and the mock is
// reset before the next one.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '@flight-search/mock-server';
import { cheapestFare, createFlightSearchClient, type MilesProgram } from '@flight-search/sdk';
import { findCheapestFare, type Trip } from '../src/cheapest-fare.js';

const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com', seed: 42 });
const server = setupServer(...mock.handlers);
// retryDelay 0: the free GETs retry at once instead of after 0.5 s, 1 s... of backoff.
const client = createFlightSearchClient({
  baseUrl: 'https://api.example.com',
  apiKey: 'test-key',
  retryDelay: () => 0,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset()); // fresh quota, history, behaviours and recorded requests for every test
afterEach(() => server.resetHandlers()); // drops the test's server.use overrides
afterAll(() => server.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const programs = ['PROGRAM_1', 'PROGRAM_4', 'PROGRAM_5', 'PROGRAM_6'] as const satisfies readonly MilesProgram[];
const trip: Trip = { origin: 'GRU', destination: 'JFK', departureDate: inDays(45), programs };
const searches = () => mock.requests().filter((request) => request.path === '/flights/search');

describe('findCheapestFare against the mock', () => {
  it('picks the program with the fewest miles among every answer', async () => {
    // The expected answer, worked out from each program's own search (the same seed gives the same flights).
    const perProgram = await Promise.all(
      programs.map(async (program) => {
        const { results } = await client.searchFlights({
          airlineLoyalty: [program],
          tripType: 'ONE_WAY',
          cabinType: 'ECONOMY',
          origin: trip.origin,
          destination: trip.destination,
          departureDate: trip.departureDate,
          passengers: { adults: 1 },
          responseFormat: 'PARSED',
        });
        const item = results[0];
        return { program, miles: item?.success ? cheapestFare(item.flights, 'MILES')?.fare.miles : undefined };
      }),
    );
    const fewest = Math.min(...perProgram.flatMap((p) => (p.miles === undefined ? [] : [p.miles])));
    mock.reset();

    const answer = await findCheapestFare(client, trip);

    expect(answer.kind).toBe('found');
    if (answer.kind !== 'found') return;
    expect(answer.best?.miles).toBe(fewest);
    expect(perProgram.find((p) => p.program === answer.best?.program)?.miles).toBe(fewest);
    expect([...answer.arrivals].sort()).toEqual([...programs].sort());
    expect(answer.failed).toEqual([]);
    expect(answer.outOfQuota).toEqual([]);
    expect(searches()).toHaveLength(4);
  });

  it('shows a program that is down as failed and still finds the cheapest among the others', async () => {
    mock.setProgramBehavior('PROGRAM_4', { fail: { status: 503, message: 'Program 4 is under maintenance.' } });

    const answer = await findCheapestFare(client, trip);

    expect(answer.kind).toBe('found');
    if (answer.kind !== 'found') return;
    expect(answer.failed).toEqual([
      { program: 'PROGRAM_4', reason: 'provider error 503: Program 4 is under maintenance.' },
    ]);
    expect(answer.arrivals).not.toContain('PROGRAM_4');
    expect(answer.best?.program).not.toBe('PROGRAM_4');
  });

  it('lists a slow program after the others have answered', async () => {
    mock.setProgramBehavior('PROGRAM_1', { latencyMs: 300 });

    const answer = await findCheapestFare(client, trip);

    expect(answer.kind).toBe('found');
    if (answer.kind !== 'found') return;
    expect(answer.arrivals).toHaveLength(4);
    expect(answer.arrivals.at(-1)).toBe('PROGRAM_1');
  });

  it('reports a program that hangs past the time-out as not answering in time', async () => {
    mock.setProgramBehavior('PROGRAM_6', { hang: true });

    const answer = await findCheapestFare(client, trip, { timeoutMs: 200 });

    expect(answer.kind).toBe('found');
    if (answer.kind !== 'found') return;
    expect(answer.failed).toEqual([{ program: 'PROGRAM_6', reason: 'did not answer in time' }]);
    expect(answer.arrivals.sort()).toEqual(['PROGRAM_1', 'PROGRAM_4', 'PROGRAM_5']);
  });

  it('searches only the programs the nearly spent quota can pay for, in order of preference', async () => {
    mock.setKey('test-key', { limit: 100, consumed: 98 });

    const answer = await findCheapestFare(client, trip);

    expect(answer.kind).toBe('found');
    if (answer.kind !== 'found') return;
    expect(answer.arrivals.sort()).toEqual(['PROGRAM_1', 'PROGRAM_4']);
    expect(answer.outOfQuota).toEqual(['PROGRAM_5', 'PROGRAM_6']);
    expect(
      searches()
        .map((request) => (request.body as { airlineLoyalty: string[] }).airlineLoyalty[0])
        .sort(),
    ).toEqual(['PROGRAM_1', 'PROGRAM_4']);
    expect(await client.getQuota()).toMatchObject({ consumed: 100, remaining: 0 });
  });

  it('answers out-of-quota without searching when a round trip cannot be paid for', async () => {
    mock.setKey('test-key', { limit: 100, consumed: 99 });

    const answer = await findCheapestFare(client, { ...trip, returnDate: inDays(52) });

    expect(answer).toEqual({ kind: 'out-of-quota', requiredUnits: 2, remainingUnits: 1 });
    expect(searches()).toHaveLength(0);
  });

  it('counts searches the service refuses with a 402 as out of quota when the quota read was stale', async () => {
    // Someone else spent the key meanwhile: GET /quota still says 100 left, the service knows 1 is.
    mock.setKey('test-key', { limit: 100, consumed: 99 });
    server.use(
      http.get('*/quota', () => HttpResponse.json({ limit: 100, consumed: 0, remaining: 100, usageByCompany: [] })),
    );

    const answer = await findCheapestFare(client, trip);

    expect(answer.kind).toBe('found');
    if (answer.kind !== 'found') return;
    expect(answer.arrivals).toHaveLength(1);
    expect(answer.outOfQuota).toHaveLength(3);
    expect(answer.failed).toEqual([]);
    expect(
      searches()
        .map((request) => request.status)
        .sort(),
    ).toEqual([200, 402, 402, 402]);
  });

  it('finds nothing, with every program failed, when no search reaches the service', async () => {
    server.use(http.post('*/flights/search', () => HttpResponse.error()));

    const answer = await findCheapestFare(client, trip);

    expect(answer.kind).toBe('nothing-found');
    if (answer.kind !== 'nothing-found') return;
    expect(answer.best).toBeUndefined();
    expect(answer.failed.map((failure) => failure.program).sort()).toEqual([...programs].sort());
    expect(answer.failed[0]?.reason).toMatch(/POST https:\/\/api\.example\.com\/flights\/search/);
  });

  it('rejects with a ConnectionError when not even the quota can be read', async () => {
    server.use(http.get('*/quota', () => HttpResponse.error()));

    await expect(findCheapestFare(client, trip)).rejects.toMatchObject({ name: 'ConnectionError' });
    expect(searches()).toHaveLength(0);
  });

  it('starts every test with a fresh quota and sends the key only as a redacted header in the recording', async () => {
    expect(await client.getQuota()).toEqual({ limit: 1000, consumed: 0, remaining: 1000, usageByCompany: [] });
    await findCheapestFare(client, { ...trip, programs: ['PROGRAM_1'] });
    const [search] = searches();
    expect(search?.headers['x-api-key']).toBe('[redacted]');
    expect(search?.body).toMatchObject({
      airlineLoyalty: ['PROGRAM_1'],
      tripType: 'ONE_WAY',
      responseFormat: 'PARSED',
    });
  });
});
