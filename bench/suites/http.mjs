// 4. The mock over HTTP: our standalone server beside a bare node:http server
// serving the same bytes (the ceiling) and beside Prism, under autocannon; for
// distinct searches beside WireMock too, replaying the same bytes as stubs.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
import { cpuMs, freePort, requestOnce, rssMb, spawnServer } from '../lib/servers.mjs';
import { fmt, fmtSpread, summarize } from '../lib/stats.mjs';
import { ensureWiremock, javaVersion, startWiremock, WIREMOCK_JAR, WIREMOCK_PACKAGE } from '../lib/wiremock.mjs';

/** The commit whose mock is 4g's baseline: issue 38's simpler history must not make a distinct search dearer. */
const BASELINE_COMMIT = 'e2a9c3e';

export const id = '4';
export const title = 'Mock over HTTP beside Prism, a bare node:http server and WireMock';
export const plan = [
  {
    id: '4a',
    load: 'autocannon, 10 connections, one request repeated',
    label: 'GET /quota req/s: ours / Prism',
    op: '>=',
    limit: 2,
  },
  {
    id: '4b',
    load: 'autocannon in its own process, 10 connections, each search new',
    label:
      'POST /flights/search req/s, distinct searches: ours / Prism (the cached case, one body repeated, beside it)',
    op: '>=',
    limit: 2,
  },
  {
    id: '4c',
    load: 'autocannon, 10 connections, one request repeated',
    label: 'GET /quota req/s: ours / bare node:http',
    op: '>=',
    limit: 0.3,
  },
  { id: '4d', load: 'none: spawn to the first 200', label: 'start to first 200: ours / Prism', op: '<=', limit: 0.25 },
  {
    id: '4e',
    load: "after 4b's and 4f's distinct searches",
    label: 'RSS after distinct searches: ours / Prism',
    op: '<=',
    limit: 1,
  },
  {
    id: '4f',
    load: 'fetch in its own process, 10 in flight over keep-alive, each search new',
    label:
      'server CPU per distinct search: ours / bare node:http sending the same bytes (sustained load and WireMock beside it)',
    op: '<=',
    limit: 2.5,
  },
  {
    id: '4g',
    load: 'autocannon, 10 connections, each search new',
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
/** Searches a day of the mix: each route, program and response format. */
const MIX_PER_DAY = MIX_ROUTES.length * MIX_PROGRAMS.length * 2;

/** The bodies of `days` distinct dates from `firstDay` days ahead, each date with every route, program and format. */
function mixBodies(firstDay, days) {
  const bodies = [];
  for (let d = firstDay; d < firstDay + days; d++) {
    const departureDate = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    for (const [origin, destination] of MIX_ROUTES)
      for (const program of MIX_PROGRAMS)
        for (const responseFormat of ['RAW', 'PARSED'])
          bodies.push(
            JSON.stringify(
              searchRequest({ airlineLoyalty: [program], origin, destination, departureDate, responseFormat }),
            ),
          );
  }
  return bodies;
}

/** Sends each body once under autocannon's saturating load in this process (4g's shape): its result. */
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

/** Two CPUs or more and taskset: each server on the second CPU, each load on the first, so they never share one. */
const PINNED = availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const pinned = (cpu, command, args) => (PINNED ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args]);

/**
 * Sends each body once from bench/lib/load-child.mjs, a process of its own: `fetch` with 10 requests in flight
 * (as a test suite's client sends them) or `autocannon` keeping 10 connections busy (sustained). With
 * `answers`, the answers are written to that file for a bare server. Its figures, with the server's CPU per 2xx.
 */
async function loadFrom(shape, server, bodies, answers) {
  const file = join(ensureTmp(), `load-bodies-${bodies.id}.json`);
  // Once per set in this run (files of an earlier run with the same number hold other dates).
  if (!written.has(bodies.id)) writeFileSync(file, JSON.stringify(bodies));
  written.add(bodies.id);
  const child = fileURLToPath(new URL('../lib/load-child.mjs', import.meta.url));
  const [command, args] = pinned(0, process.execPath, [
    child,
    shape,
    server.url,
    file,
    '10',
    ...(answers ? [answers] : []),
  ]);
  const before = cpuMs(server.pid);
  const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  const used = cpuMs(server.pid) - before;
  if (run.status !== 0) throw new Error(`the ${shape} load exited ${run.status}: ${run.stderr.slice(0, 500)}`);
  const out = JSON.parse(run.stdout);
  if (out.ok !== out.sent)
    throw new Error(`${server.name} answered ${out.sent - out.ok} of ${out.sent} with non-2xx or not at all`);
  return { ...out, cpuUs: (used * 1000) / out.ok };
}

/** WireMock's JIT settles over thousands of requests: this many go to it before its first timed load, and this many after each round's new stubs. */
const WIREMOCK_WARMUP = { first: 15_000, later: 3_000 };

/** A round's bodies, numbered so each is written to a file once (`written`). */
let bodySets = 0;
const written = new Set();
const roundBodies = (firstDay, days) => Object.assign(mixBodies(firstDay, days), { id: bodySets++ });

/**
 * Issues 32 and 40: our server's CPU per distinct search (5 routes x 7 programs x 2 formats, new dates every
 * round: each search new to it, past its 256-search cache, as a test suite sends them), beside a bare node:http
 * server sending the same bytes for the same bodies, in two load shapes: 10 requests in flight from fetch (4f)
 * and autocannon's sustained 10 connections (beside it); Prism's req/s and RSS under the sustained one (4b, 4e).
 * Both servers run all along and get the same warm-up, as many searches of other dates, so the figures are
 * their steady states; the bare server takes each round's answers with PUT /__answers. WireMock (given its jar)
 * replays the answers afterwards, never between our rounds: a JVM keeps compiling and collecting for a while
 * after a load, and on 2 cores that work would land in our next round.
 */
export async function distinctSearches({ startOurs, startPrism, logs, rounds, days, warmups, wiremockJar }) {
  const servers = {};
  let wiremock;
  try {
    servers.ours = { name: 'our server', ...(await startOurs([], false, undefined, true)) };
    const answersFile = join(ensureTmp(), 'http-distinct-answers.json');
    const warm = Array.from({ length: warmups }, (_, w) => roundBodies(200 + w * days, days));
    for (const bodies of warm) await loadFrom('fetch', servers.ours, bodies, answersFile);
    const port = await freePort();
    const [command, args] = pinned(1, process.execPath, [
      '--expose-gc',
      fileURLToPath(new URL('../lib/canned-server-child.mjs', import.meta.url)),
      String(port),
      answersFile,
    ]);
    servers.bare = {
      name: 'the bare server',
      url: `http://127.0.0.1:${port}`,
      ...(await spawnServer(command, args, {
        readyUrl: `http://127.0.0.1:${port}/quota`,
        logFile: join(logs, 'bare-distinct.log'),
      })),
    };
    for (let w = 0; w < warmups; w++) await loadFrom('fetch', servers.bare, warm.at(-1));
    if (startPrism) {
      // Prism's JIT settles over thousands of requests too: it gets the same warm-up under the sustained load.
      servers.prism = { name: 'Prism', ...(await startPrism(true)) };
      for (const bodies of warm) await loadFrom('autocannon', servers.prism, bodies);
    }
    const bareAnswers = (file) => requestOnce(`${servers.bare.url}/__answers`, 'PUT', file);
    const perRound = { ours: [], bare: [], oursSustained: [], bareSustained: [], oursRps: [], prismRps: [], bytes: [] };
    const played = [];
    for (let r = 0; r < rounds; r++) {
      // 4f: new bodies, 10 in flight from fetch; then the bare server with our answers to the same bodies.
      const bodies = roundBodies(1 + 2 * r * days, days);
      const ours = await loadFrom('fetch', servers.ours, bodies, answersFile);
      perRound.ours.push(ours.cpuUs);
      perRound.bytes.push(ours.bytes);
      // Each new set of answers is sent once unmeasured: the bare server's cost is its steady state, as ours is.
      await bareAnswers(answersFile);
      await loadFrom('fetch', servers.bare, bodies);
      perRound.bare.push((await loadFrom('fetch', servers.bare, bodies)).cpuUs);
      // Sustained: other new bodies under autocannon, then their answers (searched again, unmeasured) for the bare server.
      const more = roundBodies(1 + (2 * r + 1) * days, days);
      const sustained = await loadFrom('autocannon', servers.ours, more);
      perRound.oursSustained.push(sustained.cpuUs);
      perRound.oursRps.push(sustained.rps);
      const moreAnswers = join(ensureTmp(), `http-distinct-answers-${r}.json`);
      await loadFrom('fetch', servers.ours, more, moreAnswers);
      played.push({ bodies: more, answers: moreAnswers });
      await bareAnswers(moreAnswers);
      await loadFrom('autocannon', servers.bare, more);
      perRound.bareSustained.push((await loadFrom('autocannon', servers.bare, more)).cpuUs);
      if (servers.prism) perRound.prismRps.push((await loadFrom('autocannon', servers.prism, more)).rps);
    }
    const rss = { ours: rssMb(servers.ours.pid), prism: servers.prism ? rssMb(servers.prism.pid) : Number.NaN };
    const searches = (warmups + 3 * rounds) * days * MIX_PER_DAY;
    for (const s of Object.values(servers)) await s.stop();
    let wiremockFigures;
    try {
      if (!wiremockJar) throw new Error('no WireMock');
      wiremock = await startWiremock(join(logs, 'wiremock-distinct.log'));
      wiremockFigures = await wiremockCpu(wiremock, played);
    } catch (error) {
      wiremockFigures = {
        reason: `WireMock could not be measured: ${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ''}`,
      };
    }
    const median = (list) => summarize(list).median;
    return {
      ...Object.fromEntries(Object.entries(perRound).map(([k, v]) => [k, v.length ? median(v) : Number.NaN])),
      perRound,
      rss,
      searches,
      perRoundSearches: days * MIX_PER_DAY,
      wiremock: wiremockFigures,
    };
  } finally {
    await wiremock?.stop();
    for (const s of Object.values(servers)) await s.stop();
  }
}

/** The answers of a played round as the bare server's and WireMock's: contentType and base64 body, in order. */
const answersOf = (file) => JSON.parse(readFileSync(file, 'utf8'))['POST /flights/search'];

/**
 * WireMock under the sustained load of each played round, as stubs of the same answers in two ways: one stub
 * per search matched on method, path and the exact body (it tries its stubs in turn, so its cost grows with
 * their number), and one stub per route (path and method only) answering one of them.
 */
async function wiremockCpu(wiremock, played) {
  const perRound = { exact: [], perRoute: [] };
  const server = { name: 'WireMock', url: wiremock.url, pid: wiremock.pid };
  for (const [r, { bodies, answers }] of played.entries()) {
    const list = answersOf(answers);
    const stubOf = (a, request) => ({
      request,
      response: { status: 200, headers: { 'content-type': a.contentType }, base64Body: a.body },
    });
    const cases = {
      exact: list.map((a, i) =>
        stubOf(a, { method: 'POST', urlPath: '/flights/search', bodyPatterns: [{ equalTo: bodies[i] }] }),
      ),
      perRoute: [stubOf(list[0], { method: 'POST', urlPath: '/flights/search' })],
    };
    for (const [name, stubs] of Object.entries(cases)) {
      await wiremock.stub(stubs);
      const warm = r === 0 && name === 'exact' ? WIREMOCK_WARMUP.first : WIREMOCK_WARMUP.later;
      for (let w = 0; w < Math.ceil(warm / bodies.length); w++) await loadFrom('autocannon', server, bodies);
      perRound[name].push((await loadFrom('autocannon', server, bodies)).cpuUs);
    }
  }
  return {
    exact: summarize(perRound.exact).median,
    perRoute: summarize(perRound.perRoute).median,
    stubs: played[0]?.bodies.length,
    perRound,
  };
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
  const startOurs = async (nodeFlags = [], asExecutable = false, cliFile = cli, pin = false) => {
    const port = await freePort();
    const command = asExecutable ? (asExecutable.command ?? executable) : process.execPath;
    const args = [
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
    ];
    const s = await spawnServer(...(pin ? pinned(1, command, args) : [command, args]), {
      readyUrl: `http://127.0.0.1:${port}/quota`,
      readyInit,
      env: asExecutable.env,
      timeoutMs: asExecutable.command ? 180_000 : undefined,
      logFile: join(
        logs,
        asExecutable ? `executable${asExecutable.target ? `-${asExecutable.target}` : ''}.log` : 'ours.log',
      ),
    });
    return { ...s, url: `http://127.0.0.1:${port}` };
  };
  const startPrism = async (pin = false) => {
    const port = await freePort();
    const args = [prism, 'mock', openapiPath, '-p', String(port), '-h', '127.0.0.1', '-v', 'silent'];
    const s = await spawnServer(...(pin ? pinned(1, process.execPath, args) : [process.execPath, args]), {
      readyUrl: `http://127.0.0.1:${port}/quota`,
      readyInit,
      logFile: join(logs, 'prism.log'),
    });
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

    const days = quick ? 4 : 15;
    const distinct = await distinctSearches({
      startOurs,
      startPrism: prism ? startPrism : undefined,
      logs,
      rounds: quick ? 2 : 5,
      days,
      warmups: quick ? 2 : 6,
      wiremockJar,
    });
    const list = (values, unit) => values.map((v) => fmt(v, unit)).join(', ');
    const shape = `5 routes x 7 programs x RAW and PARSED, ${distinct.perRoundSearches} new searches a round`;
    figures.push(
      {
        label: `4f: POST /flights/search, distinct searches (${shape}), fetch with 10 in flight from its own process: server CPU per search`,
        value: `ours ${fmt(distinct.ours, 'µs')}, bare node:http ${fmt(distinct.bare, 'µs')} sending the same ${fmt(distinct.bytes, 'B', 0)} answers (body) for the same bodies: ${fmt(distinct.ours / distinct.bare, 'x', 2)} (rounds: ours ${list(distinct.perRound.ours, 'µs')}; bare ${list(distinct.perRound.bare, 'µs')})`,
      },
      {
        label: `4f beside: the same, sustained load (autocannon, 10 connections, its own process; other new searches)`,
        value: `ours ${fmt(distinct.oursSustained, 'µs')}, bare ${fmt(distinct.bareSustained, 'µs')}: ${fmt(distinct.oursSustained / distinct.bareSustained, 'x', 2)} (rounds: ours ${list(distinct.perRound.oursSustained, 'µs')}; bare ${list(distinct.perRound.bareSustained, 'µs')})`,
      },
      {
        label: '4f beside: WireMock replaying the same answers under the sustained load',
        value: distinct.wiremock.reason
          ? `not measured: ${distinct.wiremock.reason}`
          : `one stub per route (path and method) ${fmt(distinct.wiremock.perRoute, 'µs')}; ${distinct.wiremock.stubs} stubs matched on the exact body ${fmt(distinct.wiremock.exact, 'µs')} (rounds: ${list(distinct.wiremock.perRound.perRoute, 'µs')}; ${list(distinct.wiremock.perRound.exact, 'µs')})`,
      },
      {
        label: '4b: POST /flights/search req/s, distinct searches under the sustained load',
        value: `ours ${fmt(distinct.oursRps, 'req/s')}${prismServer ? `, Prism ${fmt(distinct.prismRps, 'req/s')}` : ''} (rounds: ours ${list(distinct.perRound.oursRps, 'req/s')}${prismServer ? `; Prism ${list(distinct.perRound.prismRps, 'req/s')}` : ''})`,
      },
      {
        label: '4e: RSS after the distinct searches (VmRSS, process tree)',
        value: `ours ${fmt(distinct.rss.ours, 'MB')} after ${distinct.searches.toLocaleString('en')} searches${prismServer ? `, Prism ${fmt(distinct.rss.prism, 'MB')}` : ''}`,
      },
    );
    if (distinct.wiremock.reason && wiremockJar) notes.push(distinct.wiremock.reason);

    // 4g: the same load on the mock built from BASELINE_COMMIT, interleaved round by round with a fresh server of ours.
    let againstBaseline;
    try {
      const baseline = baselineCli(BASELINE_COMMIT);
      againstBaseline = await distinctAgainstBaseline({
        startOurs,
        startBaseline: () => startOurs([], false, baseline),
        rounds: 2 * rounds,
        days: quick ? 4 : 15,
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
          label: `${route === 'quota' ? 'GET /quota' : "POST /flights/search, cached (one body repeated, answered from the mock's search cache)"}, ${n}: req/s (p50 latency ms)`,
          value: `${fmtSpread(summarize(rps[key]), 'req/s')}; p50 ${fmt(summarize(latency[key]).median, 'ms')}; server CPU ${fmt(summarize(cpuUs[key]).median, 'µs')} per request; ${fmt(answerBytes[key], 'B', 0)} per answer (headers included)${non2xx[key] ? `; ${non2xx[key]} non-2xx or errors` : ''}`,
        });
      }
    }
    if (answers.search)
      figures.push({
        label: 'POST /flights/search req/s, cached: ours / bare node:http; ours / Prism',
        value: `${fmt(med('ours search') / med('bare search'), 'x', 2)}; ${fmt(med('ours search') / med('prism search'), 'x', 2)}`,
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
    measured['4b'] = {
      measured: distinct.oursRps / distinct.prismRps,
      reason: prismMissing,
      why: `every search is new to our server: it validates the body, charges quota, generates and prices that date's itineraries, writes the answer's JSON and files the miles flights in the history; Prism answers its static example. Server CPU per search under this load: ours ${fmt(distinct.oursSustained, 'µs')}; cached (one body repeated) ours / Prism ${fmt(med('ours search') / med('prism search'), 'x', 2)}.${where('search')}`,
      fix: 'less work per new search: see 4f',
      owner: 'mock (packages/mock-server/src/routes, src/data, src/history)',
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
      measured: distinct.ours / distinct.bare,
      why: `every search of a round is new to the server (past its 256-search cache), so it validates the body, generates the itineraries of that date, prices them, writes the answer's JSON (once per format) and files the miles flights in the history, whose flights the collector then carries: ours ${fmt(distinct.ours, 'µs')}, bare ${fmt(distinct.bare, 'µs')}`,
      fix: 'profile the CLI under this load (node --cpu-prof): the collector, the flights kept per search and the answer JSON lead',
      owner: 'mock (packages/mock-server/src/data, src/history)',
    };
    measured['4e'] = {
      measured: distinct.rss.ours / distinct.rss.prism,
      reason: prismMissing,
      why: `our server keeps what Prism does not: the history keeps each miles flight a search answered (up to the default historyCap of 100 000), and the search cache the last 256 searches; after ${distinct.searches.toLocaleString('en')} distinct searches ours holds ${fmt(distinct.rss.ours, 'MB')}, Prism ${fmt(distinct.rss.prism, 'MB')}`,
      fix: 'fewer bytes kept per stored flight (packages/mock-server/src/history/store.ts)',
      owner: 'mock (packages/mock-server/src/history)',
    };
    return {
      method: `Our CLI beside Prism and a bare node:http server sending our bytes, each in its own process, under the load its row names (distinct searches: loaded from a process of its own). Each server in its own process (ours: the built CLI \`flight-search-mock --latency none --quiet --keys <bench key with limit 1e9>\`; Prism: \`prism mock openapi.yaml -v silent\`; the ceiling: a bare node:http server in its own process answering the bytes our server gave). autocannon's programmatic API in this process, 10 connections, no pipelining; ${warmup} s warm-up per server and route, then ${rounds} round(s) of ${duration} s per server and route, order rotated per round; req/s counts 2xx answers only. Server CPU per request: utime + stime of the server's process tree from /proc over each load, divided by its 2xx answers (10 ms ticks); bytes per answer from autocannon's throughput over its requests. Start-up: spawn to the first 200 on GET /quota, polled every 5 ms, ${startups} start(s) each, interleaved; the single executable (the same CLI from \`npm run build:executable -- --target all\`, built by this suite unless --no-build finds all five) started with the same flags, its size from the file; each other target's executable this machine runs under an emulator (linux-arm64 under qemu-user, win-x64 under Wine, as scripts/executable-harness.sh sets them up) started the same way, its time the emulator's, not the target's; the five files' sizes. RSS: VmRSS from /proc of the process and its children, after the load. Distinct searches (4b, 4e, 4f): one server of ours, a bare node:http server and Prism, all running throughout${PINNED ? ', each on the second CPU (taskset) and every load on the first' : ''}; each load from bench/lib/load-child.mjs in a process of its own; ours warms up on ${quick ? 2 : 6} rounds of other dates, the bare server and Prism on as many requests; each round sends ${days} new dates x 70 searches (5 routes x 7 programs x RAW and PARSED) once each with fetch, 10 in flight over keep-alive (4f), then the bare server the same bodies, answering our answers to them (PUT /__answers, then collected; one pass unmeasured), then ${days} other new dates under autocannon (10 connections; sustained, beside 4f; 4b's req/s, Prism too), our answers to those taken afterwards for the bare server; ${quick ? 2 : 5} rounds, medians; RSS after them (4e). WireMock (java and its npm jar; not a target) replays each sustained round's answers afterwards under the same load, one JVM for all (--no-request-journal): once as one stub per search matched on method, path and exact body (\`equalTo\`; it tries its stubs in turn), once as one stub per route; ${WIREMOCK_WARMUP.first.toLocaleString('en')} requests of warm-up first and ${WIREMOCK_WARMUP.later.toLocaleString('en')} after each change of stubs; CPU from /proc of the java process (JIT and GC included).`,
      figures,
      notes,
      measured,
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}
