// 10. The SDK as a whole process (issue 40): many searches through searchFlights, openapi-fetch and raw
// fetch, each client in a process of its own against a canned server in another; peak RSS (VmHWM), RSS
// after a full collection and CPU per call, the SDK's against openapi-fetch's from the same run.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cannedSearchAnswer } from '../lib/answers.mjs';
import { ensureTmp } from '../lib/project.mjs';
import { freePort, spawnServer } from '../lib/servers.mjs';
import { fmt } from '../lib/stats.mjs';

export const id = '10';
export const title =
  'Whole process: searches through the SDK, openapi-fetch and raw fetch, each client in a process of its own';
export const plan = [
  {
    id: '10a',
    load: '32 in flight, each client its own process',
    label: 'peak RSS (VmHWM), 100 000 searches 32 in flight (10 000 with --quick): SDK / openapi-fetch',
    op: '<=',
    limit: 1.3,
  },
  {
    id: '10b',
    load: 'one at a time, each client its own process',
    label: 'peak RSS (VmHWM), 30 000 sequential searches (3 000 with --quick): SDK / openapi-fetch',
    op: '<=',
    limit: 1.3,
  },
  {
    id: '10c',
    load: '32 in flight, each client its own process',
    label: 'CPU per call, 100 000 searches 32 in flight: SDK / openapi-fetch (the SDK validates locally)',
    op: '<=',
    limit: 1.05,
  },
  {
    id: '10d',
    load: 'one at a time, each client its own process',
    label: 'CPU per call, 30 000 sequential searches: SDK / openapi-fetch',
    op: '<=',
    limit: 1.05,
  },
];

const VARIANTS = ['sdk', 'openapi-fetch', 'raw fetch'];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function run({ quick }) {
  // [searches, in flight]; the targets read the last two. --quick: a tenth of each.
  const loads = [
    [30_000, 32],
    [100_000, 32],
    [30_000, 1],
  ].map(([n, f]) => [quick ? n / 10 : n, f]);
  const answer = await cannedSearchAnswer();
  const file = join(ensureTmp(), 'whole-process-answers.json');
  const asJson = (a) => ({
    contentType: a.contentType ?? 'application/vnd.service.v1+json',
    body: a.body.toString('base64'),
  });
  writeFileSync(
    file,
    JSON.stringify({ 'GET /quota': asJson({ body: Buffer.from('{}') }), 'POST /flights/search': asJson(answer) }),
  );
  const port = await freePort();
  const server = await spawnServer(
    process.execPath,
    [fileURLToPath(new URL('../lib/canned-server-child.mjs', import.meta.url)), String(port), file],
    {
      readyUrl: `http://127.0.0.1:${port}/quota`,
      logFile: join(ensureTmp('logs'), 'whole-process-server.log'),
    },
  );
  const child = fileURLToPath(new URL('../lib/whole-process-child.mjs', import.meta.url));
  const figures = [];
  const results = {};
  try {
    for (const [searches, inFlight] of loads) {
      const key = `${searches} searches, ${inFlight === 1 ? 'sequential' : `${inFlight} in flight`}`;
      const out = {};
      results[key] = out;
      const before = load();
      // The three clients run at once, so the machine's load (2 cores shared) hits them alike.
      await Promise.all(
        VARIANTS.map(async (v) => {
          const args = ['--expose-gc', child, v, `http://127.0.0.1:${port}`, String(searches), String(inFlight)];
          const { stdout } = await promisify(execFile)(process.execPath, args, { timeout: 1_800_000 });
          out[v] = JSON.parse(stdout.trim().split('\n').at(-1));
        }),
      );
      const ratio = (field, base) => out.sdk[field] / out[base][field];
      for (const v of VARIANTS)
        figures.push({
          label: `${key}: ${v}`,
          value: `peak RSS ${fmt(out[v].peakMb, 'MB')}, RSS after gc ${fmt(out[v].rssAfterGcMb, 'MB')}, CPU ${fmt(out[v].cpuUs, 'µs')} per call, ${fmt(out[v].wallMs / 1000, 's')}`,
        });
      figures.push({
        label: `${key}: SDK / openapi-fetch, SDK / raw fetch (load average before, after)`,
        value: `peak RSS ${fmt(ratio('peakMb', 'openapi-fetch'), 'x', 2)}, ${fmt(ratio('peakMb', 'raw fetch'), 'x', 2)}; RSS after gc ${fmt(ratio('rssAfterGcMb', 'openapi-fetch'), 'x', 2)}, ${fmt(ratio('rssAfterGcMb', 'raw fetch'), 'x', 2)}; CPU per call ${fmt(ratio('cpuUs', 'openapi-fetch'), 'x', 3)}, ${fmt(ratio('cpuUs', 'raw fetch'), 'x', 3)} (load ${before}; ${load()})`,
      });
      out.ratio = ratio;
    }
    const [, burst, sequential] = Object.values(results);
    const why = (label, r) =>
      `${label}: the SDK ${fmt(r.sdk.peakMb, 'MB')} peak, ${fmt(r.sdk.cpuUs, 'µs')} CPU per call; openapi-fetch ${fmt(r['openapi-fetch'].peakMb, 'MB')}, ${fmt(r['openapi-fetch'].cpuUs, 'µs')} (load average ${load()}, 2 cores shared)`;
    const owner = 'SDK (packages/sdk/src/internal/attempt.ts, client.ts)';
    const fix = "look at what an attempt keeps after it settles (attempt.ts) and at suite 2's profile of searchFlights";
    const measured = (field, r, label) => ({
      measured: r.ratio(field, 'openapi-fetch'),
      why: why(label, r),
      fix,
      owner,
    });
    return {
      method: `A canned node:http server in a process of its own answers every search with the same ${answer.body.length} B (${answer.source}). Each client is a process of its own (bench/lib/whole-process-child.mjs, node --expose-gc): searchFlights (dist, validation on), bare openapi-fetch, or raw fetch + res.json(); it sends one checked search, then the searches of a load, 32 in flight (32 loops sharing a counter) or one at a time, with keep-alive. It reports VmHWM (peak RSS, /proc/self/status), VmRSS after global.gc(), and process.cpuUsage() over the load per search. Loads: ${loads.map(([n, f]) => `${n} ${f === 1 ? 'sequential' : `${f} in flight`}`).join(', ')}; one process per client and load, the three clients of a load run at once (so drift in the load of the shared machine hits them alike; a client that ends first leaves the others a less busy machine for their last searches, see the wall times). Ratios are against openapi-fetch (and raw fetch) of the same load in the same run; the load average before and after each load is beside them.`,
      figures,
      notes: [],
      measured: {
        '10a': measured('peakMb', burst, 'peak RSS, 32 in flight'),
        '10b': measured('peakMb', sequential, 'peak RSS, sequential'),
        '10c': measured('cpuUs', burst, 'CPU per call, 32 in flight'),
        '10d': measured('cpuUs', sequential, 'CPU per call, sequential'),
      },
    };
  } finally {
    await server.stop();
  }
}
