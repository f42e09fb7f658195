// 4. The mock over HTTP: our standalone server beside a bare node:http server
// serving the same bytes (the ceiling) and beside Prism, under autocannon; for
// distinct searches beside WireMock too, replaying the same bytes as stubs.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BENCH_KEY, searchRequest, writeKeysFile } from '../lib/fixtures.mjs';
import { ensurePrism, prismVersion, PRISM_PACKAGE } from '../lib/prism.mjs';
import {
  baselineCli,
  EXECUTABLE_TARGETS,
  emulatedExecutables,
  ensureExecutable,
  ensureTmp,
  executableFile,
  NotReady,
  openapiPath,
  requireCli,
} from '../lib/project.mjs';
import { formatTop, readProfileFrom, summarizeProfile } from '../lib/profile.mjs';
import { cpuMs, freePort, rssMb, spawnServer } from '../lib/servers.mjs';
import { fmt, fmtSpread, summarize } from '../lib/stats.mjs';
import { ensureWiremock, javaVersion, startWiremock, WIREMOCK_JAR, WIREMOCK_PACKAGE } from '../lib/wiremock.mjs';

/** The commit whose mock is 4g's baseline: issue 38's simpler history must not make a distinct search dearer. */
const BASELINE_COMMIT = 'e2a9c3e';

export const id = '4';
export const title = 'Mock over HTTP (autocannon, 10 connections)';
export const plan = [
  { id: '4a', label: 'GET /quota req/s: ours / Prism', op: '>=', limit: 2 },
  {
    id: '4b',
    label: 'POST /flights/search req/s: ours / Prism (CPU per request and answer bytes beside it)',
    op: '>=',
    limit: 2,
  },
  { id: '4c', label: 'GET /quota req/s: ours / bare node:http', op: '>=', limit: 0.3 },
  { id: '4d', label: 'start to first 200: ours / Prism', op: '<=', limit: 0.25 },
  { id: '4e', label: 'RSS after the run: ours / Prism', op: '<=', limit: 1 },
  {
    id: '4f',
    label: 'server CPU per distinct search (5 routes x 7 programs, distinct dates), ours minus bare node:http',
    op: '<=',
    limit: 130,
    unit: 'µs',
  },
  {
    id: '4g',
    label: `server CPU per distinct search: ours / the mock built from ${BASELINE_COMMIT} (issue 38), interleaved`,
    op: '<=',
    limit: 1.1,
  },
];

/** The routes and programs of issue 32's mix: every search of a round is a new (route, program, date). */
const MIX_ROUTES = [
  ['GRU', 'JFK'],
  ['LHR', 'JFK'],
  ['GRU', 'LIS'],
  ['CDG', 'NRT'],
  ['MIA', 'MAD'],
];
const MIX_PROGRAMS = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4', 'PROGRAM_5', 'PROGRAM_6', 'PROGRAM_7'];

/** The bodies of `days` distinct dates from `firstDay` days ahead, each date with every route and program, interleaved. */
function mixBodies(firstDay, days) {
  const bodies = [];
  for (let d = firstDay; d < firstDay + days; d++) {
    const departureDate = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    for (const [origin, destination] of MIX_ROUTES)
      for (const program of MIX_PROGRAMS)
        bodies.push(JSON.stringify(searchRequest({ airlineLoyalty: [program], origin, destination, departureDate })));
  }
  return bodies;
}

/** Sends each body once over 10 concurrent keep-alive clients (fetch, not a load): the answers in order. */
async function sendAll(url, bodies) {
  const answers = new Array(bodies.length);
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const i = next++;
      const res = await fetch(`${url}/flights/search`, {
        method: 'POST',
        headers: { 'x-api-key': BENCH_KEY, accept: MEDIA, 'content-type': 'application/json' },
        body: bodies[i],
      });
      answers[i] = {
        status: res.status,
        contentType: res.headers.get('content-type'),
        body: Buffer.from(await res.arrayBuffer()),
      };
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return answers;
}

/** Sends each body once under autocannon's saturating load (10 connections, each request the next body): its result. */
function loadAll(url, bodies) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 10,
        pipelining: 1,
        amount: bodies.length,
        requests: [
          {
            method: 'POST',
            path: '/flights/search',
            headers: { 'x-api-key': BENCH_KEY, accept: MEDIA, 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** WireMock's JIT settles over thousands of requests: this many go to it before its first timed load, and this many after each round's new stubs. */
const WIREMOCK_WARMUP = { first: 15_000, later: 3_000 };

/**
 * Issue 32's figure: our server's CPU per search over distinct dates and a mix of five routes and seven
 * programs (every search new to it, past its 256-search cache, as a test suite sends them), beside a bare
 * node:http server sending the same bytes under the same load, and WireMock (given its jar) replaying them
 * as static stubs. A fresh server of ours warms up on other dates first, so the figure is its steady state,
 * not its JIT's first minutes; WireMock's JVM is warmed up likewise. WireMock runs after every round of
 * ours and bare, not between them: a JVM that has just taken thousands of requests keeps compiling and
 * collecting on its own threads for a while, and on a 2-core machine that work landed in our next round
 * (rounds of 171-190 us, then 467-524 us right after WireMock's first warm-up).
 */
export async function distinctSearchCpu({ startOurs, logs, rounds, days, wiremockJar }) {
  const ours = await startOurs();
  let bare;
  let wiremock;
  let wiremockReason = wiremockJar ? undefined : 'no WireMock';
  try {
    // Warm-up on dates the rounds do not use: the JIT and the old generation settle over a few thousand searches.
    for (let w = 0; w < 3; w++) await loadAll(ours.url, mixBodies(200 + w * days, days));
    const perRound = { ours: [], bare: [], wiremock: [] };
    const bytes = [];
    const played = [];
    for (let r = 0; r < rounds; r++) {
      const bodies = mixBodies(1 + r * days, days);
      const before = cpuMs(ours.pid);
      const res = await loadAll(ours.url, bodies);
      perRound.ours.push(((cpuMs(ours.pid) - before) * 1000) / Math.max(res['2xx'], 1));
      if (res['2xx'] !== bodies.length)
        throw new Error(
          `our server answered ${bodies.length - res['2xx']} of ${bodies.length} distinct searches with non-2xx or not at all`,
        );
      // The answers, read afterwards (not measured), are what the ceiling sends under the same load.
      const answers = await sendAll(ours.url, bodies);
      played.push({ bodies, answers });
      bytes.push(answers.reduce((sum, a) => sum + a.body.length, 0) / answers.length);
      const file = join(ensureTmp(), 'http-distinct-answers.json');
      // GET /quota only tells the spawner the ceiling is listening.
      const ready = { contentType: 'application/json', body: Buffer.from('{}').toString('base64') };
      writeFileSync(
        file,
        JSON.stringify({
          'GET /quota': ready,
          'POST /flights/search': answers.map((a) => ({ contentType: a.contentType, body: a.body.toString('base64') })),
        }),
      );
      const port = await freePort();
      bare = await spawnServer(
        process.execPath,
        [fileURLToPath(new URL('../lib/canned-server-child.mjs', import.meta.url)), String(port), file],
        {
          readyUrl: `http://127.0.0.1:${port}/quota`,
          logFile: join(logs, 'bare-distinct.log'),
        },
      );
      const url = `http://127.0.0.1:${port}`;
      await loadAll(url, bodies);
      const bareBefore = cpuMs(bare.pid);
      const sent = await loadAll(url, bodies);
      perRound.bare.push(((cpuMs(bare.pid) - bareBefore) * 1000) / Math.max(sent['2xx'], 1));
      await bare.stop();
      bare = undefined;
    }
    await ours.stop();
    // WireMock: one stub per search, matched on the method, the path and the exact body the load sends, answering our bytes.
    for (const [r, { bodies, answers }] of played.entries()) {
      if (wiremockReason) break;
      try {
        wiremock ??= await startWiremock(join(logs, 'wiremock-distinct.log'));
        await wiremock.stub(
          answers.map((a, i) => ({
            request: { method: 'POST', urlPath: '/flights/search', bodyPatterns: [{ equalTo: bodies[i] }] },
            response: {
              status: a.status,
              headers: { 'content-type': a.contentType },
              base64Body: a.body.toString('base64'),
            },
          })),
        );
        const warm = r === 0 ? WIREMOCK_WARMUP.first : WIREMOCK_WARMUP.later;
        for (let w = 0; w < Math.ceil(warm / bodies.length); w++) await loadAll(wiremock.url, bodies);
        const wmBefore = cpuMs(wiremock.pid);
        const replayed = await loadAll(wiremock.url, bodies);
        if (replayed['2xx'] !== bodies.length)
          throw new Error(
            `WireMock answered ${bodies.length - replayed['2xx']} of ${bodies.length} searches with non-2xx or not at all`,
          );
        perRound.wiremock.push(((cpuMs(wiremock.pid) - wmBefore) * 1000) / replayed['2xx']);
      } catch (error) {
        wiremockReason = `WireMock could not be measured: ${error.message}`;
        await wiremock?.stop();
        wiremock = undefined;
      }
    }
    const wm = wiremockReason ? Number.NaN : summarize(perRound.wiremock).median;
    return {
      ours: summarize(perRound.ours).median,
      bare: summarize(perRound.bare).median,
      wiremock: wm,
      wiremockReason,
      perRound,
      bytes: summarize(bytes).median,
      searches: days * 35,
    };
  } finally {
    await wiremock?.stop();
    await bare?.stop();
    await ours.stop();
  }
}

/**
 * 4g: our server's CPU per distinct search against the baseline build's, both fresh and warmed up alike on
 * other dates, then each round's new dates sent once to each, which goes first alternating by round.
 */
export async function distinctAgainstBaseline({ startOurs, startBaseline, rounds, days }) {
  const servers = { ours: await startOurs(), baseline: await startBaseline() };
  try {
    for (let w = 0; w < 3; w++)
      for (const s of Object.values(servers)) await loadAll(s.url, mixBodies(200 + w * days, days));
    const perRound = { ours: [], baseline: [] };
    for (let r = 0; r < rounds; r++) {
      const bodies = mixBodies(1 + r * days, days);
      for (const name of r % 2 ? ['baseline', 'ours'] : ['ours', 'baseline']) {
        const before = cpuMs(servers[name].pid);
        const res = await loadAll(servers[name].url, bodies);
        if (res['2xx'] !== bodies.length)
          throw new Error(
            `${name} answered ${bodies.length - res['2xx']} of ${bodies.length} distinct searches with non-2xx or not at all`,
          );
        perRound[name].push(((cpuMs(servers[name].pid) - before) * 1000) / res['2xx']);
      }
    }
    return { ours: summarize(perRound.ours).median, baseline: summarize(perRound.baseline).median, perRound };
  } finally {
    for (const s of Object.values(servers)) await s.stop();
  }
}

const MEDIA = 'application/vnd.service.v1+json';

function load(url, route, duration) {
  const opts =
    route === 'quota'
      ? { url: `${url}/quota`, method: 'GET', headers: { 'x-api-key': BENCH_KEY, accept: MEDIA } }
      : {
          url: `${url}/flights/search`,
          method: 'POST',
          headers: { 'x-api-key': BENCH_KEY, accept: MEDIA, 'content-type': 'application/json' },
          body: JSON.stringify(searchRequest()),
        };
  return new Promise((resolve, reject) => {
    autocannon({ ...opts, connections: 10, pipelining: 1, duration }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const readyInit = { headers: { 'x-api-key': BENCH_KEY } };

export async function run({ quick, build }) {
  const rounds = quick ? 1 : 3;
  const duration = quick ? 2 : 5;
  const warmup = quick ? 1 : 2;
  const startups = quick ? 1 : 3;
  const figures = [];
  const notes = [];
  const measured = {};
  const logs = ensureTmp('logs');
  const cli = requireCli();
  const keysFile = writeKeysFile();

  let prism = null;
  let prismReason;
  try {
    prism = ensurePrism();
    figures.push({
      label: 'Prism',
      value: `${PRISM_PACKAGE} (prism ${prismVersion()}), \`prism mock openapi.yaml -v silent\`, installed in bench/.tmp/prism`,
    });
  } catch (error) {
    prismReason = `Prism could not be installed here: ${error.message}`;
    notes.push(prismReason);
  }
  // WireMock (issue 32's comparison) only for the distinct searches of 4f: skipped with a note where there is no java or no jar.
  let wiremockJar = null;
  try {
    wiremockJar = ensureWiremock();
    figures.push({
      label: 'WireMock',
      value: `${WIREMOCK_PACKAGE} (its standalone jar) on ${javaVersion()}, \`java -jar ${WIREMOCK_JAR} --port N --bind-address 127.0.0.1 --disable-banner --no-request-journal\`, installed in bench/.tmp/wiremock; measured for 4f only`,
    });
  } catch (error) {
    notes.push(`WireMock was not measured (4f has no WireMock figure): ${error.message}`);
  }

  // Prism runs with silent logging, so ours runs without its request log when the CLI offers that.
  const quiet = spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8' }).stdout.includes('--quiet')
    ? ['--quiet']
    : [];
  if (!quiet.length)
    notes.push(
      'The CLI has no --quiet flag: our server wrote its per-request log line (to a file) during the load, Prism logged nothing.',
    );
  // The same CLI as one executable (D182): no Node on the machine; its start-up beside the Node CLI's.
  let executable = null;
  try {
    executable = ensureExecutable(build);
  } catch (error) {
    if (!(error instanceof NotReady)) throw error;
    notes.push(`The single executable was not measured: ${error.message}`);
  }
  // The other targets' executables this machine runs under an emulator (D182): their start-up, emulated.
  const emulated = executable ? emulatedExecutables() : [];
  const startOurs = async (nodeFlags = [], asExecutable = false, cliFile = cli) => {
    const port = await freePort();
    const s = await spawnServer(
      asExecutable ? (asExecutable.command ?? executable) : process.execPath,
      [
        ...(asExecutable ? (asExecutable.prefix ?? []) : [...nodeFlags, cliFile]),
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--keys',
        keysFile,
        '--latency',
        'none',
        ...quiet,
      ],
      {
        readyUrl: `http://127.0.0.1:${port}/quota`,
        readyInit,
        env: asExecutable.env,
        timeoutMs: asExecutable.command ? 180_000 : undefined,
        logFile: join(
          logs,
          asExecutable ? `executable${asExecutable.target ? `-${asExecutable.target}` : ''}.log` : 'ours.log',
        ),
      },
    );
    return { ...s, url: `http://127.0.0.1:${port}` };
  };
  const startPrism = async () => {
    const port = await freePort();
    const s = await spawnServer(
      process.execPath,
      [prism, 'mock', openapiPath, '-p', String(port), '-h', '127.0.0.1', '-v', 'silent'],
      {
        readyUrl: `http://127.0.0.1:${port}/quota`,
        readyInit,
        logFile: join(logs, 'prism.log'),
      },
    );
    return { ...s, url: `http://127.0.0.1:${port}` };
  };

  // Start-up: spawn to first 200, several times each, interleaved; the last
  // start of each is the one put under load.
  const startupMs = { ours: [], prism: [], executable: [], ...Object.fromEntries(emulated.map((e) => [e.target, []])) };
  let ours;
  let prismServer;
  const servers = [];
  try {
    for (let i = 0; i < startups; i++) {
      ours = await startOurs();
      servers.push(ours);
      startupMs.ours.push(ours.startupMs);
      if (i < startups - 1) await ours.stop();
      if (executable) {
        const started = await startOurs([], true);
        startupMs.executable.push(started.startupMs);
        await started.stop();
      }
      for (const e of emulated) {
        const started = await startOurs([], e);
        startupMs[e.target].push(started.startupMs);
        await started.stop();
      }
      if (prism) {
        prismServer = await startPrism();
        servers.push(prismServer);
        startupMs.prism.push(prismServer.startupMs);
        if (i < startups - 1) await prismServer.stop();
      }
    }

    // The ceiling serves exactly the bytes our server answers.
    const answers = {};
    const broken = {};
    for (const route of ['quota', 'search']) {
      const res =
        route === 'quota'
          ? await fetch(`${ours.url}/quota`, { headers: { 'x-api-key': BENCH_KEY, accept: MEDIA } })
          : await fetch(`${ours.url}/flights/search`, {
              method: 'POST',
              headers: { 'x-api-key': BENCH_KEY, accept: MEDIA, 'content-type': 'application/json' },
              body: JSON.stringify(searchRequest()),
            });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) {
        // Measure what works; the other route's targets say why they did not run.
        broken[route] = `our server answered ${res.status} to the bench ${route}: ${body.toString().slice(0, 200)}`;
        notes.push(broken[route]);
        continue;
      }
      answers[route] = { body, contentType: res.headers.get('content-type') };
    }
    if (!answers.quota) throw new Error(broken.quota);
    const routes = Object.keys(answers);
    const answersFile = join(ensureTmp(), 'http-answers.json');
    const asJson = (a) => ({ contentType: a.contentType, body: a.body.toString('base64') });
    writeFileSync(
      answersFile,
      JSON.stringify({
        'GET /quota': asJson(answers.quota),
        ...(answers.search ? { 'POST /flights/search': asJson(answers.search) } : {}),
      }),
    );
    const barePort = await freePort();
    const bare = await spawnServer(
      process.execPath,
      [fileURLToPath(new URL('../lib/canned-server-child.mjs', import.meta.url)), String(barePort), answersFile],
      {
        readyUrl: `http://127.0.0.1:${barePort}/quota`,
        logFile: join(logs, 'bare.log'),
      },
    );
    bare.url = `http://127.0.0.1:${barePort}`;
    servers.push(bare);
    figures.push({
      label: 'answer sizes (ours = bare)',
      value: `GET /quota ${answers.quota.body.length} B, POST /flights/search ${answers.search?.body.length ?? 'n/a'} B`,
    });

    const distinct = await distinctSearchCpu({ startOurs, logs, rounds, days: quick ? 8 : 30, wiremockJar });
    figures.push({
      label: 'POST /flights/search over distinct dates, 5 routes x 7 programs: server CPU per search',
      value: `ours ${fmt(distinct.ours, 'µs')}, bare node:http ${fmt(distinct.bare, 'µs')} sending the same ${fmt(distinct.bytes, 'B', 0)} answers (body) in the same order; ours minus bare ${fmt(distinct.ours - distinct.bare, 'µs')} (rounds: ours ${distinct.perRound.ours.map((v) => fmt(v, 'µs')).join(', ')}; bare ${distinct.perRound.bare.map((v) => fmt(v, 'µs')).join(', ')}; ${distinct.searches} searches a round)`,
    });
    if (wiremockJar) {
      if (distinct.wiremockReason) notes.push(distinct.wiremockReason);
      figures.push({
        label:
          'POST /flights/search over distinct dates, 5 routes x 7 programs: server CPU per search, WireMock (static stubs of the same answers)',
        value: distinct.wiremockReason
          ? `not measured: ${distinct.wiremockReason}`
          : `WireMock ${fmt(distinct.wiremock, 'µs')} replaying the same answers from ${distinct.searches} stubs matched on method, path and exact body (rounds: ${distinct.perRound.wiremock.map((v) => fmt(v, 'µs')).join(', ')}); beside ours ${fmt(distinct.ours, 'µs')} and bare node:http ${fmt(distinct.bare, 'µs')}`,
      });
    }

    // 4g: the same load on the mock built from BASELINE_COMMIT, interleaved round by round with a fresh server of ours.
    let againstBaseline;
    try {
      const baseline = baselineCli(BASELINE_COMMIT);
      againstBaseline = await distinctAgainstBaseline({
        startOurs,
        startBaseline: () => startOurs([], false, baseline),
        rounds: 2 * rounds,
        days: quick ? 8 : 30,
      });
      figures.push({
        label: `POST /flights/search over distinct dates: server CPU per search, ours / the mock built from ${BASELINE_COMMIT}`,
        value: `${fmt(againstBaseline.ours / againstBaseline.baseline, 'x', 2)}: ours ${fmt(againstBaseline.ours, 'µs')}, ${BASELINE_COMMIT} ${fmt(againstBaseline.baseline, 'µs')} (rounds: ours ${againstBaseline.perRound.ours.map((v) => fmt(v, 'µs')).join(', ')}; ${BASELINE_COMMIT} ${againstBaseline.perRound.baseline.map((v) => fmt(v, 'µs')).join(', ')})`,
      });
      measured['4g'] = {
        measured: againstBaseline.ours / againstBaseline.baseline,
        why: 'a distinct search now files its miles flights in the history as they are (their records are built when a query reads them); profile both builds under the 4f load to see where the difference goes',
        fix: 'less work per stored flight at search time (packages/mock-server/src/history/store.ts)',
        owner: 'mock (packages/mock-server/src/history)',
      };
    } catch (error) {
      measured['4g'] = {
        reason: `the mock built from ${BASELINE_COMMIT} could not be measured: ${error.message.split('\n')[0]}`,
      };
    }

    const rssAtStart = rssMb(ours.pid);
    const served = { quota: 0, search: 0 };
    const targets = { ours: ours.url, bare: bare.url, ...(prismServer ? { prism: prismServer.url } : {}) };
    const pids = { ours: ours.pid, bare: bare.pid, ...(prismServer ? { prism: prismServer.pid } : {}) };
    // The server's own CPU per answered request and the bytes of each answer: req/s alone compares answers of different sizes, and is bounded by the load generator.
    const cpuUs = {};
    const answerBytes = {};
    const names = Object.keys(targets);
    const rps = {};
    const latency = {};
    const non2xx = {};
    for (const route of routes) {
      for (const n of names) {
        const res = await load(targets[n], route, warmup);
        if (n === 'ours') served[route] += res['2xx'];
      }
    }
    for (let r = 0; r < rounds; r++) {
      for (const route of routes) {
        const order = names.map((_, i) => names[(i + r) % names.length]);
        for (const n of order) {
          const cpuBefore = cpuMs(pids[n]);
          const res = await load(targets[n], route, duration);
          const key = `${n} ${route}`;
          cpuUs[key] ??= [];
          cpuUs[key].push(((cpuMs(pids[n]) - cpuBefore) * 1000) / Math.max(res['2xx'], 1));
          answerBytes[key] = res.throughput.total / Math.max(res.requests.total, 1);
          if (n === 'ours') served[route] += res['2xx'];
          rps[key] ??= [];
          rps[key].push(res['2xx'] / (res.duration || duration));
          latency[key] ??= [];
          latency[key].push(res.latency.p50);
          non2xx[key] = (non2xx[key] ?? 0) + res.non2xx + res.errors;
        }
      }
    }
    const med = (key) => summarize(rps[key] ?? [Number.NaN]).median;
    for (const route of routes) {
      for (const n of names) {
        const key = `${n} ${route}`;
        figures.push({
          label: `${route === 'quota' ? 'GET /quota' : 'POST /flights/search'}, ${n}: req/s (p50 latency ms)`,
          value: `${fmtSpread(summarize(rps[key]), 'req/s')}; p50 ${fmt(summarize(latency[key]).median, 'ms')}; server CPU ${fmt(summarize(cpuUs[key]).median, 'µs')} per request; ${fmt(answerBytes[key], 'B', 0)} per answer (headers included)${non2xx[key] ? `; ${non2xx[key]} non-2xx or errors` : ''}`,
        });
      }
    }
    if (answers.search)
      figures.push({
        label: 'POST /flights/search req/s: ours / bare node:http',
        value: `${fmt(med('ours search') / med('bare search'), 'x', 2)}`,
      });

    const rss = {
      ours: rssMb(ours.pid),
      prism: prismServer ? rssMb(prismServer.pid) : Number.NaN,
      bare: rssMb(bare.pid),
    };
    figures.push({ label: 'start to first 200, ours (ms)', value: fmtSpread(summarize(startupMs.ours), 'ms') });
    if (prismServer)
      figures.push({ label: 'start to first 200, Prism (ms)', value: fmtSpread(summarize(startupMs.prism), 'ms') });
    if (executable) {
      const ratio = summarize(startupMs.executable).median / summarize(startupMs.ours).median;
      figures.push({
        label:
          'single executable (npm run build:executable, no Node needed): size; start to first 200 (ms); / the Node CLI',
        value: `${fmt(statSync(executable).size / 1024 / 1024, 'MiB')}; ${fmtSpread(summarize(startupMs.executable), 'ms')}; ${fmt(ratio, 'x', 2)} the Node CLI's start`,
      });
      const sizes = EXECUTABLE_TARGETS.map(
        (target) => `${target} ${fmt(statSync(executableFile(target)).size / 1024 / 1024, 'MiB')}`,
      );
      figures.push({
        label: 'the five executables (npm run build:executable -- --target all): size',
        value: sizes.join(', '),
      });
      for (const e of emulated)
        figures.push({
          label: `executable ${e.target} ${e.how} (not that machine's own speed): start to first 200 (ms)`,
          value: fmtSpread(summarize(startupMs[e.target]), 'ms'),
        });
    }
    figures.push({
      label: 'our server: RSS right after start → after the run; requests it answered',
      value: `${fmt(rssAtStart, 'MB')} → ${fmt(rss.ours, 'MB')}; ${served.quota.toLocaleString('en')} GET /quota, ${served.search.toLocaleString('en')} searches`,
    });
    figures.push({
      label: 'RSS after the run (VmRSS, process tree)',
      value: `ours ${fmt(rss.ours, 'MB')}${prismServer ? `, Prism ${fmt(rss.prism, 'MB')}` : ''}, bare node:http ${fmt(rss.bare, 'MB')}`,
    });
    const oursFailed = (non2xx['ours quota'] ?? 0) + (non2xx['ours search'] ?? 0);
    if (oursFailed)
      notes.push(
        `Our server answered non-2xx or failed ${oursFailed} times under load; only 2xx answers count as throughput.`,
      );

    // Where our server's time goes under each load: a separate, profiled
    // instance (the profiler's cost stays out of the figures above).
    const profiles = {};
    for (const route of routes) {
      const dir = ensureTmp('prof', `ours-${route}`);
      for (const f of readdirSync(dir)) rmSync(join(dir, f));
      const profiled = await startOurs(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
      try {
        await load(profiled.url, route, quick ? 2 : 3);
      } finally {
        await profiled.stop();
      }
      const p = readProfileFrom(dir);
      if (p) {
        profiles[route] = summarizeProfile(p, { owned: (u) => u.includes('/packages/mock-server/') });
        figures.push({
          label: `our server under ${route} load, profile: inclusive time of mock functions`,
          value: formatTop(profiles[route].inclusive),
        });
        figures.push({
          label: `our server under ${route} load, profile: top self time (idle ${fmt(profiles[route].idlePct, '%')})`,
          value: formatTop(profiles[route].self),
        });
      }
    }
    const where = (route) =>
      profiles[route]
        ? ` In a CPU profile under this load: ${formatTop(profiles[route].inclusive.slice(0, 5))}; top self time ${formatTop(profiles[route].self.slice(0, 5))}.`
        : '';

    const prismMissing = prismServer ? undefined : prismReason;
    const ourWork =
      "the server calls the rules' plain entry directly (headers read from IncomingMessage.rawHeaders, the body as the bytes read, an AbortSignal only when a search's provider waits, the answer written as a string or bytes: no Fetch Request or Response); per request it still runs the rule chain (route, recording, auth, negotiation, validation, quota) and node:http's own parsing and writing, where the bare server writes fixed bytes";
    measured['4a'] = {
      measured: med('ours quota') / med('prism quota'),
      reason: prismMissing,
      why: `${ourWork}.${where('quota')}`,
      fix: 'the remaining time is mostly node:http itself (writev, header parsing) and GC; trimming the rule chain further (fewer objects per request in recording and negotiation) is what is left',
      owner: 'standalone server (packages/mock-server/src/node)',
    };
    const cpuOf = (key) => summarize(cpuUs[key] ?? [Number.NaN]).median;
    measured['4b'] = {
      measured: med('ours search') / med('prism search'),
      reason: broken.search ?? prismMissing,
      why: `server CPU per search: ours ${fmt(cpuOf('ours search'), 'µs')} for a ${fmt(answerBytes['ours search'], 'B', 0)} generated answer, Prism ${fmt(cpuOf('prism search'), 'µs')} for its ${fmt(answerBytes['prism search'], 'B', 0)} static example, a bare node:http server ${fmt(cpuOf('bare search'), 'µs')} sending our bytes (req/s is bounded by the load generator in this process near the bare server's rate, so CPU per request is the sound comparison); ${ourWork}; a search also parses and validates its body, consumes quota and stores its flights in the history, which Prism (static example) never does; generation and the answer's JSON are memoized per normalized search (a bounded LRU of 256 searches, deterministic so always correct), so a repeated search skips them but a new one pays them.${where('search')}`,
      fix: 'what remains per search is body parsing and validation (ajv) and node:http; a cheaper validator or a smaller answer would be next',
      owner: 'mock (packages/mock-server/src/routes, src/validation) and standalone server',
    };
    measured['4c'] = {
      measured: med('ours quota') / med('bare quota'),
      why: `${ourWork}.${where('quota')}`,
      fix: "as 4a: the quota answer is a few fields of the key's state; what is left is the rule chain's objects per request",
      owner: 'standalone server (packages/mock-server/src/node)',
    };
    measured['4d'] = {
      measured: summarize(startupMs.ours).median / summarize(startupMs.prism).median,
      reason: prismMissing,
      why: "start-up is Node's own boot plus loading the CLI bundle (msw-free since createMockCore) and generating nothing until the first request",
      fix: 'load less at start: lazy-load the validators and the airport table on first use',
      owner: 'mock (packages/mock-server: validation, cli)',
    };
    measured['4f'] = {
      measured: distinct.ours - distinct.bare,
      why: `every search of a round is new to the server (a route, program and date it has not seen: past its 256-search cache), so it generates the timetable's itineraries of that date, prices them, writes the answer's JSON and files the flights in the history; a repeated search skips all of that. Timetables per route and program and each zone's clock changes per year are built once (bounded caches), so a new date costs arithmetic and no Intl call (issue 32).`,
      fix: 'profile a distinct-date load (node --cpu-prof on the CLI): what is left is pricing and the JSON of the answer, and the rule chain of every request',
      owner: 'mock (packages/mock-server/src/data)',
    };
    measured['4e'] = {
      measured: rss.ours / rss.prism,
      reason: prismMissing,
      why: `our server keeps state Prism does not, though compactly: it grew from ${fmt(rssAtStart, 'MB')} at start to ${fmt(rss.ours, 'MB')} after answering ${served.search.toLocaleString('en')} searches and ${served.quota.toLocaleString('en')} quota reads. Searched history keeps each miles flight a search answered (the generated objects, shared with the search LRU), up to the default historyCap of 100 000 records; the CLI records no requests without --control (nothing could read them). The live heap after a full GC is a few tens of MB; most of the RSS is V8 letting the old generation grow under load before a full GC (entries that live past two scavenges die in old space), and the young generation's semi-spaces`,
      fix: 'fewer objects kept per search, or a distinct search would keep its flights: the RSS then follows the variety of searches, not their number',
      owner: 'mock (packages/mock-server/src/recording, src/history)',
    };
    return {
      method: `Our CLI, Prism and a bare node:http server serving our bytes, each in its own process, under autocannon (10 connections, rounds rotated). Each server in its own process (ours: the built CLI \`flight-search-mock --latency none --quiet --keys <bench key with limit 1e9>\`; Prism: \`prism mock openapi.yaml -v silent\`; the ceiling: a bare node:http server in its own process answering the bytes our server gave). autocannon's programmatic API in this process, 10 connections, no pipelining; ${warmup} s warm-up per server and route, then ${rounds} round(s) of ${duration} s per server and route, order rotated per round; req/s counts 2xx answers only. Server CPU per request: utime + stime of the server's process tree from /proc over each load, divided by its 2xx answers (10 ms ticks); bytes per answer from autocannon's throughput over its requests. Start-up: spawn to the first 200 on GET /quota, polled every 5 ms, ${startups} start(s) each, interleaved; the single executable (the same CLI from \`npm run build:executable -- --target all\`, built by this suite unless --no-build finds all five) started with the same flags, its size from the file; each other target's executable this machine runs under an emulator (linux-arm64 under qemu-user, win-x64 under Wine, as scripts/executable-harness.sh sets them up) started the same way, its time the emulator's, not the target's; the five files' sizes. RSS: VmRSS from /proc of the process and its children, after the load. Distinct searches (4f): a fresh server of ours warms up on 35 x ${quick ? 8 : 30} searches of other dates, then each round sends 35 searches a date over ${quick ? 8 : 30} new dates once each (10 concurrent keep-alive fetch clients); a bare node:http server in its own process then sends the same answers in the same order for the same bodies (after a warm-up pass); CPU per request from /proc as above. WireMock (where java and its npm jar are there; not a target) replays each round's answers under the same load once every round of ours and the bare server is done, so its JVM's own compiling and collecting after a warm-up never lands in our rounds: one JVM for all rounds (\`java -jar\` with --no-request-journal, its other settings default), each round's answers loaded as static stubs (POST /__admin/mappings/import, replacing the last round's), one stub per search matched on method, path and the exact body (\`equalTo\`, WireMock's cheapest body match; it tries its stubs in turn, so its cost grows with their number); its JIT needs thousands of requests to settle, so it gets ${WIREMOCK_WARMUP.first.toLocaleString('en')} requests of warm-up before its first timed load and ${WIREMOCK_WARMUP.later.toLocaleString('en')} after each round's new stubs; CPU per request from /proc of the java process (all its threads, JIT and GC included).`,
      figures,
      notes,
      measured,
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}
