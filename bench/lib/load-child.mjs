#!/usr/bin/env node
// A load in a process of its own, so the bench's own work never shares a thread with it: each body of a
// file sent once to POST /flights/search (`null` for GET /quota) over keep-alive connections, then one JSON
// line. `fetch`: that many requests in flight from fetch, as a client's code sends them; `autocannon`:
// that many connections kept busy (sustained load). With an answers file, the answers are written there
// (base64, in the order of the bodies) for a bare server to send the same bytes.
//   node bench/lib/load-child.mjs <fetch|autocannon> <base url> <bodies.json> <in flight> [answers.json]
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { BENCH_KEY } from './fixtures.mjs';

const [shape, base, bodiesFile, inFlight, answersFile] = [
  process.argv[2],
  process.argv[3],
  process.argv[4],
  Number(process.argv[5]),
  process.argv[6],
];
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8'));
const headers = {
  'x-api-key': BENCH_KEY,
  accept: 'application/vnd.service.v1+json',
  'content-type': 'application/json',
};
const started = performance.now();
const result = shape === 'autocannon' ? await sustained() : await fetched();
process.stdout.write(`${JSON.stringify({ ...result, sent: bodies.length, wallMs: performance.now() - started })}\n`);

async function fetched() {
  const answers = new Array(bodies.length);
  let next = 0;
  let ok = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const i = next++;
      const res = await (bodies[i] === null
        ? fetch(`${base}/quota`, { headers })
        : fetch(`${base}/flights/search`, { method: 'POST', headers, body: bodies[i] }));
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status >= 200 && res.status < 300) ok++;
      bytes += body.length;
      if (answersFile) answers[i] = { contentType: res.headers.get('content-type'), body: body.toString('base64') };
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  if (answersFile)
    writeFileSync(
      answersFile,
      JSON.stringify({
        'GET /quota': { contentType: 'application/json', body: 'e30=' },
        'POST /flights/search': answers,
      }),
    );
  return { ok, bytes: bytes / bodies.length };
}

function sustained() {
  let next = 0;
  // Its own result's duration ends at its next one-second tick: req/s is timed from the first answer to the last.
  let first;
  let last;
  const instance = new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: inFlight,
        pipelining: 1,
        amount: bodies.length,
        requests: [
          {
            setupRequest: (request) => {
              const body = bodies[next++ % bodies.length];
              return body === null
                ? { ...request, method: 'GET', path: '/quota', headers }
                : { ...request, method: 'POST', path: '/flights/search', headers, body };
            },
          },
        ],
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              ok: r['2xx'],
              bytes: r.throughput.total / Math.max(r.requests.total, 1),
              rps: (r['2xx'] - 1) / ((last - first) / 1000),
            }),
    ).on('response', () => {
      last = performance.now();
      first ??= last;
    }),
  );
  return instance;
}
