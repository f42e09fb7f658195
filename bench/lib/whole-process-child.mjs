#!/usr/bin/env node
// Suite 10's client as a whole process: `searches` searches through one client, `inFlight` at a time,
// against a canned server in another process; then one JSON line: peak RSS (VmHWM), RSS after a full
// collection, the CPU of the searches per call, and the wall time. Run with --expose-gc.
//   node --expose-gc bench/lib/whole-process-child.mjs <sdk|openapi-fetch|raw fetch> <base url> <searches> <in flight> [sdk entry]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import createClient from 'openapi-fetch';
import { BENCH_KEY, searchRequest } from './fixtures.mjs';
import { loadSdk } from './project.mjs';

const [variant, base, searches, inFlight, sdkEntry] = [
  process.argv[2],
  process.argv[3],
  Number(process.argv[4]),
  Number(process.argv[5]),
  process.argv[6],
];
const MEDIA = 'application/vnd.service.v1+json';
const request = searchRequest();
const headers = { 'content-type': 'application/json', accept: MEDIA, 'x-api-key': BENCH_KEY };

let search;
if (variant === 'sdk') {
  const { createFlightSearchClient } = sdkEntry ? await import(pathToFileURL(sdkEntry).href) : await loadSdk();
  const sdk = createFlightSearchClient({ apiKey: BENCH_KEY, baseUrl: base });
  search = () => sdk.searchFlights(request);
} else if (variant === 'openapi-fetch') {
  const bare = createClient({ baseUrl: base });
  search = async () => {
    const { data, error } = await bare.POST('/flights/search', {
      body: request,
      headers: { accept: MEDIA, 'x-api-key': BENCH_KEY },
    });
    if (error) throw new Error('openapi-fetch got an error');
    return data;
  };
} else {
  search = async () => {
    const res = await fetch(`${base}/flights/search`, { method: 'POST', headers, body: JSON.stringify(request) });
    if (!res.ok) throw new Error(`raw fetch got ${res.status}`);
    return res.json();
  };
}

const kb = (field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;
// The answer must be a search answer before anything is measured.
if (!Array.isArray((await search())?.results)) throw new Error(`${variant} returned no results array`);
let next = 0;
const worker = async () => {
  while (next++ < searches) await search();
};
const cpu = process.cpuUsage();
const started = performance.now();
await Promise.all(Array.from({ length: inFlight }, worker));
const used = process.cpuUsage(cpu);
const wallMs = performance.now() - started;
const peakMb = kb('VmHWM');
global.gc();
console.log(JSON.stringify({ peakMb, rssAfterGcMb: kb('VmRSS'), cpuUs: (used.user + used.system) / searches, wallMs }));
