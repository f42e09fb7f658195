#!/usr/bin/env node
// The ceiling as its own process: a bare node:http server answering fixed
// bytes per "METHOD /path", so it never shares a thread with the load generator.
//   node bench/lib/canned-server-child.mjs <port> <answers.json>
import { readFileSync } from 'node:fs';
import { startCannedServerOn } from './servers.mjs';

const [port, file] = [Number(process.argv[2]), process.argv[3]];
const decode = (a) => ({ contentType: a.contentType, body: Buffer.from(a.body, 'base64') });
// A list of answers for one key is sent in turn (see startCannedServerOn); PUT /__answers reads the file again.
const read = () =>
  Object.fromEntries(
    Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([k, a]) => [
      k,
      Array.isArray(a) ? a.map(decode) : decode(a),
    ]),
  );
await startCannedServerOn(port, read(), read);
process.on('SIGTERM', () => process.exit(0));
