// 2. Client overhead: the same call through raw fetch, bare openapi-fetch and
// the SDK's searchFlights (default options: validation on, no hooks, no log), against
// a bare server with a canned answer.
import createClient from 'openapi-fetch';
import { cannedSearchAnswer } from '../lib/answers.mjs';
import { BENCH_KEY, searchRequest } from '../lib/fixtures.mjs';
import { loadSdk, pick } from '../lib/project.mjs';
import { startCannedServer } from '../lib/servers.mjs';
import { formatTop, profileInProcess, summarizeProfile } from '../lib/profile.mjs';
import { fmt, fmtSpread, nowMs, quantile, summarize } from '../lib/stats.mjs';

export const id = '2';
export const title = 'Client overhead against a bare node:http server';
export const plan = [
  {
    id: '2a',
    load: 'one call at a time, keep-alive, a bare node:http server',
    label: 'searchFlights / bare openapi-fetch (per call)',
    op: '<=',
    limit: 1.05,
  },
  {
    id: '2b',
    load: 'one call at a time, keep-alive, a bare node:http server',
    label: 'searchFlights / raw fetch (per call)',
    op: '<=',
    limit: 1.3,
  },
];

const MEDIA = 'application/vnd.service.v1+json';

export async function run({ quick }) {
  const rounds = quick ? 5 : 21;
  const callsPerRound = quick ? 100 : 300;
  const warmup = quick ? 200 : 1000;
  const { createFlightSearchClient } = pick(await loadSdk(), ['createFlightSearchClient'], '@flight-search/sdk');
  const answer = await cannedSearchAnswer();
  const server = await startCannedServer({
    'POST /flights/search': { ...answer, contentType: answer.contentType ?? MEDIA },
  });
  const request = searchRequest();
  const url = `${server.url}/flights/search`;
  const headers = { 'content-type': 'application/json', accept: MEDIA, 'x-api-key': BENCH_KEY };

  const bare = createClient({ baseUrl: server.url });
  const sdk = createFlightSearchClient({ apiKey: BENCH_KEY, baseUrl: server.url });

  const variants = {
    'raw fetch': async () => {
      const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(request) });
      if (!res.ok) throw new Error(`raw fetch got ${res.status}`);
      return res.json();
    },
    'openapi-fetch': async () => {
      const { data, error } = await bare.POST('/flights/search', {
        body: request,
        headers: { accept: MEDIA, 'x-api-key': BENCH_KEY },
      });
      if (error || !data) throw new Error('openapi-fetch got an error');
      return data;
    },
    // openapi-fetch with what a per-attempt time-out that really aborts needs: its own controller
    // and timer per call. Not a target; it shows how much of the gap the time-out alone takes.
    'openapi-fetch + time-out': async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 35_000);
      try {
        const { data, error } = await bare.POST('/flights/search', {
          body: request,
          headers: { accept: MEDIA, 'x-api-key': BENCH_KEY },
          signal: controller.signal,
        });
        if (error || !data) throw new Error('openapi-fetch + time-out got an error');
        return data;
      } finally {
        clearTimeout(timer);
      }
    },
    searchFlights: () => sdk.searchFlights(request),
  };
  const names = Object.keys(variants);
  try {
    // Every variant must really work before it is timed.
    for (const n of names) {
      const out = await variants[n]();
      if (!Array.isArray(out?.results)) throw new Error(`${n} returned no results array`);
    }
    for (const n of names) for (let i = 0; i < warmup; i++) await variants[n]();

    const perRound = Object.fromEntries(names.map((n) => [n, []]));
    for (let r = 0; r < rounds; r++) {
      const order = names.map((_, i) => names[(i + r) % names.length]);
      for (const n of order) {
        const calls = [];
        for (let i = 0; i < callsPerRound; i++) {
          const t = nowMs();
          await variants[n]();
          calls.push(nowMs() - t);
        }
        perRound[n].push(quantile(calls, 0.5));
      }
    }
    // Where searchFlights spends its time beyond the wire, for the note on a miss.
    const profile = summarizeProfile(
      await profileInProcess(async () => {
        for (let i = 0; i < callsPerRound * 2; i++) await variants.searchFlights();
      }),
      { owned: (u) => u.includes('/packages/sdk/') || u.includes('openapi-fetch') },
    );
    const ratio = (a, b) => summarize(perRound[a].map((v, i) => v / perRound[b][i]));
    const vsBare = ratio('searchFlights', 'openapi-fetch');
    const vsRaw = ratio('searchFlights', 'raw fetch');
    const figures = names.map((n) => ({
      label: `${n}: median per call (µs), round medians`,
      value: fmtSpread(summarize(perRound[n].map((v) => v * 1000)), 'µs'),
    }));
    figures.push({ label: 'searchFlights / openapi-fetch, per-round ratio', value: fmtSpread(vsBare, 'x', 3) });
    figures.push({ label: 'searchFlights / raw fetch, per-round ratio', value: fmtSpread(vsRaw, 'x', 3) });
    const bareVsRaw = ratio('openapi-fetch', 'raw fetch');
    const timeoutVsBare = ratio('openapi-fetch + time-out', 'openapi-fetch');
    figures.push({ label: 'openapi-fetch / raw fetch, per-round ratio', value: fmtSpread(bareVsRaw, 'x', 3) });
    figures.push({
      label: 'openapi-fetch + time-out / openapi-fetch, per-round ratio (the per-attempt time-out alone)',
      value: fmtSpread(timeoutVsBare, 'x', 3),
    });
    figures.push({
      label: 'searchFlights / openapi-fetch + time-out, per-round ratio (everything else the SDK adds)',
      value: fmtSpread(ratio('searchFlights', 'openapi-fetch + time-out'), 'x', 3),
    });
    figures.push({
      label: 'searchFlights profile: inclusive time of SDK and openapi-fetch functions (share of busy CPU)',
      value: formatTop(profile.inclusive),
    });
    figures.push({ label: 'searchFlights profile: top self time', value: formatTop(profile.self) });
    figures.push({ label: 'canned answer', value: `${answer.body.length} B, ${answer.source}` });
    const extraUs = (summarize(perRound.searchFlights).median - summarize(perRound['openapi-fetch']).median) * 1000;
    const why = `searchFlights adds about ${fmt(extraUs, 'µs')} per call over openapi-fetch, of which openapi-fetch given its own per-call AbortController and timer (what a time-out that really aborts the request needs; in Node 20 every AbortSignal is made transferable, and undici links it to the Request's own) already costs ${fmt(timeoutVsBare.median, 'x', 3)} of bare openapi-fetch; in a CPU profile of searchFlights the SDK's and openapi-fetch's own functions take (inclusive): ${formatTop(profile.inclusive.slice(0, 6))}`;
    // Since issue 15 the SDK sends each typed call with fetch(url, init) (openapi-fetch's query serializer, one request
    // construction), so it no longer pays for openapi-fetch's own Request, which undici copies again inside fetch.
    const fix =
      'the per-attempt time-out is a requirement of the SDK and openapi-fetch alone is ' +
      fmt(bareVsRaw.median, 'x', 3) +
      " of raw fetch here (it builds every request twice); on a miss, look at the SDK's own share in the profile above (send, exchange: the body read under maxResponseBytes, the hooks and the log when set)";
    return {
      method: `${rounds} interleaved rounds (order rotated each round) of ${callsPerRound} sequential calls per variant after ${warmup} warm-up calls each; a round's figure is its median call; the ratio is taken per round and its median reported. Keep-alive on every variant (Node's fetch pools connections). validate is on (the default) for searchFlights.`,
      figures,
      notes: [],
      measured: {
        '2a': { measured: vsBare.median, why, fix, owner: 'SDK (packages/sdk: client.ts, validate.ts)' },
        '2b': { measured: vsRaw.median, why, fix, owner: 'SDK (packages/sdk)' },
      },
    };
  } finally {
    await server.close();
  }
}
