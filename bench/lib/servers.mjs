// Local servers and child processes for the bench. Everything listens on
// 127.0.0.1 only, and every child is ended by its own pid.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { nowMs } from './stats.mjs';

/** Starts a node:http server on a loopback port (0: a free one). */
export async function startHttpServer(handler, port = 0) {
  const server = createServer(handler);
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = server.address().port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * A bare node:http server that answers every request with fixed bytes per
 * "METHOD /path" (the ceiling: no routing work beyond a map lookup). A list of
 * answers for one key is sent in turn, so a mix of answers costs what it costs.
 */
export function startCannedServer(answers) {
  return startCannedServerOn(0, answers);
}

export function startCannedServerOn(port, answers, reload) {
  const turns = {};
  return startHttpServer((req, res) => {
    const path = req.url.split('?')[0];
    // `PUT /__answers`: the answers again from their file (each round's new ones), its turns from the start.
    if (reload && req.method === 'PUT' && path === '/__answers') {
      Object.assign(answers, reload());
      for (const key of Object.keys(turns)) delete turns[key];
      // Run with --expose-gc, the reload's garbage is collected now, not in the load measured next.
      globalThis.gc?.();
      req.resume();
      return req.on('end', () => res.writeHead(204).end());
    }
    const key = `${req.method} ${path}`;
    const listed = answers[key];
    let answer = listed;
    if (Array.isArray(listed)) {
      turns[key] = ((turns[key] ?? -1) + 1) % listed.length;
      answer = listed[turns[key]];
    }
    // Drain the body so keep-alive connections stay usable.
    req.resume();
    req.on('end', () => {
      if (!answer) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.contentType,
        'content-length': answer.body.length,
      });
      res.end(answer.body);
    });
  }, port);
}

/**
 * One request on a connection of its own (node:http, no agent), its status and text. Not fetch: fetch's pool may
 * keep a socket to a server that held the same port before, and a new server on that port gets EPIPE on it.
 */
export function requestOnce(url, method, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject).end(body);
  });
}

/** A free loopback port (bind to 0, read it, release it). */
export async function freePort() {
  const s = await startHttpServer(() => {});
  await s.close();
  return s.port;
}

/**
 * Spawns a server process and polls `readyUrl` every few ms until it answers
 * 200: the start-up time is spawn to first 200, as a user would see it.
 */
export async function spawnServer(command, args, { readyUrl, readyInit, timeoutMs = 60_000, env, logFile } = {}) {
  // The server's output goes to a file, not a pipe: reading a log line per
  // request in this process would steal CPU from the load generator.
  const fd = openSync(logFile, 'w');
  const started = nowMs();
  const child = spawn(command, args, {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  closeSync(fd);
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(0, 4000);
    } catch {
      return '';
    }
  };
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = { code, signal };
  });
  const deadline = started + timeoutMs;
  for (;;) {
    if (exited)
      throw new Error(
        `${command} ${args.join(' ')} exited (${JSON.stringify(exited)}) before answering:\n${output().slice(0, 2000)}`,
      );
    if (nowMs() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no 200 from ${readyUrl} within ${timeoutMs} ms:\n${output().slice(0, 2000)}`);
    }
    try {
      const res = await fetch(readyUrl, { ...readyInit, signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = nowMs() - started;
  return {
    child,
    pid: child.pid,
    startupMs,
    output,
    async stop() {
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(t);
    },
  };
}

function childPids(pid) {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return tasks.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Resident memory (VmRSS) of a process and its descendants, in MB. */
export function rssMb(pid) {
  let kb = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
      if (m) kb += Number(m[1]);
    } catch {
      // process gone
    }
    stack.push(...childPids(p));
  }
  return kb / 1024;
}

/** CPU time (user + system) of a process and its descendants, in ms, from /proc (clock ticks of 10 ms); NaN elsewhere. */
export function cpuMs(pid) {
  let ticks = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      // The fields after the command name (which may hold spaces) start at state: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      if (p === pid) return Number.NaN;
    }
    stack.push(...childPids(p));
  }
  return ticks * 10;
}
