#!/usr/bin/env node
// Child process of suite 3: N simulated searches through the real client and
// compareProgramsStreaming, with an in-process fake fetch. Runs in its own
// process so maxRSS is this size's peak alone. Prints one JSON line.
//   node bench/suites/streaming-scale.mjs <searches> <rounds> <answer-file>
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { BENCH_KEY, MILES_PROGRAMS, searchRequest } from '../lib/fixtures.mjs';
import { loadSdk, pick } from '../lib/project.mjs';
import { nowMs } from '../lib/stats.mjs';

const [searches, rounds, answerFile] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const answer = readFileSync(answerFile);
const { createFlightSearchClient, compareProgramsStreaming } = pick(
  await loadSdk(),
  ['createFlightSearchClient', 'compareProgramsStreaming'],
  '@flight-search/sdk',
);

// A seeded generator, so both sizes see the same latency distribution every run.
let state = 0x9e3779b9;
const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
};
const MAX_LATENCY_MS = 10;
const fakeFetch = async (input) => {
  const request = input instanceof Request ? input : new Request(input);
  await request.arrayBuffer();
  await new Promise((r) => setTimeout(r, random() * MAX_LATENCY_MS));
  return new Response(answer, { status: 200, headers: { 'content-type': 'application/vnd.service.v1+json' } });
};
const client = createFlightSearchClient({ apiKey: BENCH_KEY, baseUrl: 'http://bench.invalid', fetch: fakeFetch });
const { airlineLoyalty: _, ...base } = searchRequest();

let heapPeak = 0;
let gcMs = 0;
const gc = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
gc.observe({ entryTypes: ['gc'] });
// Sampled on a timer, not per outcome, so the sampling cost does not grow with N.
const sampler = setInterval(() => {
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
}, 10);
async function once() {
  // One comparison takes each program once, so N searches are ceil(N/8)
  // comparisons running at the same time, all started together.
  const comparisons = [];
  for (let left = searches; left > 0; left -= MILES_PROGRAMS.length) {
    comparisons.push(MILES_PROGRAMS.slice(0, Math.min(left, MILES_PROGRAMS.length)));
  }
  let outcomes = 0;
  const gcBefore = gcMs;
  const cpuBefore = process.cpuUsage();
  const t = nowMs();
  await Promise.all(
    comparisons.map(async (programs) => {
      for await (const o of compareProgramsStreaming(client, { ...base, programs })) {
        if (o.kind !== 'result' || !o.item.success) throw new Error(`unexpected outcome ${o.kind}`);
        outcomes++;
      }
    }),
  );
  const ms = nowMs() - t;
  const cpu = process.cpuUsage(cpuBefore);
  // This process's CPU (all threads, GC helpers included) per search, in µs: what the searches cost whatever the wall clock waited for.
  cpuPerSearch.push((cpu.user + cpu.system) / searches);
  if (outcomes !== searches) throw new Error(`${outcomes} outcomes for ${searches} searches`);
  // GC entries are delivered asynchronously; let them arrive before reading.
  await new Promise((r) => setImmediate(r));
  gcTimes.push(gcMs - gcBefore);
  return ms;
}
const gcTimes = [];
const cpuPerSearch = [];

await once(); // warm-up: JIT and module state
gcTimes.length = 0;
cpuPerSearch.length = 0;
const times = [];
for (let r = 0; r < rounds; r++) times.push(await once());
clearInterval(sampler);
gc.disconnect();
heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
console.log(
  JSON.stringify({
    searches,
    times,
    gcTimes,
    cpuPerSearch,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    heapPeakMb: heapPeak / 2 ** 20,
  }),
);
