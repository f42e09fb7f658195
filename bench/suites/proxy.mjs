// 7. The SDK's proxy (createFlightSearchProxy mounted on node:http through toNodeHandler) in front of
// the standalone mock, against the same search sent to the mock directly.
import { loadavg } from 'node:os';
import { BENCH_KEY, benchKeySettings, searchRequest } from '../lib/fixtures.mjs';
import { loadMockNode, loadSdkProxy, loadSdkProxyNode, pick } from '../lib/project.mjs';
import { startHttpServer } from '../lib/servers.mjs';
import { fmt, fmtSpread, nowMs, quantile, summarize } from '../lib/stats.mjs';

export const id = '7';
export const title = 'Proxy: a search through createFlightSearchProxy on node:http vs sent directly';
export const plan = [{ id: '7a', label: 'per search: median through the proxy minus median direct', op: '<=', limit: 1, unit: 'ms' }];

const MEDIA = 'application/vnd.service.v1+json';
const PREFIX = '/api/flight-search';

export async function run({ quick }) {
  const rounds = quick ? 5 : 21;
  const calls = quick ? 100 : 300;
  const warmup = quick ? 200 : 1000;
  const { createFlightSearchProxy } = pick(await loadSdkProxy(), ['createFlightSearchProxy'], '@flight-search/sdk/proxy');
  const { toNodeHandler } = pick(await loadSdkProxyNode(), ['toNodeHandler'], '@flight-search/sdk/proxy/node');
  const { startMockServer } = pick(await loadMockNode(), ['startMockServer'], '@flight-search/mock-server/node');

  // Everything in this process, as in suite 5: the client, the proxy and the mock share one thread alike in both variants.
  const service = await startMockServer({ keys: [benchKeySettings()], latency: 'none', port: 0, log: false });
  const proxy = createFlightSearchProxy({ apiKey: BENCH_KEY, baseUrl: service.url });
  const handler = toNodeHandler(proxy);
  const app = await startHttpServer((req, res) => void handler(req, res));
  // The floor of any proxy mounted on node:http that forwards with fetch: read the body, forward it
  // with the key, write the answer. No route check, hooks, header filtering, time-out or redaction.
  const bare = await startHttpServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const upstream = await fetch(`${service.url}/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: MEDIA, 'x-api-key': BENCH_KEY },
      body: Buffer.concat(chunks),
    });
    const bytes = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type'), 'content-length': bytes.length }).end(bytes);
  });
  const body = JSON.stringify(searchRequest());
  // What a browser sends to the proxy (no key) and what a server holding the key sends to the service.
  const browserHeaders = { 'content-type': 'application/json', accept: MEDIA, cookie: 'session=bench' };
  const directHeaders = { 'content-type': 'application/json', accept: MEDIA, 'x-api-key': BENCH_KEY };
  const searchOnce = async (url, headers) => {
    const response = await fetch(url, { method: 'POST', headers, body });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response.text();
  };
  const variants = {
    direct: () => searchOnce(`${service.url}/flights/search`, directHeaders),
    proxy: () => searchOnce(`${app.url}${PREFIX}/flights/search`, browserHeaders),
    // Not a target: the bare pass-through above, the cost of the second hop alone.
    'bare pass-through (node:http + fetch)': () => searchOnce(`${bare.url}/flights/search`, browserHeaders),
    // Not a target: the handler called in-process with a Request (no second HTTP hop), to split the cost.
    'proxy handler, in-process': async () => {
      const response = await proxy(new Request(`http://app.test${PREFIX}/flights/search`, { method: 'POST', headers: browserHeaders, body }));
      if (response.status !== 200) throw new Error(`the handler answered ${response.status}`);
      return response.text();
    },
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
    const handlerDiff = med['proxy handler, in-process'].median - med.direct.median;
    const bareDiff = med['bare pass-through (node:http + fetch)'].median - med.direct.median;
    return {
      method: `The standalone mock (\`startMockServer\`, bench key, latency none) and the proxy (\`createFlightSearchProxy\` from dist, mounted with \`toNodeHandler\` on a node:http server) both on 127.0.0.1 in this process; the client is Node's fetch with keep-alive. "direct" posts the bench search (ONE_WAY RAW, ${body.length} B) to the mock with the key; "proxy" posts it to the proxy without a key (and with a cookie, which the proxy drops), and the proxy forwards it with the key. Two more variants, not targets, split the difference: the proxy's handler called in-process with a Request (its own work plus the forwarded request, no second hop), and a bare node:http server that forwards with fetch and no logic at all (the second hop alone). ${rounds} rounds of ${calls} searches per variant, interleaved search by search (the variants take turns, the order rotated each turn) after ${warmup} warm-up searches each; a round's figure is its median search per variant, and the target is the difference of the medians of those round figures. The answers of both were checked to be byte-identical first.`,
      figures: [
        ...names.map((n) => ({ label: `${n}: median per search (ms), round medians`, value: fmtSpread(med[n], 'ms') })),
        { label: 'through the proxy minus direct: difference of the medians', value: fmt(difference, 'ms') },
        { label: 'through the proxy minus direct, per round', value: fmtSpread(perRoundDiff, 'ms') },
        { label: 'through the proxy / direct, ratio of the medians', value: fmt(med.proxy.median / med.direct.median, 'x', 3) },
        { label: 'the handler in-process (no second hop) minus direct', value: fmt(handlerDiff, 'ms') },
        { label: 'bare pass-through (the second hop alone, no proxy logic) minus direct', value: fmt(bareDiff, 'ms') },
        {
          label: "the proxy minus the bare pass-through (what the proxy's checks, hooks, filtering, time-out and redaction cost)",
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
          measured: difference,
          why: `the proxy adds a second HTTP exchange (client to proxy, then proxy to service) on top of its own work: a bare node:http + fetch pass-through with no logic adds ${fmt(bareDiff, 'ms')} over direct, and the proxy's handler called in-process without that hop adds ${fmt(handlerDiff, 'ms')}`,
          fix: "the second hop is what mounting on node:http costs; the handler's own share can shrink by passing the body through without the redaction stream when no key can be in it",
          owner: 'SDK proxy (packages/sdk/src/proxy)',
        },
      },
    };
  } finally {
    await app.close();
    await bare.close();
    await service.close();
  }
}
