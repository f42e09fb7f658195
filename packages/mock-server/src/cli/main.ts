#!/usr/bin/env node
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { startMockServer, type MockServer, type RequestLogEntry } from '../node/index.js';
import { settingIssuesOf } from '../settings.js';
import type { MockOptions } from '../options.js';
import { parseCliArgs } from './args.js';
import { describe, readConfigFile } from './config-file.js';
import { HELP } from './help.js';
import { readKeysFile } from './keys-file.js';
import { readPlaybackFile } from './playback-file.js';
import { writeReadyFile } from './ready-file.js';
import { UsageError } from './usage-error.js';

/** `flight-search-mock`: the standalone mock server. Exit codes: 0 done, 1 failure, 2 bad usage. */
async function main(argv: string[]): Promise<void> {
  // Loaded only for the proxy: the server never pays for ajv and the contract.
  if (argv[0] === 'proxy') return (await loadProxy()).runProxy(argv.slice(1));
  const args = parseCliArgs(argv);
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  const options: MockOptions = args.configFile === undefined ? {} : await readConfigFile(args.configFile);
  if (args.keysFile !== undefined) options.keys = await readKeysFile(args.keysFile);
  if (args.playbackFile !== undefined)
    options.stubs = [...(options.stubs ?? []), ...(await readPlaybackFile(args.playbackFile))];
  Object.assign(options, args.mock);
  // Without --control nothing reads the request log: none is kept unless a cap was asked for.
  if (!args.server.control && args.mock.requestLogCap === undefined) options.requestLogCap = 0;

  const json = args.logFormat === 'json';
  // Before the server starts: POST /__mock/shutdown may call stop() while the ready file is being written.
  let stopping = false;
  let server: MockServer;
  try {
    server = await startMockServer({
      ...options,
      ...args.server,
      log: args.quiet ? false : json ? jsonLogger : undefined,
      onShutdown: () => stop('POST /__mock/shutdown'),
    });
  } catch (error) {
    const issues = settingIssuesOf(error);
    if (issues !== undefined) throw new UsageError(describe(issues));
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? 'the address is already in use'
        : code === 'EADDRNOTAVAIL'
          ? 'the address is not available on this machine'
          : (error as Error).message;
    throw new Error(`cannot listen on ${args.server.host}:${args.server.port}: ${why}.`, { cause: error });
  }
  const port = Number(new URL(server.url).port);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ event: 'listening', url: server.url, port, pid: process.pid, contract: `${server.url}/openapi.yaml`, control: args.server.control ? `${server.url}/__mock` : null })}\n`,
    );
  } else {
    process.stdout.write(`flight-search-mock listening on ${server.url}\n`);
    process.stdout.write(
      `  contract: ${server.url}/openapi.yaml${args.server.control ? `\n  control:  ${server.url}/__mock` : ''}\n`,
    );
  }

  const say = (event: string, reason: string, text: string) =>
    process.stderr.write(json ? `${JSON.stringify({ time: new Date().toISOString(), event, reason })}\n` : `${text}\n`);
  function stop(signal: string): void {
    if (stopping) {
      say('exit', `${signal} again`, `${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    say('shutdown', signal, `${signal}: finishing requests in flight, then exiting.`);
    const removeReady =
      args.readyFile === undefined ? Promise.resolve() : rm(args.readyFile, { force: true }).catch(() => undefined);
    Promise.all([server.close(), removeReady]).then(
      () => process.exit(0),
      (error: unknown) => {
        say('error', (error as Error).message, `flight-search-mock: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  }
  // SIGQUIT means at once, but never leaves the ready file.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);
  process.on('SIGQUIT', () => {
    if (args.readyFile !== undefined) rmSync(args.readyFile, { force: true });
    process.exit(131);
  });
  // Once every signal is handled: a harness that reads the file may stop the server at once.
  if (args.readyFile !== undefined) await writeReadyFile(args.readyFile, { url: server.url, port, pid: process.pid });
}

/** The optional peer dependencies only the contract proxy loads. */
const PROXY_PEERS = ['ajv', 'ajv-formats', 'yaml'];

/** The contract proxy's module, or an error saying which optional peer is missing and what to install. */
async function loadProxy(): Promise<typeof import('./proxy.js')> {
  try {
    return await import('./proxy.js');
  } catch (error) {
    const missing = PROXY_PEERS.find(
      (name) =>
        (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
        (error as Error).message.includes(`'${name}'`),
    );
    if (missing === undefined) throw error;
    throw new Error(
      `the contract proxy checks exchanges with ajv, ajv-formats and yaml, optional peer dependencies of @flight-search/mock-server, and "${missing}" is not installed: run npm install --save-dev ajv@^8.20.0 ajv-formats@^3.0.1 yaml@^2.9.1`,
      { cause: error },
    );
  }
}

/** `--log-format json`: one JSON object per request on stderr; the path is already without query and key. */
function jsonLogger(entry: RequestLogEntry): void {
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), method: entry.method, path: entry.path, status: entry.status, durationMs: Math.round(entry.durationMs * 10) / 10 })}\n`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof UsageError;
  const argv = process.argv.slice(2);
  // Even a refused command line answers in JSON when it asked for JSON lines.
  const json = argv.some(
    (arg, index) => arg === '--log-format=json' || (arg === '--log-format' && argv[index + 1] === 'json'),
  );
  process.stderr.write(
    json
      ? `${JSON.stringify({ time: new Date().toISOString(), event: 'error', message: (error as Error).message, exitCode: usage ? 2 : 1 })}\n`
      : `flight-search-mock: ${(error as Error).message}\n${usage ? 'Run flight-search-mock --help for the options.\n' : ''}`,
  );
  process.exit(usage ? 2 : 1);
});
