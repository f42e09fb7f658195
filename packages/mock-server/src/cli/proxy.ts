import { rm } from 'node:fs/promises';
import type { Violation } from '../contract-proxy/checker.js';
import { PROXY_OPTIONS, type ContractProxyOptions } from '../contract-proxy/options.js';
import { startContractProxy } from '../contract-proxy/server.js';
import { flagValues, PROXY_CLI_FLAGS, parseFlags, SHARED_FLAGS } from './args.js';
import { HELP } from './help.js';
import { writeReadyFile } from './ready-file.js';
import { UsageError } from './usage-error.js';

/** The proxy's default port: beside the mock's 4010. */
const DEFAULT_PROXY_PORT = 4011;

/** `flight-search-mock proxy --target URL`: a violation a line on stderr; a signal prints the summary (exit 1 with `--fail-on-violation`). */
export async function runProxy(argv: string[]): Promise<void> {
  const values = parseFlags(argv, [PROXY_OPTIONS, PROXY_CLI_FLAGS, SHARED_FLAGS]);
  const cli = flagValues<{
    failOnViolation: boolean;
    readyFile?: string;
    logFormat: 'text' | 'json';
    quiet: boolean;
    help: boolean;
  }>({ ...PROXY_CLI_FLAGS, ...SHARED_FLAGS }, values);
  if (cli.help) {
    process.stdout.write(HELP);
    return;
  }
  if (values.target === undefined) throw new UsageError('proxy needs --target URL (the service to forward to).');
  const options = flagValues<ContractProxyOptions & { target: string }>(PROXY_OPTIONS, values);
  if (values.port === undefined) options.port = DEFAULT_PROXY_PORT;
  const target = new URL(options.target);
  const json = cli.logFormat === 'json';

  // --quiet: no line per violation; the summary stays.
  const onViolation = (violation: Violation) => {
    if (cli.quiet) return;
    process.stderr.write(
      json
        ? `${JSON.stringify({ event: 'violation', ...violation })}\n`
        : `contract violation: ${violation.operation} ${violation.side} ${violation.path}: expected ${violation.expected}\n`,
    );
  };
  const onRecordError = (error: Error) => {
    const why = `--record ${options.record}: cannot be written (${(error as NodeJS.ErrnoException).code ?? error.message}); recording stopped.`;
    process.stderr.write(
      json ? `${JSON.stringify({ event: 'error', message: why })}\n` : `flight-search-mock proxy: ${why}\n`,
    );
  };
  const proxy = await startContractProxy({ ...options, onViolation, onRecordError });
  const { port: actualPort } = new URL(proxy.url);
  process.stdout.write(
    json
      ? `${JSON.stringify({ event: 'listening', url: proxy.url, port: Number(actualPort), pid: process.pid, target: target.origin })}\n`
      : `flight-search-mock proxy listening on ${proxy.url}, checking ${target.origin} against openapi.yaml\n`,
  );
  const { readyFile } = cli;
  if (readyFile !== undefined)
    await writeReadyFile(readyFile, { url: proxy.url, port: Number(actualPort), pid: process.pid });

  const stop = () => {
    const summary = proxy.summary();
    const failing = cli.failOnViolation && summary.violations > 0;
    if (json) process.stdout.write(`${JSON.stringify({ event: 'summary', ...summary })}\n`);
    else {
      const lines = [
        `contract summary: ${summary.exchanges} exchanges, ${summary.violations} violations, ${summary.unanswered} unanswered`,
      ];
      for (const [operation, count] of Object.entries(summary.byOperation)) lines.push(`  ${operation}: ${count}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    const removeReady = readyFile === undefined ? Promise.resolve() : rm(readyFile, { force: true });
    void Promise.all([proxy.close(), removeReady]).finally(() => process.exit(failing ? 1 : 0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
