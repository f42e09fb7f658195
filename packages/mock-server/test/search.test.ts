import { describe, expect, it } from 'vitest';
import { quotaOf, roundTrip, search, useMockService, validSearch } from './support/msw.js';

const service = useMockService();

async function answer(body: unknown) {
  const response = await search(body);
  expect(response.status).toBe(200);
  return response.json();
}

describe('POST /flights/search answers', () => {
  it('D15: a RAW answer has exactly one result item with data, and a summary counting it', async () => {
    service.mock();
    const body = await answer(validSearch());
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ airline: 'PROGRAM_1', success: true });
    expect(body.results[0].data).toEqual(expect.any(Object));
    expect(body.results[0]).not.toHaveProperty('flights');
    expect(body.summary).toEqual({ totalAirlinesRequested: 1, successfulSearches: 1, failedSearches: 0 });
  });

  it('D8: a RAW round trip holds outbound, inbound and selectedOutboundOfferId; a one-way cash search inbound null', async () => {
    service.mock();
    const round = (await answer(roundTrip())).results[0].data;
    expect(round).toHaveProperty('outbound');
    expect(round.inbound).not.toBeNull();
    expect(round.selectedOutboundOfferId).toEqual(expect.any(String));
    const cash = (await answer(validSearch({ priceType: 'CASH', airlineLoyalty: ['PROGRAM_8'] }))).results[0].data;
    expect(cash).toHaveProperty('outbound');
    expect(cash.inbound).toBeNull();
  });

  it('D8: a PARSED answer has normalized flights of the requested route, cabin and program', async () => {
    service.mock();
    const { results } = await answer(validSearch({ responseFormat: 'PARSED', cabinType: 'BUSINESS' }));
    expect(results[0]).not.toHaveProperty('data');
    expect(results[0].flights.length).toBeGreaterThan(0);
    for (const flight of results[0].flights) {
      expect(flight).toMatchObject({ airlineLoyalty: 'PROGRAM_1', origin: 'GRU', destination: 'JFK', cabinType: 'BUSINESS', direction: 'OUTBOUND' });
      expect(flight.departureDate.startsWith('2026-12-15')).toBe(true);
    }
  });

  it('D7: the return leg of a PARSED round trip has direction RETURN', async () => {
    service.mock();
    const { flights } = (await answer(roundTrip({ responseFormat: 'PARSED' }))).results[0];
    const returns = flights.filter((flight: { direction: string }) => flight.direction === 'RETURN');
    expect(returns.length).toBeGreaterThan(0);
    for (const flight of returns) expect(flight).toMatchObject({ origin: 'JFK', destination: 'GRU' });
  });

  it('D8: the same seed and request give the same flights, ids included; another seed other ones', async () => {
    service.mock({ seed: 11 });
    const first = await answer(validSearch({ responseFormat: 'PARSED' }));
    service.mock({ seed: 11 });
    const again = await answer(validSearch({ responseFormat: 'PARSED' }));
    service.mock({ seed: 12 });
    const other = await answer(validSearch({ responseFormat: 'PARSED' }));
    expect(again).toEqual(first);
    expect(other.results[0].flights.map((f: { id: string }) => f.id)).not.toEqual(first.results[0].flights.map((f: { id: string }) => f.id));
  });

  it('D8: CASH fares carry money and MILES fares miles', async () => {
    service.mock();
    const miles = (await answer(validSearch({ responseFormat: 'PARSED' }))).results[0].flights[0].fares[0];
    const cash = (await answer(validSearch({ responseFormat: 'PARSED', priceType: 'CASH', airlineLoyalty: ['PROGRAM_8'] }))).results[0].flights[0].fares[0];
    expect(miles.miles).toBeGreaterThan(0);
    expect(cash.money).toBeGreaterThan(0);
  });

  it('SEARCH-2: priceType defaults to MILES, responseFormat to RAW', async () => {
    service.mock();
    const body = await answer(validSearch({ airlineLoyalty: ['PROGRAM_4'] }));
    expect(body.results[0]).toHaveProperty('data');
    expect((await quotaOf()).usageByCompany).toEqual([{ airlineLoyalty: 'PROGRAM_4', consumed: 1 }]);
  });
});
