import {
  cheapestFare,
  compareProgramsStreaming,
  ConnectionError,
  createFlightSearchClient,
  type MilesProgram,
  MILES_PROGRAMS,
  type ParsedResultItem,
  type Program,
  type ProgramCode,
  type Quota,
  type SearchSummary,
} from '@flight-search/sdk';
import { ArgsError, HELP, parseCompareArgs, type CompareArgs } from './args.js';
import { formatFlight, formatMiles, formatPrice, formatSeconds } from './format.js';
import { digestHistory } from './history-digest.js';
import { createProgress, type Output } from './progress.js';

export interface CompareIo {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
  today?: Date;
}

/** Runs the example; resolves to the process exit code (0 done, 1 the service failed or is unreachable, 2 bad arguments). */
export async function runCompare(argv: string[], io: CompareIo): Promise<number> {
  let args: CompareArgs | 'help';
  try {
    args = parseCompareArgs(argv, io.env, io.today ?? new Date());
  } catch (error) {
    if (!(error instanceof ArgsError)) throw error;
    io.stderr.write(`node-compare: ${error.message}\nRun with --help for the options.\n`);
    return 2;
  }
  if (args === 'help') {
    io.stdout.write(HELP);
    return 0;
  }
  try {
    await compare(args, io.stdout);
    return 0;
  } catch (error) {
    // The API key is never part of an SDK error message, so the message is safe to print.
    const why =
      error instanceof ConnectionError
        ? `cannot reach ${args.baseUrl} (${(error.cause as Error | undefined)?.message ?? error.message})`
        : (error as Error).message;
    io.stderr.write(`node-compare: ${why}\n`);
    return 1;
  }
}

async function compare(args: CompareArgs, out: Output): Promise<void> {
  const client = createFlightSearchClient({ apiKey: args.apiKey, baseUrl: args.baseUrl });
  const trip =
    args.return === undefined ? `${args.departure}, one way` : `${args.departure} to ${args.return}, round trip`;
  out.write(
    `Comparing ${args.programs.length} ${args.priceType} programs: ${args.origin} -> ${args.destination}, ${trip}, ${args.cabin}, ${args.adults} adult${args.adults > 1 ? 's' : ''}\n`,
  );
  out.write(`Service: ${args.baseUrl}\n`);
  const before = await client.getQuota();
  out.write(`Quota before: ${before.remaining} of ${before.limit} remaining\n\n`);

  const progress = createProgress(out, args.programs);
  const summary: SearchSummary = {
    totalAirlinesRequested: args.programs.length,
    successfulSearches: 0,
    failedSearches: 0,
  };
  let best: { program: Program; text: string; key: number } | undefined;
  const stream = compareProgramsStreaming(client, {
    tripType: args.return === undefined ? 'ONE_WAY' : 'ROUND_TRIP',
    cabinType: args.cabin,
    priceType: args.priceType,
    origin: args.origin,
    destination: args.destination,
    departureDate: args.departure,
    ...(args.return !== undefined && { returnDate: args.return }),
    passengers: { adults: args.adults },
    responseFormat: 'PARSED',
    programs: args.programs,
  });
  let elapsed = 0;
  try {
    for await (const outcome of stream) {
      const took = `(${formatSeconds(outcome.elapsedMs)})`;
      const name = outcome.program.padEnd(20);
      switch (outcome.kind) {
        case 'result': {
          const item: ParsedResultItem = outcome.item;
          if (!item.success) {
            summary.failedSearches += 1;
            progress.arrived(
              outcome.program,
              `${name} provider failure ${item.error.providerStatusCode}: ${item.error.message} ${took}`,
            );
            break;
          }
          summary.successfulSearches += 1;
          const cheapest = cheapestFare(item.flights, args.priceType);
          if (cheapest === undefined) {
            progress.arrived(outcome.program, `${name} no availability ${took}`);
            break;
          }
          const price = formatPrice(cheapest, args.priceType);
          progress.arrived(outcome.program, `${name} ${price.padEnd(22)} ${formatFlight(cheapest)} ${took}`);
          const key = args.priceType === 'CASH' ? cheapest.fare.totalMoney : cheapest.fare.miles;
          if (best === undefined || key < best.key) best = { program: outcome.program, text: price, key };
          break;
        }
        case 'error':
          summary.failedSearches += 1;
          progress.arrived(outcome.program, `${name} error: ${outcome.error.message} ${took}`);
          break;
        case 'skipped':
          progress.arrived(outcome.program, `${name} skipped (not enough quota) ${took}`);
          break;
      }
    }
  } finally {
    elapsed = progress.finish();
  }

  out.write(
    `\nSummary: ${summary.totalAirlinesRequested} requested, ${summary.successfulSearches} succeeded, ${summary.failedSearches} failed, in ${formatSeconds(elapsed)}\n`,
  );
  out.write(best === undefined ? 'Best fare: none available\n' : `Best fare: ${best.program} at ${best.text}\n`);
  const after = await client.getQuota();
  out.write(
    `Quota spent: ${after.consumed - before.consumed} units (${before.remaining} -> ${after.remaining} remaining of ${after.limit})\n`,
  );
  writeUsage(out, after);

  const historyPrograms = args.programs.filter((p): p is MilesProgram =>
    (MILES_PROGRAMS as readonly ProgramCode[]).includes(p),
  );
  if (historyPrograms.length === 0) return;
  const history = await client.getPriceHistory({
    origin: args.origin,
    destination: args.destination,
    cabinType: args.cabin,
    airlineLoyalty: historyPrograms,
    lookbackDays: 30,
  });
  out.write(
    `\nPrice history, ${args.origin} -> ${args.destination} ${args.cabin}, last 30 days (${history.total} records, miles per passenger):\n`,
  );
  for (const digest of digestHistory(history.flights)) {
    out.write(
      `  ${digest.program.padEnd(20)} min ${formatMiles(digest.min).padStart(10)}   median ${formatMiles(digest.median).padStart(10)}   max ${formatMiles(digest.max).padStart(10)}   ${digest.records} records\n`,
    );
  }
}

function writeUsage(out: Output, quota: Quota): void {
  const used = quota.usageByCompany.filter((usage) => usage.consumed > 0);
  if (used.length > 0)
    out.write(`  by program: ${used.map((usage) => `${usage.airlineLoyalty} ${usage.consumed}`).join(', ')}\n`);
}
