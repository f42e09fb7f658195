// 7. The SDK's proxy (createFlightSearchProxy mounted on node:http through toNodeHandler) in front of
// the standalone mock, against the same search sent to the mock directly; the client, the proxy and
// the mock each in a process of their own, as deployed.
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BENCH_KEY, searchRequest, writeKeysFile } from '../lib/fixtures.mjs';
import { ensureTmp, requireCli } from '../lib/project.mjs';
import { freePort, spawnServer } from '../lib/servers.mjs';
import { fmt, fmtSpread, nowMs, quantile, summarize } from '../lib/stats.mjs';

export const id = '7';
export const title = 'Proxy: a search through createFlightSearchProxy on node:http vs sent directly';
export const plan = [
  {
    id: '7a',
    load: 'one search at a time, each hop its own process',
    label:
      "per search: the proxy's own cost (through it minus through a bare pass-through; its added latency and the second hop beside it)",
    op: '<=',
    limit: 0.5,
    unit: 'ms',
  },
];

const MEDIA = 'application/vnd.service.v1+json';
const PREFIX = '/api/flight-search';

export async function run({ quick }) {
  const rounds = quick ? 5 : 21;
  const calls = quick ? 100 : 300;
  const warmup = quick ? 200 : 1000;
  const ready = { readyInit: { headers: { 'x-api-key': BENCH_KEY } } };
  const servicePort = await freePort();
  const service = await spawnServer(
    process.execPath,
    [
      requireCli(),
      '--port',
      String(servicePort),
      '--host',
      '127.0.0.1',
      '--keys',
      writeKeysFile(),
      '--latency',
      'none',
      '--quiet',
    ],
    {
      readyUrl: `http://127.0.0.1:${servicePort}/quota`,
      ...ready,
      logFile: join(ensureTmp('logs'), 'proxy-service.log'),
    },
  );
  service.url = `http://127.0.0.1:${servicePort}`;
  const hop = async (mode) => {
    const port = await freePort();
    const child = await spawnServer(
      process.execPath,
      [
        fileURLToPath(new URL('../lib/proxy-child.mjs', import.meta.url)),
        mode,
        String(port),
        service.url,
        BENCH_KEY,
        PREFIX,
      ],
      { readyUrl: `http://127.0.0.1:${port}${PREFIX}/quota`, logFile: join(ensureTmp('logs'), `proxy-${mode}.log`) },
    );
    child.url = `http://127.0.0.1:${port}`;
    return child;
  };
  const app = await hop('proxy');
  const bare = await hop('bare');
  const body = JSON.stringify(searchRequest());
  // What a browser sends to the proxy (no key) and what a server holding the key sends to the service.
  const browserHeaders = { 'content-type': 'application/json', accept: MEDIA, cookie: 'session=bench' };
  const directHeaders = { 'content-type': 'application/json', accept: MEDIA, 'x-api-key': BENCH_KEY };
  const searchOnce = async (url, headers) => {
    const response = await fetch(url, { method: 'POST', headers, body });
    if (response.status !== 200)
      throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response.text();
  };
  const variants = {
    direct: () => searchOnce(`${service.url}/flights/search`, directHeaders),
    proxy: () => searchOnce(`${app.url}${PREFIX}/flights/search`, browserHeaders),
    // Not a target: a bare pass-through in its own process, the cost of the second hop alone.
    'bare pass-through (node:http + fetch)': () => searchOnce(`${bare.url}${PREFIX}/flights/search`, browserHeaders),
  };
  const names = Object.keys(variants);
  try {
    // Both must give the same answer before they are timed.
    const [direct, proxied] = [await variants.direct(), await variants.proxy()];
    if (direct !== proxied) throw new Error("the proxy's answer differs from the service's");
    for (const n of names) for (let i = 0; i < warmup; i++) await variants[n]();

    // Interleaved per search, not per block: on a shared machine the load changes within a round,
    // and alternating call by call (order rotated each time) exposes every variant to it alike.
    const perRound = Object.fromEntries(names.map((n) => [n, []]));
    for (let r = 0; r < rounds; r++) {
      const times = Object.fromEntries(names.map((n) => [n, []]));
      for (let i = 0; i < calls; i++) {
        for (let k = 0; k < names.length; k++) {
          const n = names[(i + r + k) % names.length];
          const t = nowMs();
          await variants[n]();
          times[n].push(nowMs() - t);
        }
      }
      for (const n of names) perRound[n].push(quantile(times[n], 0.5));
    }
    const med = Object.fromEntries(names.map((n) => [n, summarize(perRound[n])]));
    const difference = med.proxy.median - med.direct.median;
    const perRoundDiff = summarize(perRound.proxy.map((v, i) => v - perRound.direct[i]));
    const bareDiff = med['bare pass-through (node:http + fetch)'].median - med.direct.median;
    return {
      method: `Mock, proxy and client each in a process of its own on 127.0.0.1, the bench search sent to the mock directly and through the proxy, interleaved. Three processes, as deployed: the standalone mock (the built CLI, bench key, latency none), the proxy (\`createFlightSearchProxy\` from dist, mounted with \`toNodeHandler\` on a node:http server, bench/lib/proxy-child.mjs) and this one, the client (Node's fetch with keep-alive), all on 127.0.0.1. "direct" posts the bench search (ONE_WAY RAW, ${body.length} B) to the mock with the key; "proxy" posts it to the proxy without a key (and with a cookie, which the proxy drops), and the proxy forwards it with the key. One more variant, not a target, splits the difference: a bare node:http server in a process of its own that forwards with fetch and no logic at all (the second hop alone); the proxy minus it is the proxy's own logic. ${rounds} rounds of ${calls} searches per variant, interleaved search by search (the variants take turns, the order rotated each turn) after ${warmup} warm-up searches each; a round's figure is its median search per variant, and the target is the difference of the medians of those round figures. The answers of both were checked to be byte-identical first.`,
      figures: [
        ...names.map((n) => ({ label: `${n}: median per search (ms), round medians`, value: fmtSpread(med[n], 'ms') })),
        { label: 'through the proxy minus direct: difference of the medians', value: fmt(difference, 'ms') },
        { label: 'through the proxy minus direct, per round', value: fmtSpread(perRoundDiff, 'ms') },
        {
          label: 'through the proxy / direct, ratio of the medians',
          value: fmt(med.proxy.median / med.direct.median, 'x', 3),
        },
        { label: 'bare pass-through (the second hop alone, no proxy logic) minus direct', value: fmt(bareDiff, 'ms') },
        {
          label:
            "the proxy minus the bare pass-through (what the proxy's checks, hooks, filtering, time-out and redaction cost)",
          value: fmt(med.proxy.median - med['bare pass-through (node:http + fetch)'].median, 'ms'),
        },
        {
          label: 'load average at the end of the suite (2 cores shared)',
          value: loadavg()
            .map((l) => l.toFixed(2))
            .join(' '),
        },
      ],
      notes: [],
      measured: {
        '7a': {
          measured: med.proxy.median - med['bare pass-through (node:http + fetch)'].median,
          why: `through the proxy a search takes ${fmt(difference, 'ms')} more than direct; the proxy adds a second HTTP exchange (client to proxy, then proxy to service) on top of its own work: the second hop alone (a bare node:http + fetch pass-through with no logic, in its own process) adds ${fmt(bareDiff, 'ms')} over direct; the proxy's own logic is the rest, ${fmt(difference - bareDiff, 'ms')}`,
          fix: "the second hop is what mounting on node:http costs; the handler's own share can shrink by passing the body through without the redaction stream when no key can be in it",
          owner: 'SDK proxy (packages/sdk/src/proxy)',
        },
      },
    };
  } finally {
    await app.stop();
    await bare.stop();
    await service.stop();
  }
}
