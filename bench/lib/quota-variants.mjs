// Diagnostics for bench target 9a (not a suite): GET /quota beside 8 history
// queries, as suite 9 measures it, for several builds of the mock (copies of
// packages/mock-server/dist under bench/.tmp, so their dependencies resolve),
// interleaved, `rounds` times; one JSON line per run, then per-build summaries.
// Beside the quota times: each main thread's time on a CPU and waiting for one
// (Linux schedstat) alone and with history in flight, answers completed.
//   node bench/lib/quota-variants.mjs <rounds> <label>=<dist dir> ...
// Environment (per build label where named _<label>):
//   SERVER_FLAGS   node flags for every server, e.g. --import=./bench/lib/loop-stalls.mjs (see there), --cpu-prof
//   FLAGS_<label>  node flags for that build's server only (e.g. --single-threaded-gc)
//   NICE_<label>   run that build's server under `nice -n <value>`
//   LOADNICE_<label> run the load process under `nice -n <value>`
//   SPLIT_<label>  the load process queries a second server of its own (filled the same way), not the timed one
//   SLOW=1         write bench/.tmp/slow-<label>-<round>.json (quota samples over 4 ms, with this process's run-queue wait)
//                  and marks-<label>-<round>.json (the loaded window), for bench/lib/quota-stalls-report.mjs
//   SAMPLES, SEARCHES  as suite 9 (500, 10 000)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
const sched = (pid) => {
  try {
    const [run, wait, n] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return { run: run / 1e6, wait: wait / 1e6, n };
  } catch {
    return { run: NaN, wait: NaN, n: NaN };
  }
};
const diff = (a, b) => ({
  runMs: +(b.run - a.run).toFixed(1),
  waitMs: +(b.wait - a.wait).toFixed(1),
  slices: b.n - a.n,
});
import { Agent } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_KEY, writeKeysFile } from './fixtures.mjs';
import { ensureTmp } from './project.mjs';
import { freePort, spawnServer } from './servers.mjs';
import { fillRoute, historyQuery, request } from '../suites/history-load.mjs';
import { nowMs, quantile } from './stats.mjs';

const child = fileURLToPath(new URL('./history-load-child.mjs', import.meta.url));
const OFF = Date.now() - nowMs();
const rounds = Number(process.argv[2]);
const builds = process.argv.slice(3).map((a) => a.split('='));
const flags = (process.env.SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const samples = Number(process.env.SAMPLES ?? 500);

async function quotaTimes(agent, url, count, withinMs = Infinity, slow) {
  const times = [];
  const until = nowMs() + withinMs;
  for (let i = 0; i < count && nowMs() < until; i++) {
    const w0 = slow ? sched(process.pid).wait : 0;
    const t = nowMs();
    const { status } = await request(agent, `${url}/quota`);
    times.push(nowMs() - t);
    if (slow && nowMs() - t > 4)
      slow.push({
        at: +(OFF + t).toFixed(1),
        ms: +(nowMs() - t).toFixed(2),
        meRq: +(sched(process.pid).wait - w0).toFixed(2),
      });
    if (status !== 200) throw new Error(`GET /quota answered ${status}`);
  }
  return times;
}
function runChild(args, onStarted, niceLoad) {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      niceLoad ? 'nice' : process.execPath,
      niceLoad ? ['-n', niceLoad, process.execPath, ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    proc.stdout.on('data', async (chunk) => {
      const before = out;
      out += chunk;
      if (!before.includes('started\n') && out.includes('started\n')) {
        try {
          await onStarted();
        } catch (e) {
          proc.kill('SIGKILL');
          reject(e);
          return;
        }
        proc.kill('SIGTERM');
      }
    });
    proc.on('exit', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (e) {
        reject(e);
      }
    });
  });
}
async function one(label, dist, round) {
  const port = await freePort();
  const nice = process.env[`NICE_${label}`];
  const server = await spawnServer(
    nice ? 'nice' : process.execPath,
    [
      ...(nice ? ['-n', nice, process.execPath] : []),
      ...flags,
      ...(process.env[`FLAGS_${label}`] ?? '').split(' ').filter(Boolean),
      join(dist, 'cli.js'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--keys',
      writeKeysFile(),
      '--latency',
      'none',
      '--quiet',
    ],
    {
      readyUrl: `http://127.0.0.1:${port}/quota`,
      readyInit: { headers: { 'x-api-key': BENCH_KEY } },
      logFile: join(ensureTmp('logs'), `q9-${label}-${round}.log`),
      env: { Q9_LABEL: `${label}-${round}` },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await fillRoute(url, Number(process.env.SEARCHES ?? 10_000));
    await request(new Agent(), `${url}/intelligence/flights/history?${historyQuery()}`);
    await quotaTimes(agent, url, 50);
    const s0 = sched(server.pid),
      m0 = sched(process.pid),
      t0 = nowMs();
    const alone = await quotaTimes(agent, url, samples);
    const schedAlone = {
      ms: +(nowMs() - t0).toFixed(0),
      server: diff(s0, sched(server.pid)),
      me: diff(m0, sched(process.pid)),
    };
    let loaded = [];
    const marks = {};
    const slowSamples = [];
    let other;
    let loadUrl = url;
    if (process.env[`SPLIT_${label}`]) {
      const port2 = await freePort();
      other = await spawnServer(
        process.execPath,
        [
          join(dist, 'cli.js'),
          '--port',
          String(port2),
          '--host',
          '127.0.0.1',
          '--keys',
          writeKeysFile(),
          '--latency',
          'none',
          '--quiet',
        ],
        {
          readyUrl: `http://127.0.0.1:${port2}/quota`,
          readyInit: { headers: { 'x-api-key': BENCH_KEY } },
          logFile: join(ensureTmp('logs'), `q9-other.log`),
        },
      );
      loadUrl = `http://127.0.0.1:${port2}`;
      await fillRoute(loadUrl, Number(process.env.SEARCHES ?? 10_000));
      await request(new Agent(), `${loadUrl}/intelligence/flights/history?${historyQuery()}`);
    }
    const load = await runChild(
      [child, loadUrl, BENCH_KEY, '8', historyQuery()],
      async () => {
        await new Promise((r) => setTimeout(r, 300));
        marks.start = Date.now();
        marks.hrStart = nowMs();
        marks.s = sched(server.pid);
        marks.m = sched(process.pid);
        loaded = await quotaTimes(agent, url, samples, 30_000, slowSamples);
        marks.end = Date.now();
        marks.hrEnd = nowMs();
        marks.sched = { server: diff(marks.s, sched(server.pid)), me: diff(marks.m, sched(process.pid)) };
      },
      process.env[`LOADNICE_${label}`],
    );
    await other?.stop();
    const aloneAfter = await quotaTimes(agent, url, samples);
    const all = [...alone, ...aloneAfter];
    const r = {
      label,
      round,
      ratio: quantile(loaded, 0.99) / quantile(all, 0.99),
      aloneP50: quantile(all, 0.5),
      aloneP99: quantile(all, 0.99),
      loadedP50: quantile(loaded, 0.5),
      loadedP99: quantile(loaded, 0.99),
      loadedMax: Math.max(...loaded),
      loadedTop: [...loaded]
        .sort((a, b) => b - a)
        .slice(0, 8)
        .map((x) => +x.toFixed(1)),
      schedAlone,
      schedLoaded: marks.sched,
      bytesPerAnswer: load.answers ? load.bytes / load.answers : 0,
      failures: load.failures,
      loadMs: marks.end - marks.start,
      answers: load.answers,
      answerP50: quantile(load.times, 0.5),
    };
    if (process.env.SLOW) writeFileSync(`bench/.tmp/marks-${label}-${round}.json`, JSON.stringify(marks));
    if (process.env.SLOW) writeFileSync(`bench/.tmp/slow-${label}-${round}.json`, JSON.stringify(slowSamples));
    console.log(JSON.stringify(r, (_key, v) => (typeof v === 'number' && !Number.isInteger(v) ? +v.toFixed(3) : v)));
    return r;
  } finally {
    agent.destroy();
    await server.stop();
  }
}
const results = {};
for (let round = 0; round < rounds; round++) {
  const order = round % 2 ? [...builds].reverse() : builds;
  for (const [label, dist] of order) {
    results[label] ??= [];
    results[label].push(await one(label, dist, round));
  }
}
for (const [label, rs] of Object.entries(results))
  console.log(
    label,
    'ratios',
    rs.map((r) => r.ratio.toFixed(2)).join(' '),
    'loadedP99',
    rs.map((r) => r.loadedP99.toFixed(1)).join(' '),
    'aloneP99',
    rs.map((r) => r.aloneP99.toFixed(1)).join(' '),
  );
