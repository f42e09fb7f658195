import type { HistoryRecord, ParsedFlight } from '@flight-search/sdk';
import { describe, expect, it } from 'vitest';
import { localNow } from '../src/data/index.js';
import { toHistoryRecords } from './support/history-records.js';
import { HistoryStore, bucketKey } from '../src/history/store.js';
import { generateFlights } from '../src/data/index.js';
import { normalizeSearch } from '../src/routes/search.js';
// The mock's own request type (closed program codes), which its functions take.
import type { SearchRequest } from '@flight-search/contract';
import { call, issuesOf, search, useMockService, validSearch } from './support/msw.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;
let clock = NOW;
const service = useMockService({ now: () => clock });

type Query = Record<string, string | number | boolean | (string | number)[]>;
const base: Query = {
  origin: 'GRU',
  destination: 'JFK',
  cabinType: 'ECONOMY',
  airlineLoyalty: 'PROGRAM_1',
  lookbackDays: 30,
};

function historyPath(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const item of [value].flat()) params.append(name, String(item));
  return `/intelligence/flights/history?${params}`;
}

async function history(query: Query): Promise<{ total: number; lookbackDays: number; flights: HistoryRecord[] }> {
  const response = await call(historyPath(query));
  expect(response.status).toBe(200);
  return response.json();
}

async function problems(query: Query) {
  service.mock();
  return (await issuesOf(await call(historyPath(query)))).map(({ field, type }) => [field, type]).sort();
}

const withSeconds = (text: string) => (text.length === 16 ? `${text}:00` : text);

describe('GET /intelligence/flights/history', () => {
  it('HISTORY-6: answers every record, departure ascending then createdAt descending, total = the count', async () => {
    clock = NOW;
    service.mock();
    const answer = await history(base);
    expect(answer.total).toBe(answer.flights.length);
    expect(answer.total).toBeGreaterThan(5); // one record every 3 days a program (D44)
    expect(answer.lookbackDays).toBe(30);
    for (let i = 1; i < answer.flights.length; i++) {
      const [a, b] = [answer.flights[i - 1]!, answer.flights[i]!];
      const byDeparture = withSeconds(a.departureDate).localeCompare(withSeconds(b.departureDate));
      expect(byDeparture).toBeLessThanOrEqual(0);
      if (byDeparture === 0) expect(Date.parse(a.createdAt)).toBeGreaterThanOrEqual(Date.parse(b.createdAt));
    }
  });

  it('HISTORY-1: a city code expands to all its airports at both ends (the union of the airport pairs)', async () => {
    clock = NOW;
    service.mock();
    const city = await history({ ...base, origin: 'SAO', destination: 'NYC', lookbackDays: 3 });
    let sum = 0;
    for (const origin of ['GRU', 'CGH', 'VCP']) {
      for (const destination of ['JFK', 'LGA', 'EWR'])
        sum += (await history({ ...base, origin, destination, lookbackDays: 3 })).total;
    }
    expect(city.total).toBe(sum);
    expect(new Set(city.flights.map((f) => f.origin)).size).toBeGreaterThan(0);
    for (const record of city.flights) {
      expect(['GRU', 'CGH', 'VCP']).toContain(record.origin);
      expect(['JFK', 'LGA', 'EWR']).toContain(record.destination);
    }
  });

  it('HISTORY-1, D107: a code that is neither an airport nor a city code is a 422 naming the field, at either end', async () => {
    service.mock();
    expect(await issuesOf(await call(historyPath({ ...base, origin: 'ZZZ', destination: 'QQQ' })))).toEqual([
      {
        field: 'query.origin',
        type: 'invalid_enum',
        message: 'ZZZ is no airport or city code this service knows (HISTORY-1).',
      },
      {
        field: 'query.destination',
        type: 'invalid_enum',
        message: 'QQQ is no airport or city code this service knows (HISTORY-1).',
      },
    ]);
  });

  it('HISTORY-1: origin and destination must be 3 upper-case letters', async () => {
    expect(await problems({ ...base, origin: 'gru', destination: 'NY' })).toEqual([
      ['query.destination', 'invalid_format'],
      ['query.origin', 'invalid_format'],
    ]);
  });

  it('HISTORY-2: takes MILES programs only (PROGRAM_8 is invalid_enum) and repeated programs are a union', async () => {
    expect(await problems({ ...base, airlineLoyalty: ['PROGRAM_1', 'PROGRAM_8'] })).toEqual([
      ['query.airlineLoyalty', 'invalid_enum'],
    ]);
    clock = NOW;
    service.mock();
    const one = await history({ ...base, airlineLoyalty: 'PROGRAM_1', lookbackDays: 5 });
    const two = await history({ ...base, airlineLoyalty: 'PROGRAM_2', lookbackDays: 5 });
    const both = await history({ ...base, airlineLoyalty: ['PROGRAM_1', 'PROGRAM_2'], lookbackDays: 5 });
    expect(both.total).toBe(one.total + two.total);
    expect(new Set(both.flights.map((f) => f.airlineLoyalty))).toEqual(new Set(['PROGRAM_1', 'PROGRAM_2']));
  });

  it('HISTORY-3: keeps records whose createdAt lies in the last lookbackDays x 24 h', async () => {
    clock = NOW;
    service.mock();
    const week = await history({ ...base, lookbackDays: 7 });
    const month = await history(base);
    expect(week.total).toBeLessThan(month.total);
    for (const record of week.flights) {
      expect(Date.parse(record.createdAt)).toBeGreaterThanOrEqual(NOW - 7 * DAY);
      expect(Date.parse(record.createdAt)).toBeLessThanOrEqual(NOW);
    }
    expect(month.flights.filter((r) => Date.parse(r.createdAt) >= NOW - 7 * DAY)).toHaveLength(week.total);
  });

  it('HISTORY-3: lookbackDays is an integer from 1 to 30, read from its text (D16)', async () => {
    expect(await problems({ ...base, lookbackDays: 0 })).toEqual([['query.lookbackDays', 'out_of_range']]);
    expect(await problems({ ...base, lookbackDays: 31 })).toEqual([['query.lookbackDays', 'out_of_range']]);
    expect(await problems({ ...base, lookbackDays: 'abc' })).toEqual([['query.lookbackDays', 'invalid_type']]);
    expect(await problems({ ...base, lookbackDays: 2.5 })).toEqual([['query.lookbackDays', 'invalid_type']]);
    expect(await problems({ ...base, lookbackDays: [3, 4] })).toEqual([['query.lookbackDays', 'invalid_type']]);
  });

  it('HISTORY-3, HISTORY-4: a value of the wrong type is named in plain words, "must be an integer" (issue 30 item 7)', async () => {
    service.mock();
    const response = await call(historyPath({ ...base, lookbackDays: 'abc', onlyFutureDepartures: 'yes' }));
    expect(response.status).toBe(422);
    expect(await issuesOf(response)).toEqual([
      { field: 'query.lookbackDays', type: 'invalid_type', message: 'must be an integer (HISTORY-3).' },
      { field: 'query.onlyFutureDepartures', type: 'invalid_type', message: 'must be a boolean (HISTORY-4).' },
    ]);
  });

  it('HISTORY-1..4: a single-value parameter given twice says so, though each value is valid on its own', async () => {
    service.mock();
    const response = await call(
      `${historyPath({ ...base, lookbackDays: 7, cabinType: 'ECONOMY' })}&lookbackDays=6&cabinType=BUSINESS&origin=GRU`,
    );
    expect(response.status).toBe(422);
    expect(await issuesOf(response)).toEqual([
      { field: 'query.origin', type: 'invalid_type', message: 'must be given once, not 2 times (HISTORY-1).' },
      { field: 'query.cabinType', type: 'invalid_type', message: 'must be given once, not 2 times.' },
      { field: 'query.lookbackDays', type: 'invalid_type', message: 'must be given once, not 2 times (HISTORY-3).' },
    ]);
  });

  it("HISTORY-4: onlyFutureDepartures keeps departures still ahead in the origin airport's local time", async () => {
    clock = NOW;
    service.mock();
    const all = await history(base);
    const future = await history({ ...base, onlyFutureDepartures: true });
    const originNow = localNow('GRU', NOW);
    expect(all.flights.some((r) => withSeconds(r.departureDate) <= originNow)).toBe(true);
    expect(future.total).toBe(all.flights.filter((r) => withSeconds(r.departureDate) > originNow).length);
    expect((await history({ ...base, onlyFutureDepartures: false })).total).toBe(all.total);
  });

  it('HISTORY-4: onlyFutureDepartures is true or false (D16)', async () => {
    expect(await problems({ ...base, onlyFutureDepartures: 'yes' })).toEqual([
      ['query.onlyFutureDepartures', 'invalid_type'],
    ]);
  });

  it('HISTORY-5: repeated departureDate values are a union of airport-local dates', async () => {
    clock = NOW;
    service.mock();
    const all = await history(base);
    const dates = [...new Set(all.flights.map((r) => r.departureDate.slice(0, 10)))].slice(0, 2);
    expect(dates).toHaveLength(2);
    const first = await history({ ...base, departureDate: dates[0]! });
    const both = await history({ ...base, departureDate: dates });
    expect(first.flights.every((r) => r.departureDate.startsWith(dates[0]!))).toBe(true);
    expect(both.total).toBe(all.flights.filter((r) => dates.includes(r.departureDate.slice(0, 10))).length);
    expect(both.total).toBeGreaterThan(first.total);
  });

  it('HISTORY-5: departureDate must be a calendar date', async () => {
    expect(await problems({ ...base, departureDate: ['2026-12-01', '2026-02-30'] })).toEqual([
      ['query.departureDate', 'invalid_date'],
    ]);
    expect(await problems({ ...base, departureDate: '2026-2-3' })).toEqual([['query.departureDate', 'invalid_format']]);
  });

  it('D6: reports every missing required query parameter at once', async () => {
    expect(await problems({})).toEqual(
      ['airlineLoyalty', 'cabinType', 'destination', 'lookbackDays', 'origin'].map((name) => [
        `query.${name}`,
        'missing',
      ]),
    );
  });
});

describe('D9 history from searches', () => {
  const day = '2026-12-15';

  it('D9: the flights of a successful MILES search join the history with createdAt at the time of the search', async () => {
    clock = NOW;
    service.mock();
    const before = await history({ ...base, departureDate: day, lookbackDays: 1 });
    const { results } = await (await search(validSearch({ departureDate: day, responseFormat: 'PARSED' }))).json();
    const after = await history({ ...base, departureDate: day, lookbackDays: 1 });
    const added = after.flights.filter((r) => Date.parse(r.createdAt) === Math.floor(NOW / 1000) * 1000);
    expect(after.total).toBe(before.total + added.length);
    expect(added.length).toBeGreaterThan(0);
    const codes = new Set(results[0].flights.map((f: { flightCode: string }) => f.flightCode));
    for (const record of added) expect(codes.has(record.flightCode)).toBe(true);
  });

  it('D9: a searched flight comes back from history as the record of exactly the flight the search returned, at every query', async () => {
    clock = NOW + 456; // milliseconds: the record's createdAt, and the id drawn from it, are written to the second
    service.mock();
    const body = validSearch({ departureDate: day, responseFormat: 'PARSED', passengers: { adults: 2, children: 1 } });
    const { results } = await (await search(body)).json();
    // The generator's own flights (they remember each fare's price per passenger), the ones the answer is made of.
    const flights = generateFlights(1, normalizeSearch(body as SearchRequest));
    expect(JSON.parse(JSON.stringify(flights))).toEqual(results[0].flights as ParsedFlight[]);
    const expected = toHistoryRecords(flights, NOW + 456);
    expect(expected.length).toBe(flights.length);
    const searched = (answer: { flights: HistoryRecord[] }) =>
      answer.flights.filter((r) => Date.parse(r.createdAt) === Math.floor((NOW + 456) / 1000) * 1000);
    const first = searched(await history({ ...base, departureDate: day, lookbackDays: 1 }));
    const byId = (records: HistoryRecord[]) => [...records].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(first)).toEqual(byId(expected));
    for (const record of first) {
      const flight = flights.find(
        (f) => f.flightCode === record.flightCode && f.departureDate === record.departureDate,
      );
      expect(flight, record.flightCode).toBeDefined();
      expect(record).toMatchObject({
        arrivalDate: flight!.arrivalDate,
        origin: flight!.origin,
        destination: flight!.destination,
      });
      if (record.fares) expect(record.fares.map((fare) => fare.miles)).toEqual(flight!.fares.map((fare) => fare.miles));
    }
    // The same search in the next collection hour (D67) is served from the mock's cache: a second set of records, same flights, new ids and time.
    clock = NOW + HOUR + 5_000;
    await search(validSearch({ departureDate: day, responseFormat: 'PARSED', passengers: { adults: 2, children: 1 } }));
    const again = await history({ ...base, departureDate: day, lookbackDays: 1 });
    expect(searched(again)).toEqual(first);
    const second = again.flights.filter((r) => Date.parse(r.createdAt) === NOW + HOUR + 5_000);
    // The store numbers its records: the second search's come after the first's.
    expect(byId(second)).toEqual(byId(toHistoryRecords(flights, NOW + HOUR + 5_000, flights.length)));
    // Order (HISTORY-6): departure ascending, then createdAt descending.
    const keys = again.flights.map(
      (r) =>
        [r.departureDate.length === 16 ? `${r.departureDate}:00` : r.departureDate, -Date.parse(r.createdAt)] as const,
    );
    for (let i = 1; i < keys.length; i++) {
      const [[d0, c0], [d1, c1]] = [keys[i - 1]!, keys[i]!];
      expect(d0 < d1 || (d0 === d1 && c0 <= c1)).toBe(true);
    }
    clock = NOW;
  });

  it("D9, D67: two identical searches at the same instant leave the second one's records, with distinct ids, the same ids for the same requests on a fresh mock", async () => {
    clock = NOW;
    const body = validSearch({ departureDate: day, responseFormat: 'PARSED' });
    const flights = generateFlights(1, normalizeSearch(body as SearchRequest));
    const searchedIds = async () => {
      service.mock();
      const [first, second] = [await (await search(body)).json(), await (await search(body)).json()];
      expect(first).toEqual(second);
      const answer = await history({ ...base, departureDate: day, lookbackDays: 1 });
      const searched = answer.flights.filter((r) => Date.parse(r.createdAt) === NOW);
      // One observation per flight and collection hour (D67): the second search's records, numbered after the first's.
      expect(searched).toHaveLength(first.results[0].flights.length);
      expect(searched.map((record) => record.id).sort()).toEqual(
        toHistoryRecords(flights, NOW, flights.length)
          .map((record) => record.id)
          .sort(),
      );
      return searched.map((record) => record.id);
    };
    const ids = await searchedIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect(await searchedIds()).toEqual(ids);
  });

  it('D9: CASH searches and failed searches add nothing', async () => {
    clock = NOW;
    const mock = service.mock();
    const before = (await history({ ...base, airlineLoyalty: 'PROGRAM_2', departureDate: day, lookbackDays: 1 })).total;
    await search(validSearch({ departureDate: day, priceType: 'CASH', airlineLoyalty: ['PROGRAM_2'] }));
    mock.setProgramBehavior('PROGRAM_2', { fail: { status: 500 } });
    await search(validSearch({ departureDate: day, airlineLoyalty: ['PROGRAM_2'] }));
    expect((await history({ ...base, airlineLoyalty: 'PROGRAM_2', departureDate: day, lookbackDays: 1 })).total).toBe(
      before,
    );
  });

  it('HISTORY-3: searched records leave the window as the clock moves on', async () => {
    clock = NOW;
    service.mock();
    await search(validSearch({ departureDate: day }));
    const searchedAt = Math.floor(NOW / 1000) * 1000;
    const count = async (lookbackDays: number) =>
      (await history({ ...base, departureDate: day, lookbackDays })).flights.filter(
        (r) => Date.parse(r.createdAt) === searchedAt,
      ).length;
    expect(await count(1)).toBeGreaterThan(0);
    clock = NOW + 2 * DAY;
    expect(await count(1)).toBe(0);
    expect(await count(3)).toBeGreaterThan(0);
    clock = NOW;
  });

  it('D9: historyCap 0 keeps no searched records', async () => {
    clock = NOW;
    service.mock({ historyCap: 0 });
    const before = (await history({ ...base, departureDate: day, lookbackDays: 1 })).total;
    await search(validSearch({ departureDate: day }));
    expect((await history({ ...base, departureDate: day, lookbackDays: 1 })).total).toBe(before);
  });
});

describe('D9 history store', () => {
  const template: ParsedFlight = generateFlights(
    1,
    normalizeSearch(validSearch({ departureDate: '2026-12-15' }) as SearchRequest),
  )[0]!;
  /** A GRU→JFK ECONOMY PROGRAM_1 flight (or from `origin`) with its own code, so no two are one observation. */
  const flight = (code: string, origin = 'GRU'): ParsedFlight => ({ ...template, origin, flightCode: code });

  it('D9: is bounded by its cap, dropping the oldest records first across routes', () => {
    const store = new HistoryStore(3);
    store.addFlights([flight('a')], 1_000);
    store.addFlights([flight('b', 'CGH')], 2_000);
    store.addFlights([flight('c')], 3_000);
    store.addFlights([flight('d')], 4_000);
    store.addFlights([flight('e', 'CGH')], 5_000);
    expect(store.size).toBe(3);
    const ids = (origin: string) =>
      store.range(bucketKey(origin, 'JFK', 'ECONOMY', 'PROGRAM_1'), 0, 10_000).map((e) => e.flight.flightCode);
    expect(ids('GRU')).toEqual(['c', 'd']);
    expect(ids('CGH')).toEqual(['e']);
  });

  it('D9: reads only a time window of one route, cabin and program', () => {
    const store = new HistoryStore(100);
    for (let i = 0; i < 50; i++) store.addFlights([flight(`r${i}`)], i * 1_000);
    const window = store.range(bucketKey('GRU', 'JFK', 'ECONOMY', 'PROGRAM_1'), 10_000, 14_000);
    expect(window.map((e) => e.flight.flightCode)).toEqual(['r10', 'r11', 'r12', 'r13', 'r14']);
    expect(store.range(bucketKey('GRU', 'JFK', 'BUSINESS', 'PROGRAM_1'), 0, 100_000)).toEqual([]);
  });
});
