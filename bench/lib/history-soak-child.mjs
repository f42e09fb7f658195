#!/usr/bin/env node
// A bounded soak of the mock in its own process (issue 13 item 7): searches on
// distinct dates and routes and history queries, 4 to 1, with historyCap 1000
// (and requestLogCap 1000, so the request log, bounded on its own, fills early),
// for at most `seconds` or `maxSearches`, whichever comes first. Prints one
// JSON line: RSS and heap (after a full GC) at the start and the end, and
// samples on the way. Any build of the mock can be given, so the same soak
// runs on another checkout's dist (the 'before' figures).
//   node --expose-gc bench/lib/history-soak-child.mjs <mock dist index.js> <seconds> <maxSearches>
import { pathToFileURL } from 'node:url';

const [entry, seconds, maxSearches] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const { createFlightSearchMock } = await import(pathToFileURL(entry).href);
const KEY = 'bench-key';
const PROGRAMS = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_4', 'PROGRAM_5'];
const AIRPORTS = [
  'GRU',
  'JFK',
  'LHR',
  'CDG',
  'MIA',
  'LIS',
  'MAD',
  'FRA',
  'AMS',
  'EZE',
  'SCL',
  'BOG',
  'LAX',
  'ORD',
  'ATL',
  'DXB',
  'NRT',
  'FCO',
  'MEX',
  'YYZ',
];
const mock = createFlightSearchMock({
  keys: [{ key: KEY, limit: 1e12, products: ['search', 'history'] }],
  latency: 'none',
  historyCap: 1000,
  requestLogCap: 1000,
});
const base = 'http://127.0.0.1';
const DAY = 86_400_000;
const firstDay = Date.UTC(new Date().getUTCFullYear() + 1, 0, 1);
const dateAfter = (n) => new Date(firstDay + n * DAY).toISOString().slice(0, 10);
const route = (i) => [AIRPORTS[i % 10], AIRPORTS[10 + (Math.floor(i / 10) % 10)]];

async function search(i) {
  const [origin, destination] = route(i);
  const body = {
    airlineLoyalty: [PROGRAMS[i % 4]],
    priceType: 'MILES',
    tripType: 'ONE_WAY',
    cabinType: i % 3 ? 'ECONOMY' : 'BUSINESS',
    origin,
    destination,
    departureDate: dateAfter(i),
    passengers: { adults: 1 },
    responseFormat: 'PARSED',
  };
  const res = await mock.handle(
    new Request(`${base}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify(body),
    }),
  );
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
}

async function history(i) {
  const [origin, destination] = route(i);
  const q = new URLSearchParams({ origin, destination, cabinType: 'ECONOMY', lookbackDays: '30' });
  for (const p of PROGRAMS.slice(0, 2)) q.append('airlineLoyalty', p);
  const res = await mock.handle(
    new Request(`${base}/intelligence/flights/history?${q}`, { headers: { 'x-api-key': KEY } }),
  );
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`history answered ${res.status}`);
}

const memory = () => {
  globalThis.gc();
  const m = process.memoryUsage();
  return { rssMb: m.rss / 2 ** 20, heapMb: m.heapUsed / 2 ** 20, buffersMb: m.arrayBuffers / 2 ** 20 };
};

const started = performance.now();
const deadline = started + seconds * 1000;
const samples = [];
let searches = 0;
let queries = 0;
// Warm-up: the first 2 000 searches and 500 queries, so the start figure has the bounded caches
// (request log, search LRU, the baselines of all 100 routes) filled, as a server that has run a while has.
const WARM_UP = 2000;
let start;
while (performance.now() < deadline && searches < maxSearches) {
  for (let j = 0; j < 4; j++) await search(searches++);
  await history(queries++);
  if (!start && searches >= WARM_UP) {
    start = { ...memory(), searches, seconds: (performance.now() - started) / 1000 };
    samples.push(start);
  } else if (start && queries % 1000 === 0)
    samples.push({ ...memory(), searches, seconds: (performance.now() - started) / 1000 });
}
const end = { ...memory(), searches, seconds: (performance.now() - started) / 1000 };
// No start when the warm-up did not end in time: the suite then reports the soak as not run, not as a flat line.
process.stdout.write(`${JSON.stringify({ start: start ?? null, end, searches, queries, samples })}\n`);
