// Preload for a server under diagnosis (node --import=./bench/lib/loop-stalls.mjs, Linux only):
// a 1 ms interval notes every gap over 4 ms between its ticks (the event loop
// held up) with the main thread's own time on a CPU and on the run queue in
// that gap (/proc schedstat), and a PerformanceObserver notes each collection;
// at exit both go to $LOOP_STALLS_DIR (default bench/.tmp)/stalls-<$Q9_LABEL or pid>.json.
import { openSync, readSync, writeFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
const OFF = Date.now() - performance.now();
const label = process.env.Q9_LABEL ?? String(process.pid);
const fd = openSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'r');
const buf = Buffer.alloc(128);
const sched = () => {
  const n = readSync(fd, buf, 0, 128, 0);
  const [run, wait] = buf.toString('latin1', 0, n).split(' ');
  return [Number(run) / 1e6, Number(wait) / 1e6];
};
const stalls = [];
const gcs = [];
let last = performance.now();
let lastS = sched();
const kinds = { 1: 'scavenge', 2: 'minor-mc', 4: 'mark-compact', 8: 'incremental', 16: 'weak' };
const t = setInterval(() => {
  const now = performance.now();
  const s = sched();
  const gap = now - last;
  if (gap > 4)
    stalls.push({
      at: +(OFF + last).toFixed(1),
      gap: +gap.toFixed(2),
      runMs: +(s[0] - lastS[0]).toFixed(2),
      waitMs: +(s[1] - lastS[1]).toFixed(2),
    });
  last = now;
  lastS = s;
}, 1);
t.unref();
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    gcs.push({
      at: +(OFF + e.startTime).toFixed(1),
      ms: +e.duration.toFixed(2),
      kind: kinds[e.detail?.kind] ?? e.detail?.kind,
    });
}).observe({ entryTypes: ['gc'] });
process.on('exit', () =>
  writeFileSync(`${process.env.LOOP_STALLS_DIR ?? 'bench/.tmp'}/stalls-${label}.json`, JSON.stringify({ stalls, gcs })),
);
