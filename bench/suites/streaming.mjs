// 3. Streaming: outcomes at the programs' own latencies, and linear scaling.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cannedSearchAnswer } from '../lib/answers.mjs';
import { BENCH_KEY, MILES_PROGRAMS, searchRequest } from '../lib/fixtures.mjs';
import { ensureTmp, loadSdk, pick, root } from '../lib/project.mjs';
import { startHttpServer } from '../lib/servers.mjs';
import { fmt, fmtSpread, nowMs, summarize } from '../lib/stats.mjs';

export const id = '3';
export const title = 'Streaming comparison (compareProgramsStreaming)';
export const plan = [
  {
    id: '3a',
    load: '8 programs in parallel, fixed latencies',
    label: "first outcome after the fastest program's latency",
    op: '<=',
    limit: 15,
    unit: 'ms',
  },
  {
    id: '3b',
    load: '8 programs in parallel, fixed latencies',
    label: "last outcome after the slowest program's latency",
    op: '<=',
    limit: 15,
    unit: 'ms',
  },
  {
    id: '3c',
    load: '1 000 and 100 searches in flight, in-process',
    label: 'CPU per search with 1000 in flight / with 100 (GC time and peak heap beside it)',
    op: '<=',
    limit: 1.5,
    unit: 'x',
  },
];

/** Latency per program: spread 50..800 ms, deliberately not in program order. */
const LATENCIES = {
  PROGRAM_1: 400,
  PROGRAM_2: 50,
  PROGRAM_3: 800,
  PROGRAM_3_INTERLINE: 200,
  PROGRAM_4: 650,
  PROGRAM_5: 100,
  PROGRAM_6: 300,
  PROGRAM_7: 500,
};

export async function run({ quick }) {
  const rounds = quick ? 3 : 7;
  const { createFlightSearchClient, compareProgramsStreaming } = pick(
    await loadSdk(),
    ['createFlightSearchClient', 'compareProgramsStreaming'],
    '@flight-search/sdk',
  );
  const answer = await cannedSearchAnswer();
  const figures = [];
  const measured = {};

  // A server whose programs answer at known latencies.
  const server = await startHttpServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const program = JSON.parse(Buffer.concat(chunks).toString()).airlineLoyalty?.[0];
      setTimeout(() => {
        res
          .writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length })
          .end(answer.body);
      }, LATENCIES[program] ?? 0);
    });
  });
  const fastest = Math.min(...Object.values(LATENCIES));
  const slowest = Math.max(...Object.values(LATENCIES));
  const firstLate = [];
  const lastLate = [];
  const orderOk = [];
  try {
    const client = createFlightSearchClient({ apiKey: BENCH_KEY, baseUrl: server.url });
    const { airlineLoyalty: _, ...base } = searchRequest();
    for (let r = 0; r < rounds + 1; r++) {
      const seen = [];
      let first;
      const t = nowMs();
      for await (const o of compareProgramsStreaming(client, { ...base, programs: MILES_PROGRAMS })) {
        first ??= nowMs() - t;
        if (o.kind !== 'result') throw new Error(`${o.program}: ${o.kind} ${o.error?.message ?? ''}`);
        seen.push(o.program);
      }
      const last = nowMs() - t;
      // Round 0 warms up connections and JIT; it is not counted.
      if (r === 0) continue;
      firstLate.push(first - fastest);
      lastLate.push(last - slowest);
      const expected = [...MILES_PROGRAMS].sort((a, b) => LATENCIES[a] - LATENCIES[b]);
      orderOk.push(seen.join() === expected.join());
    }
  } finally {
    await server.close();
  }
  const f = summarize(firstLate);
  const l = summarize(lastLate);
  figures.push({
    label: 'program latencies (ms)',
    value: Object.entries(LATENCIES)
      .map(([p, ms]) => `${p} ${ms}`)
      .join(', '),
  });
  figures.push({ label: `first outcome minus ${fastest} ms (ms), per round`, value: fmtSpread(f, 'ms') });
  figures.push({ label: `last outcome minus ${slowest} ms (ms), per round`, value: fmtSpread(l, 'ms') });
  figures.push({
    label: 'rounds whose outcomes came in latency order',
    value: `${orderOk.filter(Boolean).length} of ${orderOk.length}`,
  });
  const streamWhy =
    "the delay beyond the program's own latency is the client's per-search work plus the event loop, measured over loopback HTTP";
  measured['3a'] = {
    measured: f.median,
    why: streamWhy,
    fix: 'start every search in the same tick before awaiting anything (no pre-flight unless asked), and yield as soon as the queue is non-empty',
    owner: 'SDK (packages/sdk/src/compare)',
  };
  measured['3b'] = {
    measured: l.median,
    why: streamWhy,
    fix: 'as 3a; a slow last outcome usually means work after the final answer (cleanup awaited before yielding the last outcome)',
    owner: 'SDK (packages/sdk/src/compare)',
  };

  // Scaling, each size in its own process so its peak memory is its own.
  const answerFile = join(ensureTmp(), 'answer.json');
  writeFileSync(answerFile, answer.body);
  const child = fileURLToPath(new URL('./streaming-scale.mjs', import.meta.url));
  const scaleRounds = quick ? 3 : 11;
  const runs = {};
  for (const n of [100, 1000]) {
    const out = spawnSync(process.execPath, [child, String(n), String(scaleRounds), answerFile], {
      cwd: root,
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (out.status !== 0)
      throw new Error(`scaling child (${n}) failed: ${out.stderr.trim().split('\n').slice(-5).join(' ')}`);
    runs[n] = JSON.parse(out.stdout.trim().split('\n').at(-1));
  }
  const t100 = summarize(runs[100].times);
  const t1000 = summarize(runs[1000].times);
  for (const n of [100, 1000]) {
    figures.push({
      label: `${n} simulated searches: wall time (ms), per round`,
      value: fmtSpread(summarize(runs[n].times), 'ms'),
    });
    figures.push({
      label: `${n} simulated searches: time in GC per round (ms)`,
      value: fmtSpread(summarize(runs[n].gcTimes), 'ms'),
    });
    figures.push({
      label: `${n} simulated searches: peak RSS / peak heap used`,
      value: `${fmt(runs[n].maxRssMb, 'MB')} / ${fmt(runs[n].heapPeakMb, 'MB')}`,
    });
  }
  figures.push({
    label: 'wall time ratio 1000 / 100 (medians; mostly the fake latencies)',
    value: `${fmt(t1000.median / t100.median, 'x', 2)}`,
  });
  const cpu100 = summarize(runs[100].cpuPerSearch);
  const cpu1000 = summarize(runs[1000].cpuPerSearch);
  for (const n of [100, 1000])
    figures.push({
      label: `${n} simulated searches: CPU per search (µs), per round`,
      value: fmtSpread(summarize(runs[n].cpuPerSearch), 'µs'),
    });
  figures.push({
    label: 'GC time ratio 1000 / 100 / peak heap ratio',
    value: `${fmt(summarize(runs[1000].gcTimes).median / summarize(runs[100].gcTimes).median, 'x', 2)} / ${fmt(runs[1000].heapPeakMb / runs[100].heapPeakMb, 'x', 2)} (10x the searches)`,
  });
  measured['3c'] = {
    measured: cpu1000.median / cpu100.median,
    why: `CPU per search ${fmt(cpu1000.median, 'µs')} with 1000 in flight against ${fmt(cpu100.median, 'µs')} with 100; a higher ratio means per-search work grows with the searches in flight: here GC took ${fmt(summarize(runs[1000].gcTimes).median, 'ms')} of ${fmt(t1000.median, 'ms')} at 1000 against ${fmt(summarize(runs[100].gcTimes).median, 'ms')} of ${fmt(t100.median, 'ms')} at 100, as every search in flight keeps its Request, controller, listeners and parsed answer alive (peak heap ${fmt(runs[1000].heapPeakMb, 'MB')} against ${fmt(runs[100].heapPeakMb, 'MB')})`,
    fix: 'keep less alive per search in flight (no Request clone, drop the controller and listeners as soon as the answer arrives, hand the parsed item over without copying), and a queue with O(1) push/shift; a caller with many comparisons bounds them with the concurrency option',
    owner: 'SDK (packages/sdk/src/compare/stream.ts)',
  };
  return {
    method: `Latency: a local node:http server answers each program after its fixed latency; the real client (createFlightSearchClient over loopback) runs compareProgramsStreaming over the 8 MILES programs, ${rounds} rounds after one warm-up round; the figure is the time from the call to the first/last outcome minus the fastest/slowest latency. Scaling (3c): an in-process fake fetch with seeded random latencies of 0..10 ms behind the real client; compareProgramsStreaming takes each program once (at most 8 per comparison), so N searches are ceil(N/8) comparisons started together; ${scaleRounds} rounds per size after a warm-up, each size in a fresh child process; CPU per search = process.cpuUsage() (user + system, all threads) over a round / N, so the fake latencies that dominate the wall time do not enter it; GC time from perf_hooks, peak RSS = process.resourceUsage().maxRSS, heap used sampled every 10 ms.`,
    figures,
    notes: [],
    measured,
  };
}
