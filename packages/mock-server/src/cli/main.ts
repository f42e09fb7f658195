import { startMockServer, type MockServer } from '../node/index.js';
import { parseCliArgs } from './args.js';
import { HELP } from './help.js';
import { readKeysFile } from './keys-file.js';
import { UsageError } from './usage-error.js';

/** `flight-search-mock`: the standalone mock server. Exit codes: 0 done, 1 failure, 2 bad usage. */
async function main(argv: string[]): Promise<void> {
  const args = parseCliArgs(argv);
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  const keys = args.keysFile === undefined ? undefined : await readKeysFile(args.keysFile);
  let server: MockServer;
  try {
    server = await startMockServer({
      port: args.port,
      host: args.host,
      latency: args.latency,
      control: args.control,
      controlOrigins: args.controlOrigins,
      allowedHosts: args.allowedHosts,
      ...(args.requestLogMaxBytes !== undefined && { requestLogMaxBytes: args.requestLogMaxBytes }),
      // Without --control nothing can read the request log (GET /__mock/requests is its only reader),
      // so the process keeps none: less memory held per request under load.
      ...(!args.control && { requestLogCap: 0 }),
      ...(args.quiet && { log: false as const }),
      ...(keys !== undefined && { keys }),
      ...(args.seed !== undefined && { seed: args.seed }),
      ...(args.providerTimeoutMs !== undefined && { providerTimeoutMs: args.providerTimeoutMs }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'the address is already in use' : code === 'EADDRNOTAVAIL' ? 'the address is not available on this machine' : (error as Error).message;
    throw new Error(`cannot listen on ${args.host}:${args.port}: ${why}.`, { cause: error });
  }
  process.stdout.write(`flight-search-mock listening on ${server.url}\n`);
  process.stdout.write(`  contract: ${server.url}/openapi.yaml${args.control ? `\n  control:  ${server.url}/__mock` : ''}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal means "now": skip waiting for requests in flight.
      process.stderr.write(`${signal} again: exiting without waiting.\n`);
      process.exit(1);
    }
    stopping = true;
    process.stderr.write(`${signal}: finishing requests in flight, then exiting.\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`flight-search-mock: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof UsageError;
  process.stderr.write(`flight-search-mock: ${(error as Error).message}\n${usage ? 'Run flight-search-mock --help for the options.\n' : ''}`);
  process.exit(usage ? 2 : 1);
});
