import { describe, expect, it } from 'vitest';
import type { SearchRequest } from '@flight-search/contract';
import { generateFlights, toRawData } from '../src/data/index.js';
import { SearchCache, searchKey } from '../src/data/search-cache.js';
import { normalizeSearch } from '../src/routes/search.js';
import { call, issuesOf, quotaOf, roundTrip, search, useMockService, validSearch } from './support/msw.js';

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
      expect(flight).toMatchObject({
        airlineLoyalty: 'PROGRAM_1',
        origin: 'GRU',
        destination: 'JFK',
        cabinType: 'BUSINESS',
        direction: 'OUTBOUND',
      });
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
    expect(other.results[0].flights.map((f: { id: string }) => f.id)).not.toEqual(
      first.results[0].flights.map((f: { id: string }) => f.id),
    );
  });

  it('D8: CASH fares carry money and MILES fares miles', async () => {
    service.mock();
    const miles = (await answer(validSearch({ responseFormat: 'PARSED' }))).results[0].flights[0].fares[0];
    const cash = (
      await answer(validSearch({ responseFormat: 'PARSED', priceType: 'CASH', airlineLoyalty: ['PROGRAM_8'] }))
    ).results[0].flights[0].fares[0];
    expect(miles.miles).toBeGreaterThan(0);
    expect(cash.money).toBeGreaterThan(0);
  });

  it('SEARCH-2: priceType defaults to MILES, responseFormat to RAW', async () => {
    service.mock();
    const body = await answer(validSearch({ airlineLoyalty: ['PROGRAM_4'] }));
    expect(body.results[0]).toHaveProperty('data');
    expect((await quotaOf()).usageByCompany).toEqual([{ airlineLoyalty: 'PROGRAM_4', consumed: 1 }]);
  });

  it('answers exactly the JSON of the generated flights, the same bytes for a repeated search and others for another', async () => {
    service.mock({ seed: 5 });
    for (const overrides of [
      {},
      { responseFormat: 'PARSED' },
      { tripType: 'ROUND_TRIP', returnDate: '2026-12-29' },
      { priceType: 'CASH', airlineLoyalty: ['PROGRAM_8'] },
    ]) {
      const body = validSearch(overrides);
      const normalized = normalizeSearch(body as SearchRequest);
      const flights = generateFlights(5, normalized);
      const item =
        normalized.responseFormat === 'PARSED'
          ? { airline: normalized.program, success: true, flights }
          : { airline: normalized.program, success: true, data: toRawData(normalized, flights, 5) };
      const expected = JSON.stringify({
        results: [item],
        summary: { totalAirlinesRequested: 1, successfulSearches: 1, failedSearches: 0 },
      });
      const first = await (await search(body)).text();
      expect(first, JSON.stringify(overrides)).toBe(expected);
      expect(await (await search(body)).text()).toBe(first);
    }
    const twoAdults = await (await search(validSearch({ passengers: { adults: 2 } }))).text();
    expect(twoAdults).not.toBe(await (await search(validSearch())).text());
  });
});

describe('the cache of generated searches', () => {
  it('is bounded and keeps the most recently used searches', () => {
    const cache = new SearchCache(1, 2);
    const at = (departureDate: string) => normalizeSearch(validSearch({ departureDate }) as SearchRequest);
    const a = cache.get(at('2026-12-15'));
    cache.get(at('2026-12-16'));
    expect(cache.get(at('2026-12-15'))).toBe(a);
    cache.get(at('2026-12-17'));
    expect(cache.size).toBe(2);
    // 12-16 was the least recently used: generated again, equal but not the same objects.
    const again = cache.get(at('2026-12-16'));
    expect(again.flights).toEqual(generateFlights(1, at('2026-12-16')));
    expect(cache.get(at('2026-12-15'))).not.toBe(a);
  });

  it('tells apart every field generation reads', () => {
    const base = normalizeSearch(validSearch({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29' }) as SearchRequest);
    const variants = [
      { program: 'PROGRAM_2' },
      { priceType: 'CASH' },
      { tripType: 'ONE_WAY' },
      { cabinType: 'BUSINESS' },
      { origin: 'CGH' },
      { destination: 'LIS' },
      { departureDate: '2026-12-16' },
      { returnDate: '2026-12-30' },
      { passengers: { ...base.passengers, adults: 2 } },
      { passengers: { ...base.passengers, children: 1 } },
      { passengers: { ...base.passengers, infants: 1 } },
    ];
    const keys = new Set([searchKey(base), ...variants.map((v) => searchKey({ ...base, ...v } as typeof base))]);
    expect(keys.size).toBe(variants.length + 1);
    expect(searchKey({ ...base, responseFormat: 'PARSED' })).toBe(searchKey({ ...base, responseFormat: 'RAW' }));
  });
});

describe('unknown request fields (issue 27 item 6, D119)', () => {
  const typos = () => validSearch({ responseFomat: 'PARSED', passengers: { adults: 1, childs: 2 } });

  it('by default answers as the service would and names each unknown field in x-mock-warnings and the request log', async () => {
    const mock = service.mock();
    const response = await search(typos());
    expect(response.status).toBe(200);
    const warnings = [
      'body.passengers.childs is not a field of the request (ignored)',
      'body.responseFomat is not a field of the request (ignored)',
    ];
    expect(response.headers.get('x-mock-warnings')).toBe(warnings.join(', '));
    expect(mock.requests().at(-1)!.warnings).toEqual(warnings);
    // A body without one carries no warning, in the header or the log.
    const clean = await search(validSearch());
    expect(clean.headers.get('x-mock-warnings')).toBeNull();
    expect(mock.requests().at(-1)).not.toHaveProperty('warnings');
  });

  it("with unknownFields: 'refuse' answers the service's 422 naming each one, beside the contract's own issues, and charges nothing", async () => {
    service.mock({ unknownFields: 'refuse' });
    const issues = await issuesOf(await search({ ...typos(), origin: 'gru' }));
    expect(issues.map((issue) => [issue.field, issue.type])).toEqual([
      ['body.origin', 'invalid_format'],
      ['body.passengers.childs', 'invalid_enum'],
      ['body.responseFomat', 'invalid_enum'],
    ]);
    expect(issues[1]!.message).toBe('is not a field of the request; expected one of adults, children, infants (D119).');
    expect((await quotaOf()).consumed).toBe(0);
  });

  it('names at most 10 unknown fields, each as printable ASCII in the header', async () => {
    const mock = service.mock();
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`extra${i}`, i]));
    const response = await search({ ...validSearch(), 'caf\u00e9\n': 1, ...many });
    expect(response.status).toBe(200);
    const header = response.headers.get('x-mock-warnings')!;
    expect(header.startsWith('body.caf\\u00e9\\u000a is not a field')).toBe(true);
    expect(header.split(', ')).toHaveLength(10);
    expect(mock.requests().at(-1)!.warnings).toHaveLength(10);
  });

  it('names an unknown history query parameter the same way: a warning by default, a 422 with refuse', async () => {
    const query =
      '/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&lookbackDays=7&airlineLoyalty=PROGRAM_1&onlyFuture=true';
    const mock = service.mock();
    const warned = await call(query);
    expect(warned.status).toBe(200);
    expect(warned.headers.get('x-mock-warnings')).toBe('query.onlyFuture is not a field of the request (ignored)');
    expect(mock.requests().at(-1)!.warnings).toEqual(['query.onlyFuture is not a field of the request (ignored)']);
    expect((await call(query.replace('onlyFuture', 'onlyFutureDepartures'))).headers.get('x-mock-warnings')).toBeNull();
    mock.configure({ unknownFields: 'refuse' });
    const issues = await issuesOf(await call(query));
    expect(issues.map((issue) => [issue.field, issue.type])).toEqual([['query.onlyFuture', 'invalid_enum']]);
  });
});
