import { describe, expect, it } from 'vitest';
import { quotaExceeded } from '../src/errors/envelopes.js';
import { createFlightSearchMock } from '../src/index.js';
import { BASE, call, quotaOf, roundTrip, search, useMockService, validSearch } from './support/msw.js';

const service = useMockService();

describe('GET /quota', () => {
  it('QUOTA-1: reports limit, consumed, remaining and usage per program of the key', async () => {
    service.mock();
    expect(await quotaOf()).toEqual({ limit: 1000, consumed: 0, remaining: 1000, usageByCompany: [] });
  });

  it('D4: reading the quota costs nothing', async () => {
    service.mock();
    for (let i = 0; i < 3; i++) await quotaOf();
    expect((await quotaOf()).consumed).toBe(0);
  });

  it('QUOTA-1: a ONE_WAY search costs 1 unit and a ROUND_TRIP 2, in RAW and PARSED alike', async () => {
    service.mock();
    expect((await search(validSearch())).status).toBe(200);
    expect((await search(validSearch({ responseFormat: 'PARSED' }))).status).toBe(200);
    expect((await search(roundTrip())).status).toBe(200);
    expect(
      (await search(roundTrip({ responseFormat: 'PARSED', airlineLoyalty: ['PROGRAM_8'], priceType: 'CASH' }))).status,
    ).toBe(200);
    const quota = await quotaOf();
    expect(quota).toMatchObject({ limit: 1000, consumed: 6, remaining: 994 });
    expect(quota.usageByCompany).toEqual([
      { airlineLoyalty: 'PROGRAM_1', consumed: 4 },
      { airlineLoyalty: 'PROGRAM_8', consumed: 2 },
    ]);
  });

  it('D4: 401, 402, 404, 406 and 422 answers and history calls consume nothing', async () => {
    service.mock();
    await search(validSearch(), { key: null });
    await search(validSearch(), { key: 'unknown' });
    await search(validSearch(), { headers: { accept: 'application/xml' } });
    await search(validSearch({ origin: 'JFK' }));
    await call(
      '/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=30',
    );
    expect((await quotaOf()).consumed).toBe(0);
    expect((await search(roundTrip(), { key: 'low-quota-key' })).status).toBe(200);
    expect((await search(validSearch(), { key: 'low-quota-key' })).status).toBe(402);
    expect((await quotaOf('low-quota-key')).consumed).toBe(2);
  });

  it('QUOTA-1: quota is consumed whether or not the provider succeeds', async () => {
    const mock = service.mock();
    mock.setProgramBehavior('PROGRAM_1', { fail: { status: 500 } });
    const response = await search(validSearch());
    expect((await response.json()).results[0].success).toBe(false);
    expect((await quotaOf()).consumed).toBe(1);
  });
});

describe('QUOTA-1 402', () => {
  it.each([
    ['empty-key', validSearch(), 'Insufficient quota: this search requires 1 unit and 0 remain.'],
    ['empty-key', roundTrip(), 'Insufficient quota: this search requires 2 units and 0 remain.'],
  ])('D5: %s answers 402 HTTP_ERROR with the exact message', async (key, body, message) => {
    service.mock();
    const response = await search(body, { key });
    expect(response.status).toBe(402);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'HTTP_ERROR', message });
  });

  it('D5: says "requires 2 units and 1 remains" and consumes nothing when a round trip needs more than remains', async () => {
    const mock = service.mock();
    mock.setKey('test-key', { limit: 10, consumed: 9 });
    const response = await search(roundTrip());
    expect((await response.json()).error.message).toBe(
      'Insufficient quota: this search requires 2 units and 1 remains.',
    );
    expect(await quotaOf()).toMatchObject({ consumed: 9, remaining: 1 });
    const more = await search(validSearch());
    expect(more.status).toBe(200);
    expect((await search(validSearch())).status).toBe(402);
    expect(await quotaOf()).toMatchObject({ consumed: 10, remaining: 0 });
  });

  it.each([
    [1, 0, 'requires 1 unit and 0 remain.'],
    [2, 1, 'requires 2 units and 1 remains.'],
    [3, 2, 'requires 3 units and 2 remain.'],
    [2, 3, 'requires 2 units and 3 remain.'],
  ])('D5: the 402 message for %i required and %i remaining reads "%s" and parses back', (required, remaining, text) => {
    const { error } = quotaExceeded(required, remaining).body as { error: { message: string } };
    expect(error.message).toBe(`Insufficient quota: this search ${text}`);
    expect(Number(/requires (\d+) units?/.exec(error.message)?.[1])).toBe(required);
    expect(Number(/(\d+) remains?\b/.exec(error.message)?.[1])).toBe(remaining);
  });

  it('QUOTA-1: a 402 carries details.requiredUnits and details.remainingUnits as integers, besides the message', async () => {
    const mock = service.mock();
    mock.setKey('test-key', { limit: 10, consumed: 9 });
    const response = await search(roundTrip());
    expect(response.status).toBe(402);
    const { error } = await response.json();
    expect(error.details).toEqual({ requiredUnits: 2, remainingUnits: 1 });
    expect(error.message).toBe('Insufficient quota: this search requires 2 units and 1 remains.');
    const oneWay = await (await search(validSearch(), { key: 'empty-key' })).json();
    expect(oneWay.error.details).toEqual({ requiredUnits: 1, remainingUnits: 0 });
  });

  it('D2: validation 422 comes before the quota 402', async () => {
    service.mock();
    expect((await search(validSearch({ passengers: { adults: 0 } }), { key: 'empty-key' })).status).toBe(422);
  });

  it('D4: 50 parallel ONE_WAY searches on a limit of 10 accept exactly 10 and never overspend', async () => {
    const mock = service.mock();
    mock.setKey('test-key', { limit: 10 });
    const statuses = await Promise.all(Array.from({ length: 50 }, () => search(validSearch()).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await quotaOf()).toMatchObject({ limit: 10, consumed: 10, remaining: 0 });
  });

  it('D4: parallel mixed searches with provider latency never take remaining below 0', async () => {
    const mock = service.mock();
    mock.setKey('test-key', { limit: 7 });
    mock.setProgramBehavior('PROGRAM_1', { latencyMs: 20 });
    const bodies = Array.from({ length: 20 }, (_, i) => (i % 2 ? roundTrip() : validSearch()));
    const statuses = await Promise.all(bodies.map((body) => search(body).then((r) => r.status)));
    const accepted = bodies.reduce(
      (units, body, i) => units + (statuses[i] === 200 ? (body.tripType === 'ROUND_TRIP' ? 2 : 1) : 0),
      0,
    );
    const quota = await quotaOf();
    expect(accepted).toBe(quota.consumed);
    expect(quota.consumed).toBeLessThanOrEqual(7);
    expect(quota.consumed + quota.remaining).toBe(7);
    expect(quota.usageByCompany.reduce((sum, usage) => sum + usage.consumed, 0)).toBe(quota.consumed);
  });
});

describe('instances', () => {
  it('QUOTA-1: two mock instances in one process never share quota', async () => {
    const first = createFlightSearchMock();
    const second = createFlightSearchMock();
    const request = () =>
      new Request(`${BASE}/flights/search`, {
        method: 'POST',
        headers: { 'x-api-key': 'low-quota-key', 'content-type': 'application/json' },
        body: JSON.stringify(validSearch()),
      });
    expect((await first.handle(request()))!.status).toBe(200);
    expect((await first.handle(request()))!.status).toBe(200);
    expect((await first.handle(request()))!.status).toBe(402);
    expect((await second.handle(request()))!.status).toBe(200);
    const quota = async (mock: typeof first) =>
      (await (await mock.handle(new Request(`${BASE}/quota`, { headers: { 'x-api-key': 'low-quota-key' } })))!.json())
        .consumed;
    expect(await quota(first)).toBe(2);
    expect(await quota(second)).toBe(1);
  });
});
