// Attribution for bench target 9a, after `SLOW=1 SERVER_FLAGS=--import=./bench/lib/loop-stalls.mjs node bench/lib/quota-variants.mjs ...`:
// for each build and round, the collections and event-loop gaps of the server
// while GET /quota was timed beside history (main thread on a CPU, on the run
// queue, asleep), and the slowest quota samples with what overlapped them.
//   node bench/lib/quota-stalls-report.mjs <rounds> <label> ...
import { readFileSync } from 'node:fs';
const labels = process.argv.slice(3);
const rounds = Number(process.argv[2]);
const f = (v) => v.toFixed(0);
for (const l of labels)
  for (let r = 0; r < rounds; r++) {
    const marks = JSON.parse(readFileSync(`bench/.tmp/marks-${l}-${r}.json`));
    const slow = JSON.parse(readFileSync(`bench/.tmp/slow-${l}-${r}.json`));
    const { stalls, gcs } = JSON.parse(readFileSync(`bench/.tmp/stalls-${l}-${r}.json`));
    const inW = (x) => x.at >= marks.start && x.at <= marks.end;
    const g = gcs.filter(inW),
      st = stalls.filter(inW);
    const by = {};
    for (const x of g) {
      by[x.kind] ??= [];
      by[x.kind].push(x.ms);
    }
    const sum = (a, k) => a.reduce((s, x) => s + x[k], 0);
    const big = st.filter((x) => x.gap > 8);
    console.log(
      `${l} ${r}: window ${marks.end - marks.start} ms; GC ${Object.entries(by)
        .map(
          ([k, v]) =>
            `${k} n=${v.length} sum=${v.reduce((a, b) => a + b, 0).toFixed(1)} max=${Math.max(...v).toFixed(1)}`,
        )
        .join('; ')}`,
    );
    console.log(
      `   loop gaps >4 ms: n=${st.length}, ${f(sum(st, 'gap'))} ms: main thread on CPU ${f(sum(st, 'runMs'))}, on the runqueue ${f(sum(st, 'waitMs'))}, asleep ${f(sum(st, 'gap') - sum(st, 'runMs') - sum(st, 'waitMs'))}; gaps >8 ms: n=${big.length}, ${f(sum(big, 'gap'))} ms: CPU ${f(sum(big, 'runMs'))}, runqueue ${f(sum(big, 'waitMs'))}`,
    );
    const top = [...slow].sort((a, b) => b.ms - a.ms).slice(0, 6);
    for (const s of top) {
      const ov = stalls.filter((x) => x.at < s.at + s.ms && x.at + x.gap > s.at);
      const gg = gcs.filter((x) => x.at < s.at + s.ms && x.at + x.ms > s.at);
      console.log(
        `   /quota ${s.ms} ms (measurer on the runqueue ${s.meRq}): server gaps ${ov.map((x) => `${x.gap}(cpu ${x.runMs}, rq ${x.waitMs})`).join(' ')}${gg.length ? ` | gc ${gg.map((x) => `${x.kind} ${x.ms}`).join(' ')}` : ''}`,
      );
    }
  }
