#!/usr/bin/env node
// History queries in flight against a server, in their own process so that
// reading megabyte answers never shares a thread with the process measuring
// GET /quota. Keeps `concurrency` queries in flight until SIGTERM, then prints
// one JSON line: answers read, bytes, and the time of each.
//   node bench/lib/history-load-child.mjs <base url> <key> <concurrency> <query string>
import { Agent, get } from 'node:http';

const [base, key, concurrency, queryString] = [
  process.argv[2],
  process.argv[3],
  Number(process.argv[4]),
  process.argv[5],
];
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
let stopping = false;
let answers = 0;
let bytes = 0;
let failures = 0;
const times = [];

function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = get(
      `${base}/intelligence/flights/history?${queryString}`,
      { agent, headers: { 'x-api-key': key } },
      (res) => {
        let size = 0;
        res.on('data', (chunk) => {
          size += chunk.length;
        });
        res.on('end', () => {
          if (res.statusCode === 200) {
            answers++;
            bytes += size;
            times.push(performance.now() - started);
          } else failures++;
          resolve();
        });
      },
    );
    req.on('error', () => {
      failures++;
      resolve();
    });
  });
}

async function loop() {
  while (!stopping) await once();
}

process.on('SIGTERM', () => {
  stopping = true;
  process.stdout.write(`${JSON.stringify({ answers, bytes, failures, times })}\n`, () => process.exit(0));
});
process.stdout.write('started\n');
await Promise.all(Array.from({ length: concurrency }, loop));
