import { rename, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { MAX_TIMER_MS } from '../defaults.js';
import { allowedHostProblem } from '../node/control-access.js';
import type { Violation } from '../contract-proxy/checker.js';
import { startContractProxy } from '../contract-proxy/server.js';
import { checkedList, integer } from './args.js';
import { HELP } from './help.js';
import { UsageError } from './usage-error.js';

/** The proxy's default port: beside the mock's 4010. */
const DEFAULT_PROXY_PORT = 4011;

/**
 * `flight-search-mock proxy --target URL`: forwards to a real service and
 * checks every exchange against openapi.yaml. Each violation is a line on
 * stderr as it happens; SIGTERM/SIGINT prints the summary, and with
 * `--fail-on-violation` exits 1 when there was any.
 */
export async function runProxy(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        target: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        'forward-control': { type: 'boolean' },
        'upstream-timeout-ms': { type: 'string' },
        record: { type: 'string' },
        'fail-on-violation': { type: 'boolean' },
        'ready-file': { type: 'string' },
        'log-format': { type: 'string' },
        'violations-header': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message, { cause: error });
  }
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  if (values.target === undefined) throw new UsageError('proxy needs --target URL (the service to forward to).');
  let target: URL;
  try {
    target = new URL(values.target);
  } catch {
    throw new UsageError(`--target must be an absolute http(s) URL, got ${JSON.stringify(values.target)}.`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new UsageError(`--target must be an absolute http(s) URL, got ${JSON.stringify(values.target)}.`);
  const port = values.port === undefined ? DEFAULT_PROXY_PORT : integer('--port', values.port, 0, 65_535);
  const allowedHosts = checkedList('--allowed-host', values['allowed-host'] ?? [], allowedHostProblem);
  const timeoutMs = values['upstream-timeout-ms'] === undefined ? undefined : integer('--upstream-timeout-ms', values['upstream-timeout-ms'], 1, MAX_TIMER_MS);
  const format = values['log-format'] ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--log-format must be "text" or "json", got ${JSON.stringify(format)}.`);
  const json = format === 'json';

  // --quiet: no line per violation, as the server's --quiet has no line per request; the summary stays.
  const onViolation = (violation: Violation) => {
    if (values.quiet) return;
    process.stderr.write(
      json
        ? `${JSON.stringify({ event: 'violation', ...violation })}\n`
        : `contract violation: ${violation.operation} ${violation.side} ${violation.path}: expected ${violation.expected}\n`,
    );
  };
  const onRecordError = (error: Error) => {
    const why = `--record ${values.record}: cannot be written (${(error as NodeJS.ErrnoException).code ?? error.message}); recording stopped.`;
    process.stderr.write(json ? `${JSON.stringify({ event: 'error', message: why })}\n` : `flight-search-mock proxy: ${why}\n`);
  };
  const proxy = await startContractProxy({
    target: values.target,
    port,
    host: values.host ?? '127.0.0.1',
    allowedHosts,
    forwardControl: values['forward-control'] ?? false,
    ...(timeoutMs !== undefined && { timeoutMs }),
    onViolation,
    onRecordError,
    violationsHeader: values['violations-header'] ?? false,
    ...(values.record !== undefined && { record: values.record }),
  });
  const { port: actualPort } = new URL(proxy.url);
  process.stdout.write(
    json
      ? `${JSON.stringify({ event: 'listening', url: proxy.url, port: Number(actualPort), pid: process.pid, target: target.origin })}\n`
      : `flight-search-mock proxy listening on ${proxy.url}, checking ${target.origin} against openapi.yaml\n`,
  );
  const readyFile = values['ready-file'];
  if (readyFile !== undefined) {
    const temporary = `${readyFile}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify({ url: proxy.url, port: Number(actualPort), pid: process.pid })}\n`);
    await rename(temporary, readyFile);
  }

  const stop = () => {
    const summary = proxy.summary();
    const failing = values['fail-on-violation'] === true && summary.violations > 0;
    if (json) process.stdout.write(`${JSON.stringify({ event: 'summary', ...summary })}\n`);
    else {
      const lines = [`contract summary: ${summary.exchanges} exchanges, ${summary.violations} violations, ${summary.unanswered} unanswered`];
      for (const [operation, count] of Object.entries(summary.byOperation)) lines.push(`  ${operation}: ${count}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    const removeReady = readyFile === undefined ? Promise.resolve() : rm(readyFile, { force: true });
    void Promise.all([proxy.close(), removeReady]).finally(() => process.exit(failing ? 1 : 0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
