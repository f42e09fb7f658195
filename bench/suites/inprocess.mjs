// 5. The mock in-process (msw setupServer) against the same mock served over
// loopback HTTP, both driven by the SDK.
import { setupServer } from 'msw/node';
import { BENCH_KEY, benchKeySettings, searchRequest } from '../lib/fixtures.mjs';
import { loadMock, loadMockNode, loadSdk, pick } from '../lib/project.mjs';
import { fmtSpread, nowMs, quantile, summarize } from '../lib/stats.mjs';

export const id = '5';
export const title = 'Mock in-process (msw setupServer) vs the standalone server over loopback';
export const plan = [
  {
    id: '5a',
    load: 'one search at a time, in this process',
    label: 'per search: msw in-process / standalone over loopback',
    op: '<=',
    limit: 1.2,
  },
];

export async function run({ quick }) {
  const rounds = quick ? 5 : 15;
  const calls = quick ? 50 : 200;
  const warmup = quick ? 100 : 500;
  const { createFlightSearchClient } = pick(await loadSdk(), ['createFlightSearchClient'], '@flight-search/sdk');
  const { createFlightSearchMock } = pick(await loadMock(), ['createFlightSearchMock'], '@flight-search/mock-server');
  const { startMockServer } = pick(await loadMockNode(), ['startMockServer'], '@flight-search/mock-server/node');

  const options = () => ({ keys: [benchKeySettings()], latency: 'none' });
  // Both servers in this process, so both variants pay client and mock on one thread alike.
  const standalone = await startMockServer({ ...options(), port: 0, log: false });
  // msw replaces globalThis.fetch while listening; the loopback client keeps the real one.
  const realFetch = globalThis.fetch;
  const mock = createFlightSearchMock({ ...options(), baseUrl: 'https://flight-search.bench.test' });
  const msw = setupServer(...mock.handlers);
  msw.listen({ onUnhandledRequest: 'error' });
  try {
    const viaMsw = createFlightSearchClient({ apiKey: BENCH_KEY, baseUrl: 'https://flight-search.bench.test' });
    const viaLoopback = createFlightSearchClient({ apiKey: BENCH_KEY, baseUrl: standalone.url, fetch: realFetch });
    const request = searchRequest();
    const variants = { msw: () => viaMsw.searchFlights(request), loopback: () => viaLoopback.searchFlights(request) };
    const names = Object.keys(variants);
    for (const n of names) {
      const out = await variants[n]();
      if (!out?.results?.[0]?.success)
        throw new Error(`${n}: the bench search did not succeed: ${JSON.stringify(out).slice(0, 200)}`);
    }
    for (const n of names) for (let i = 0; i < warmup; i++) await variants[n]();
    const perRound = { msw: [], loopback: [] };
    for (let r = 0; r < rounds; r++) {
      for (const n of r % 2 ? [...names].reverse() : names) {
        const times = [];
        for (let i = 0; i < calls; i++) {
          const t = nowMs();
          await variants[n]();
          times.push(nowMs() - t);
        }
        perRound[n].push(quantile(times, 0.5));
      }
    }
    const ratio = summarize(perRound.msw.map((v, i) => v / perRound.loopback[i]));
    const mswMs = summarize(perRound.msw);
    const loopMs = summarize(perRound.loopback);
    return {
      method: `Two mocks with the same options (bench key, latency none): one under msw \`setupServer(...mock.handlers)\`, one served by \`startMockServer\` on 127.0.0.1, both in this process. The SDK's searchFlights (validate on) runs the bench search ${calls} times per variant per round, ${rounds} rounds alternating the order, after ${warmup} warm-up calls each; a round's figure is its median call, the ratio is taken per round.`,
      figures: [
        { label: 'msw in-process: median per search (ms), round medians', value: fmtSpread(mswMs, 'ms') },
        { label: 'standalone over loopback: median per search (ms), round medians', value: fmtSpread(loopMs, 'ms') },
        { label: 'msw / loopback, per-round ratio', value: fmtSpread(ratio, 'x', 3) },
      ],
      notes: [],
      measured: {
        '5a': {
          measured: ratio.median,
          why: "msw adds its own work per request: it clones the Request, runs every handler's predicate (path matching) and wraps the Response, on top of the rules that both paths share",
          fix: 'one catch-all msw handler (http.all) that calls handle() once, rather than one handler per route matched in turn; avoid cloning the body in the handler',
          owner: 'mock (packages/mock-server/src/msw.ts)',
        },
      },
    };
  } finally {
    msw.close();
    await standalone.close();
  }
}
