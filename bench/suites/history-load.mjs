// 7. History under load (issues 13 and 18): GET /quota's latency on the
// standalone server with big history answers in flight beside it, against
// its latency alone; and a bounded soak of searches and history queries on
// distinct dates and routes with historyCap 1000, RSS and heap at its start
// and end.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_KEY, MILES_PROGRAMS, writeKeysFile } from '../lib/fixtures.mjs';
import { ensureTmp, requireCli, root } from '../lib/project.mjs';
import { freePort, spawnServer } from '../lib/servers.mjs';
import { routeSearch } from './history.mjs';
import { fmt, nowMs, quantile } from '../lib/stats.mjs';

export const id = '9';
export const title =
  'History under load: GET /quota beside big history answers (standalone server), and a bounded soak';
export const plan = [
  {
    id: '9a',
    load: '8 history queries in flight, /quota one at a time',
    label: 'GET /quota p99 with 8 large history queries in flight (load average beside it)',
    op: '<=',
    limit: 50,
    unit: 'ms',
  },
  {
    id: '9b',
    load: 'a soak of searches and queries',
    label: 'soak (historyCap 1000): RSS at the end / at the start',
    op: '<=',
    limit: 1.25,
    unit: 'x',
  },
  {
    id: '9c',
    load: 'a soak of searches and queries',
    label: 'soak (historyCap 1000): heap growth after GC, start to end',
    op: '<=',
    limit: 10,
    unit: 'MB',
  },
];

/**
 * A thread's time on a CPU and waiting for one (runnable, on the run queue),
 * in ms, from Linux's /proc/<pid>/task/<pid>/schedstat (the main thread: its
 * tid is the pid); undefined elsewhere.
 */
function schedstat(pid) {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return { runMs: run / 1e6, waitMs: wait / 1e6 };
  } catch {
    return undefined;
  }
}

/** What two schedstat readings of the server's and this process's main threads say about the time between them. */
function scheduling(before, after, ms) {
  const d = (a, b) => (a && b ? { runMs: b.runMs - a.runMs, waitMs: b.waitMs - a.waitMs } : undefined);
  return { ms, server: d(before.server, after.server), bench: d(before.bench, after.bench) };
}

const child = (name) => fileURLToPath(new URL(`../lib/${name}`, import.meta.url));

export function historyQuery() {
  const q = new URLSearchParams({ origin: 'GRU', destination: 'JFK', cabinType: 'ECONOMY', lookbackDays: '30' });
  for (const p of MILES_PROGRAMS) q.append('airlineLoyalty', p);
  return q.toString();
}

/** GET `path` on a keep-alive agent; resolves with the status and the body's length. */
export function request(agent, url, init = {}) {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent, headers: { 'x-api-key': BENCH_KEY }, ...init }, (res) => {
      let size = 0;
      res.on('data', (chunk) => {
        size += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode, size }));
    });
    req.on('error', reject);
  });
}

/** `count` sequential GET /quota (fewer when `withinMs` runs out), each timed from the request to the end of its answer. */
async function quotaTimes(agent, url, count, withinMs = Number.POSITIVE_INFINITY) {
  const times = [];
  const until = nowMs() + withinMs;
  for (let i = 0; i < count && nowMs() < until; i++) {
    const t = nowMs();
    const { status } = await request(agent, `${url}/quota`);
    times.push(nowMs() - t);
    if (status !== 200) throw new Error(`GET /quota answered ${status}`);
  }
  return times;
}

/** Searches on GRU→JFK ECONOMY over HTTP, 8 in flight, as in suite 6's route-heavy case. */
export async function fillRoute(url, count) {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${url}/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': BENCH_KEY },
        body: JSON.stringify(routeSearch(i)),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (failed) throw new Error(`${failed} of ${count} searches failed`);
}

/** Runs a child until it prints one line after SIGTERM (or exits by itself); resolves with the parsed last line. */
function runChild(args, { onStarted, stopAfter } = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', async (chunk) => {
      const before = out;
      out += chunk;
      if (!before.includes('started\n') && out.includes('started\n') && onStarted) {
        try {
          await onStarted();
        } catch (error) {
          proc.kill('SIGKILL');
          reject(error);
          return;
        }
        proc.kill('SIGTERM');
      }
    });
    proc.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const timer = stopAfter ? setTimeout(() => proc.kill('SIGKILL'), stopAfter) : undefined;
    proc.on('exit', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop();
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`child ${args.join(' ')} exited ${code}: ${err.slice(0, 1000) || out.slice(0, 1000)}`));
      }
    });
  });
}

async function quotaBesideHistory(quick, cli = requireCli()) {
  const routeSearches = quick ? 2_000 : 10_000;
  const samples = quick ? 200 : 500;
  const port = await freePort();
  const server = await spawnServer(
    process.execPath,
    [cli, '--port', String(port), '--host', '127.0.0.1', '--keys', writeKeysFile(), '--latency', 'none', '--quiet'],
    {
      readyUrl: `http://127.0.0.1:${port}/quota`,
      readyInit: { headers: { 'x-api-key': BENCH_KEY } },
      logFile: join(ensureTmp('logs'), 'history-load.log'),
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const t0 = nowMs();
    await fillRoute(url, routeSearches);
    const fillMs = nowMs() - t0;
    // The first query (the baseline's generation, first touches of the stored records) is not part of the load.
    const t1 = nowMs();
    const first = await request(new Agent(), `${url}/intelligence/flights/history?${historyQuery()}`);
    const firstMs = nowMs() - t1;
    await quotaTimes(agent, url, 50);
    const threads = () => ({ server: schedstat(server.pid), bench: schedstat(process.pid) });
    let at = threads();
    let t = nowMs();
    const alone = await quotaTimes(agent, url, samples);
    const aloneSched = scheduling(at, threads(), nowMs() - t);
    let loaded = [];
    let loadedSched;
    const load = await runChild([child('history-load-child.mjs'), url, BENCH_KEY, '8', historyQuery()], {
      async onStarted() {
        // Let the 8 queries get under way before timing.
        await new Promise((r) => setTimeout(r, 300));
        // Bounded in time too: on a server that blocks for seconds per answer, 500 samples would take an hour.
        at = threads();
        t = nowMs();
        loaded = await quotaTimes(agent, url, samples, quick ? 15_000 : 30_000);
        loadedSched = scheduling(at, threads(), nowMs() - t);
      },
    });
    const aloneAfter = await quotaTimes(agent, url, samples);
    const aloneAll = [...alone, ...aloneAfter];
    return { routeSearches, samples, fillMs, first, firstMs, alone: aloneAll, loaded, load, aloneSched, loadedSched };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

async function soak(entry, seconds, maxSearches) {
  return runChild(['--expose-gc', child('history-soak-child.mjs'), entry, String(seconds), String(maxSearches)]);
}

const p = (times, q) => quantile(times, q);

function schedFigure(sched) {
  if (!sched?.server) return 'n/a (no /proc schedstat)';
  const part = (t) => `${fmt(t.runMs, 'ms')} / ${fmt(t.waitMs, 'ms')}`;
  return `server ${part(sched.server)}, this process ${part(sched.bench)}, in ${fmt(sched.ms, 'ms')}`;
}

export async function run({ quick }) {
  const figures = [];
  const measured = {};
  const notes = [];

  // BENCH_BEFORE_DIST: another checkout's packages/mock-server/dist (e.g. main's), measured the same way in this run.
  const beforeDist = process.env.BENCH_BEFORE_DIST;
  const builds = [['this build', requireCli(), join(root, 'packages', 'mock-server', 'dist', 'index.js')]];
  if (beforeDist) builds.push(['before (BENCH_BEFORE_DIST)', join(beforeDist, 'cli.js'), join(beforeDist, 'index.js')]);

  for (const [name, cli] of builds) {
    const q = await quotaBesideHistory(quick, cli);
    const ratio = p(q.loaded, 0.99) / p(q.alone, 0.99);
    const answerMs = q.load.times.length ? quantile(q.load.times, 0.5) : Number.NaN;
    figures.push(
      {
        label: `${name}: searches on GRU→JFK ECONOMY over HTTP`,
        value: `${q.routeSearches.toLocaleString('en')} in ${fmt(q.fillMs / 1000, 's')}`,
      },
      {
        label: `${name}: the history answer (30 days, 8 programs)`,
        value: `${q.first.size.toLocaleString('en')} bytes; its first query ${fmt(q.firstMs, 'ms')}`,
      },
      {
        label: `${name}: GET /quota alone (before and after the load): p50 / p99 / max`,
        value: `${fmt(p(q.alone, 0.5), 'ms')} / ${fmt(p(q.alone, 0.99), 'ms')} / ${fmt(Math.max(...q.alone), 'ms')} (n=${q.alone.length})`,
      },
      {
        label: `${name}: GET /quota with 8 history queries in flight: p50 / p99 / max`,
        value: `${fmt(p(q.loaded, 0.5), 'ms')} / ${fmt(p(q.loaded, 0.99), 'ms')} / ${fmt(Math.max(...q.loaded), 'ms')} (n=${q.loaded.length})`,
      },
      { label: `${name}: p99 with history in flight / alone`, value: fmt(ratio, 'x', 2) },
      {
        label: `${name}: history answers completed meanwhile (load process): count / median time / bytes`,
        value: `${q.load.answers} / ${fmt(answerMs, 'ms')} / ${q.load.bytes.toLocaleString('en')}; ${q.load.failures} failed`,
      },
      {
        label: `${name}: main threads on a CPU / waiting for one (Linux schedstat), GET /quota alone`,
        value: schedFigure(q.aloneSched),
      },
      {
        label: `${name}: main threads on a CPU / waiting for one (Linux schedstat), with history in flight`,
        value: schedFigure(q.loadedSched),
      },
    );
    if (name === 'this build') {
      const load = loadavg();
      figures.push({
        label: `${name}: load average (1, 5, 15 min) at the end`,
        value: load.map((l) => l.toFixed(2)).join(', '),
      });
      measured['9a'] = {
        measured: p(q.loaded, 0.99),
        why: `p99 ${fmt(p(q.loaded, 0.99), 'ms')} (p50 ${fmt(p(q.loaded, 0.5), 'ms')}, max ${fmt(Math.max(...q.loaded), 'ms')}) beside 8 answers of ${q.first.size.toLocaleString('en')} bytes in flight, load average ${load[0].toFixed(2)} on ${availableParallelism()} cores; alone ${fmt(p(q.alone, 0.99), 'ms')}; the server's main thread on a CPU / waiting for one: ${schedFigure(q.loadedSched)}. Within the server another request waits for one history slice (0.25 ms) or one ~64 KB write group at most`,
        fix: 'if the load average is above the cores, rerun on a quieter machine; otherwise profile the server under the load (node --cpu-prof) for work done outside the slices',
        owner: 'mock (packages/mock-server/src/history)',
      };
    }
  }

  const seconds = quick ? 20 : 60;
  const maxSearches = quick ? 12_000 : 40_000;
  for (const [name, , path] of builds) {
    const s = await soak(path, seconds, maxSearches);
    const notRun = s.start
      ? undefined
      : `the soak made ${s.searches.toLocaleString('en')} searches in ${fmt(s.end.seconds, 's')}, fewer than its 2 000 of warm-up: no growth to measure (load average ${loadavg()[0].toFixed(1)})`;
    s.start ??= s.end;
    const rssRatio = s.end.rssMb / s.start.rssMb;
    const heapGrowth = s.end.heapMb - s.start.heapMb;
    const at = (m) =>
      `RSS ${fmt(m.rssMb, 'MB')}, heap ${fmt(m.heapMb, 'MB')}, array buffers ${fmt(m.buffersMb, 'MB')} after ${m.searches.toLocaleString('en')} searches (${fmt(m.seconds, 's')})`;
    figures.push(
      {
        label: `soak, ${name}: searches / history queries`,
        value: `${s.searches.toLocaleString('en')} / ${s.queries.toLocaleString('en')} in ${fmt(s.end.seconds, 's')}`,
      },
      { label: `soak, ${name}: start (after 2 000 searches)`, value: notRun ?? at(s.start) },
      { label: `soak, ${name}: end`, value: at(s.end) },
      {
        label: `soak, ${name}: samples (searches: RSS MB / heap MB)`,
        value: s.samples.map((m) => `${m.searches}: ${m.rssMb.toFixed(0)} / ${m.heapMb.toFixed(1)}`).join('; '),
      },
    );
    if (name === 'this build') {
      measured['9b'] = {
        measured: rssRatio,
        reason: notRun,
        why: `RSS grew from ${fmt(s.start.rssMb, 'MB')} to ${fmt(s.end.rssMb, 'MB')}`,
        fix: 'find what the soak keeps (heap snapshot)',
        owner: 'mock',
      };
      measured['9c'] = {
        measured: heapGrowth,
        reason: notRun,
        why: `the heap after GC grew from ${fmt(s.start.heapMb, 'MB')} to ${fmt(s.end.heapMb, 'MB')}`,
        fix: 'find what the soak keeps (heap snapshot)',
        owner: 'mock',
      };
    }
  }
  if (!beforeDist)
    notes.push(
      "Set BENCH_BEFORE_DIST to another checkout's packages/mock-server/dist (e.g. main's, copied under bench/.tmp so its dependencies resolve) to measure it the same way in the same run.",
    );

  return {
    method: `Quota beside history: the built CLI (\`flight-search-mock --latency none --quiet\`, default historyCap 100 000) in its own process; ${(quick ? 2_000 : 10_000).toLocaleString('en')} searches on GRU→JFK ECONOMY over HTTP (suite 6's route-heavy searches: each on a date of its own, the 8 programs in turn), then one history query (the baseline's generation, first touches of the stored records). GET /quota timed ${quick ? 200 : 500} times in sequence on one keep-alive connection, alone (before and after, pooled) and while a separate process keeps 8 history queries (30 days, 8 programs) in flight, reading each answer whole. Beside each, the time the server's main thread and this process's spent on a CPU and waiting for one (runnable but not running), from Linux's /proc/<pid>/task/<pid>/schedstat. Soak: a separate process (node --expose-gc bench/lib/history-soak-child.mjs) drives a mock in-process with historyCap 1000 and requestLogCap 1000: 4 searches on distinct dates (one new date per search) over 100 routes and 4 programs, then one 2-program history query, repeated for ${seconds} s or ${maxSearches.toLocaleString('en')} searches; RSS and heap after a full GC at the start (after 2 000 searches, with the bounded caches filled; not run when the warm-up does not end in time) and at the end.`,
    figures,
    notes,
    measured,
  };
}
