// 8. The request log's memory: the standalone CLI with --control (so it
// records). (1) Large bodies: RSS before, after 800 bodies of 1 MiB (each
// answered 422), and after POST /__mock/reset. (2) Header-heavy requests
// (issue 25 item 1): GET /quota without a key (401, recorded) carrying 1 900
// two-character headers, until the log is full many times over: RSS against
// the log's own byte bound; then the whole log read through GET
// /__mock/requests (page by page where it is paged) while /quota is asked
// in a loop, for the delay a reader of the log causes others (item 4).
// Loopback only, bounded request counts, and deadlines: each part stops by
// itself within about 30 s.
//
// Also runnable alone against any build of the CLI, for a before/after:
//   node bench/suites/request-log-soak.mjs [--cli=path/to/dist/cli.js] [--quick] [--headers-only]
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureTmp, requireCli } from '../lib/project.mjs';
import { freePort, rssMb, spawnServer } from '../lib/servers.mjs';
import { fmt, nowMs } from '../lib/stats.mjs';

export const id = '8';
export const title =
  'Request log memory: RSS of the CLI (--control) under 800 bodies of 1 MiB and under header-heavy requests; /quota while the log is read';
// Bounded memory means the second half of the bodies adds (almost) nothing to
// what the first half took; an unbounded log grows linearly (main before issue 13: 1.9x).
export const plan = [
  {
    id: '8a',
    load: '1 MiB bodies, several in flight',
    label: 'RSS after all the bodies / RSS after half of them',
    op: '<=',
    limit: 1.15,
  },
  {
    id: '8b',
    load: '1 MiB bodies, several in flight',
    label: 'RSS after listing and reset / RSS after all the bodies',
    op: '<=',
    limit: 1.15,
  },
  // The log holds at most its byte bound by its own count (its live heap is that count: the headers are one text); what it adds to the
  // process's RSS, over the same traffic with a log that keeps nothing, stays within 6x that bound (V8 lets its heap
  // grow to a few times the live set between collections). Main before issue 25: (425 - 105) MB for a 16 MiB bound, 20x.
  {
    id: '8c',
    load: 'header-heavy requests, several in flight',
    label: 'header-heavy requests: (RSS with the log - RSS with --request-log-cap 0) / the log byte bound',
    op: '<=',
    limit: 6,
  },
  // Reading a full header-heavy log delayed /quota by 1.1 s on main before issue 25 (one 27 MiB answer built at once).
  {
    id: '8d',
    load: 'one /quota at a time while the log is read',
    label: 'header-heavy log read whole: slowest /quota meanwhile / slowest /quota on the idle server',
    op: '<=',
    limit: 20,
  },
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

const LOG_BYTES = 16 * MiB;
const HEADER_COUNT = 1_900;

/**
 * GET /quota without a key, carrying 1 900 distinct two-character header names
 * (token characters) with two-character values, as bytes: written as they are
 * by a raw client, since a Fetch client spends longer checking 1 900 headers than the server takes to answer.
 */
function heavyRequest(port) {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789!#$%&*+-.^_|~';
  let text = `GET /quota HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`;
  for (let i = 0; i < HEADER_COUNT; i++)
    text += `${chars[i % chars.length]}${chars[Math.floor(i / chars.length)]}: v${i % 10}\r\n`;
  return Buffer.from(`${text}\r\n`, 'latin1');
}

/** A keep-alive connection that sends `request` and resolves with each answer's status, one at a time. */
async function rawConnection(port, request) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let buffered = Buffer.alloc(0);
  let waiting;
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf('\r\n\r\n');
    if (end === -1 || waiting === undefined) return;
    const head = buffered.subarray(0, end).toString('latin1');
    const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffered.length < end + 4 + length) return;
    buffered = buffered.subarray(end + 4 + length);
    const resolve = waiting;
    waiting = undefined;
    resolve(Number(head.slice(9, 12)));
  });
  socket.on('error', () => waiting?.(0));
  return {
    send() {
      return new Promise((resolve) => {
        waiting = resolve;
        socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}

/** The slowest of sequential GET /quota while `busy` runs, and how many were asked. */
async function quotaDuring(url, busy) {
  let done = false;
  let slowest = 0;
  let asked = 0;
  const reader = busy().finally(() => {
    done = true;
  });
  while (!done && asked < 10_000) {
    const t = nowMs();
    const res = await fetch(`${url}/quota`, { headers: { 'x-api-key': 'test-key' } });
    await res.arrayBuffer();
    slowest = Math.max(slowest, nowMs() - t);
    asked++;
  }
  return { slowest, asked, read: await reader };
}

/**
 * Reads the whole log: page by page when the answer has `next` (after issue 25),
 * else in one answer. Never parsed here: this process also times /quota, and
 * parsing megabytes of JSON would stall that loop, not the server's.
 */
async function readWholeLog(url) {
  const t = nowMs();
  let after;
  let entries = 0;
  let bytes = 0;
  let pages = 0;
  for (;;) {
    const res = await fetch(`${url}/__mock/requests${after === undefined ? '' : `?after=${after}`}`);
    const body = Buffer.from(await res.arrayBuffer());
    bytes += body.length;
    pages++;
    for (let at = body.indexOf('{"id":'); at !== -1; at = body.indexOf('{"id":', at + 1)) entries++;
    const next = /"next":(\d+)\}$/.exec(body.subarray(-48).toString('latin1'))?.[1];
    if (next === undefined || pages > 1_000) break;
    after = next;
  }
  return { entries, bytes, pages, ms: nowMs() - t };
}

/**
 * The header-heavy soak against `cli`; `args` are extra flags (`--request-log-cap 0`
 * for the same traffic with a log that keeps nothing); `read`: read the whole log after.
 */
export async function headerSoak(cli, { count = 4_000, logFile, args = [], read = true } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnServer(
    process.execPath,
    [cli, '--port', String(port), '--control', '--quiet', '--request-log-max-bytes', String(LOG_BYTES), ...args],
    {
      readyUrl: `${url}/quota`,
      readyInit: { headers: { 'x-api-key': 'test-key' } },
      logFile,
    },
  );
  try {
    await settle(500);
    const start = rssMb(server.pid);
    const idle = await quotaDuring(url, () => settle(1_000));
    const request = heavyRequest(port);
    const statuses = new Map();
    let sent = 0;
    let half;
    const t0 = nowMs();
    const worker = async () => {
      const connection = await rawConnection(port, request);
      while (sent < count && nowMs() - t0 < DEADLINE_MS) {
        sent++;
        const status = await connection.send();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (half === undefined && sent >= count / 2) half = rssMb(server.pid);
      }
      connection.close();
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const sendS = (nowMs() - t0) / 1000;
    await settle(1_000);
    const after = rssMb(server.pid);
    const state = await (await fetch(`${url}/__mock/state`)).json();
    const reading = read ? await quotaDuring(url, () => readWholeLog(url)) : undefined;
    return {
      start,
      half,
      after,
      sent,
      sendS,
      statuses: Object.fromEntries(statuses),
      log: state.requests,
      idle,
      reading,
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
    {
      label: 'RSS after the bodies (1 s quiet)',
      value: `${fmt(r.after, 'MB', 1)} (peak seen ${fmt(r.peak, 'MB', 1)})`,
    },
    { label: 'GET /__mock/requests', value: `${r.requestsStatus}, ${r.recorded ?? '-'} requests listed` },
    { label: 'RSS 2 s after POST /__mock/reset', value: fmt(r.afterReset, 'MB', 1) },
  ];
  const headerCount = quick ? 2_000 : 4_000;
  const h = await headerSoak(cli, {
    count: headerCount,
    logFile: join(ensureTmp('logs'), 'request-log-header-soak.log'),
  });
  // The same traffic with a log that keeps nothing: what the requests alone leave in the process (garbage not yet collected).
  const bare = await headerSoak(cli, {
    count: headerCount,
    logFile: join(ensureTmp('logs'), 'request-log-header-soak-cap0.log'),
    args: ['--request-log-cap', '0'],
    read: false,
  });
  figures.push(...headerFigures(h, bare));
  return {
    method: `The built CLI (\`dist/cli.js --control --quiet\`) on 127.0.0.1; RSS (VmRSS) read from /proc. ${count} POSTs of a 1 MiB JSON body (an invalid search: 422) with ${CONCURRENCY} in flight, stopped at ${DEADLINE_MS / 1000} s whatever the count. Then a fresh CLI with \`--request-log-max-bytes ${LOG_BYTES}\`: GETs of /quota without a key (401, recorded) carrying ${HEADER_COUNT} two-character headers each (node keeps the first 1 023 of them), ${CONCURRENCY} in flight; then the whole log read through GET /__mock/requests (every page) while one client asks GET /quota in a loop.`,
    figures,
    notes: [],
    measured: {
      '8a': { measured: r.after / r.half },
      '8b': { measured: r.afterReset / r.after },
      '8c': { measured: (h.after - bare.after) / (LOG_BYTES / MiB) },
      '8d': { measured: h.reading.slowest / h.idle.slowest },
    },
  };
}

function headerFigures(h, bare) {
  return [
    {
      label: 'header-heavy: requests sent',
      value: `${h.sent} in ${fmt(h.sendS, 's', 1)} (statuses ${JSON.stringify(h.statuses)})`,
    },
    {
      label: 'header-heavy: the log by its own count',
      value: `${h.log.count} entries, ${fmt(h.log.bytes / MiB, 'MiB', 1)} of a ${LOG_BYTES / MiB} MiB bound`,
    },
    {
      label: 'header-heavy: RSS at start / after half / after all (1 s quiet)',
      value: `${fmt(h.start, 'MB', 1)} / ${fmt(h.half, 'MB', 1)} / ${fmt(h.after, 'MB', 1)}`,
    },
    ...(bare === undefined
      ? []
      : [
          {
            label: 'header-heavy: RSS after all, the same traffic with --request-log-cap 0',
            value: `${fmt(bare.after, 'MB', 1)} (${bare.sent} sent)`,
          },
        ]),
    {
      label: 'header-heavy: the whole log read',
      value: `${h.reading.read.entries} entries in ${h.reading.read.pages} page(s), ${fmt(h.reading.read.bytes / MiB, 'MiB', 1)}, ${fmt(h.reading.read.ms, 'ms', 0)}`,
    },
    {
      label: 'slowest GET /quota: idle / while the log is read',
      value: `${fmt(h.idle.slowest, 'ms', 1)} (${h.idle.asked} asked) / ${fmt(h.reading.slowest, 'ms', 1)} (${h.reading.asked} asked)`,
    },
  ];
}

// Run alone: `node bench/suites/request-log-soak.mjs --cli=...` prints the figures as JSON.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const cli = arg('cli') ?? requireCli();
  const quick = process.argv.includes('--quick');
  const capArg = arg('cap');
  const h = await headerSoak(cli, {
    count: quick ? 2_000 : 4_000,
    logFile: join(ensureTmp('logs'), 'request-log-header-soak.log'),
    args: capArg === undefined ? [] : ['--request-log-cap', capArg],
  });
  console.log(JSON.stringify({ cli, headerHeavy: h, figures: headerFigures(h) }, null, 2));
  if (process.argv.includes('--headers-only')) process.exit(0);
  const count = quick ? 200 : 800;
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
