// 8. The request log's memory under large bodies: the standalone CLI with
// --control (so it records), RSS before, after 800 bodies of 1 MiB (each
// answered 422), and after POST /__mock/reset. Loopback only, a bounded
// number of requests, and a deadline: it stops by itself within about 30 s.
//
// Also runnable alone against any build of the CLI, for a before/after:
//   node bench/suites/request-log-soak.mjs [--cli=path/to/dist/cli.js] [--quick]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureTmp, requireCli } from '../lib/project.mjs';
import { freePort, rssMb, spawnServer } from '../lib/servers.mjs';
import { fmt, nowMs } from '../lib/stats.mjs';

export const id = '8';
export const title = 'Request log memory: RSS of the CLI (--control) before and after 800 bodies of 1 MiB, and after reset';
// Bounded memory means the second half of the bodies adds (almost) nothing to
// what the first half took; an unbounded log grows linearly (main before issue 13: 1.9x).
export const plan = [
  { id: '8a', label: 'RSS after all the bodies / RSS after half of them', op: '<=', limit: 1.15 },
  { id: '8b', label: 'RSS after listing and reset / RSS after all the bodies', op: '<=', limit: 1.15 },
];

const MiB = 1024 * 1024;
const DEADLINE_MS = 25_000;
const CONCURRENCY = 4;

/** A JSON body of exactly 1 MiB (the server's default body limit): valid JSON, an invalid search, so a 422. */
function megabyteBody() {
  const head = '{"pad":"';
  const tail = '"}';
  return Buffer.from(head + 'a'.repeat(MiB - head.length - tail.length) + tail);
}

/** Settles the server's heap before a reading: a short quiet time (no GC can be forced from outside). */
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function soak(cli, { count = 800, logFile } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnServer(process.execPath, [cli, '--port', String(port), '--control', '--quiet'], {
    readyUrl: `${url}/quota`,
    readyInit: { headers: { 'x-api-key': 'test-key' } },
    logFile,
  });
  try {
    await settle(500);
    const start = rssMb(server.pid);
    const body = megabyteBody();
    const statuses = new Map();
    let sent = 0;
    let peak = start;
    let half;
    const t0 = nowMs();
    const worker = async () => {
      while (sent < count && nowMs() - t0 < DEADLINE_MS) {
        sent++;
        const res = await fetch(`${url}/flights/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'test-key' },
          body,
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (sent % 50 === 0) peak = Math.max(peak, rssMb(server.pid));
        if (half === undefined && sent >= count / 2) half = rssMb(server.pid);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const sendS = (nowMs() - t0) / 1000;
    await settle(1_000);
    const after = rssMb(server.pid);
    peak = Math.max(peak, after);
    const listed = await fetch(`${url}/__mock/requests`);
    const listedText = await listed.text();
    const recorded = listed.status === 200 ? JSON.parse(listedText).requests.length : null;
    const reset = await fetch(`${url}/__mock/reset`, { method: 'POST' });
    await reset.arrayBuffer();
    await settle(2_000);
    const afterReset = rssMb(server.pid);
    return {
      start,
      half,
      after,
      peak,
      afterReset,
      sent,
      sendS,
      statuses: Object.fromEntries(statuses),
      requestsStatus: listed.status,
      recorded,
      resetStatus: reset.status,
    };
  } finally {
    await server.stop();
  }
}

export async function run({ quick }) {
  const cli = requireCli();
  const count = quick ? 200 : 800;
  const r = await soak(cli, { count, logFile: join(ensureTmp('logs'), 'request-log-soak.log') });
  const figures = [
    {
      label: 'requests sent',
      value: `${r.sent} of ${count} bodies of 1 MiB in ${fmt(r.sendS, 's', 1)} (${CONCURRENCY} at a time; statuses ${JSON.stringify(r.statuses)})`,
    },
    { label: 'RSS at start', value: fmt(r.start, 'MB', 1) },
    { label: 'RSS after half of the bodies', value: fmt(r.half, 'MB', 1) },
    { label: 'RSS after the bodies (1 s quiet)', value: `${fmt(r.after, 'MB', 1)} (peak seen ${fmt(r.peak, 'MB', 1)})` },
    { label: 'GET /__mock/requests', value: `${r.requestsStatus}, ${r.recorded ?? '-'} requests listed` },
    { label: 'RSS 2 s after POST /__mock/reset', value: fmt(r.afterReset, 'MB', 1) },
  ];
  return {
    method: `The built CLI (\`dist/cli.js --control --quiet\`) on 127.0.0.1; RSS (VmRSS) read from /proc. ${count} POSTs of a 1 MiB JSON body (an invalid search: 422) with ${CONCURRENCY} in flight, stopped at ${DEADLINE_MS / 1000} s whatever the count.`,
    figures,
    notes: [],
    measured: {
      '8a': { measured: r.after / r.half },
      '8b': { measured: r.afterReset / r.after },
    },
  };
}

// Run alone: `node bench/suites/request-log-soak.mjs --cli=...` prints the figures as JSON.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const cli = arg('cli') ?? requireCli();
  const count = process.argv.includes('--quick') ? 200 : 800;
  const r = await soak(cli, { count, logFile: join(ensureTmp('logs'), 'request-log-soak.log') });
  console.log(
    JSON.stringify(
      {
        cli,
        ...r,
        start: +r.start.toFixed(1),
        half: +r.half.toFixed(1),
        after: +r.after.toFixed(1),
        peak: +r.peak.toFixed(1),
        afterReset: +r.afterReset.toFixed(1),
      },
      null,
      2,
    ),
  );
}
