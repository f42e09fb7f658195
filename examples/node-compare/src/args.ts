import { parseArgs } from 'node:util';
import { CASH_PROGRAMS, MILES_PROGRAMS, type CabinType, type PriceType, type ProgramCode } from '@flight-search/sdk';

export interface CompareArgs {
  origin: string;
  destination: string;
  departure: string;
  return?: string;
  cabin: CabinType;
  adults: number;
  priceType: PriceType;
  programs: ProgramCode[];
  baseUrl: string;
  apiKey: string;
}

export const HELP = `Usage: node-compare [options]

Compares programs for one route with compareProgramsStreaming, printing each
program's best fare the moment it arrives, then the quota spent and a 30-day
price-history digest.

  --origin IATA         default GRU
  --destination IATA    default JFK
  --departure DATE      YYYY-MM-DD, default 30 days from today
  --return DATE         YYYY-MM-DD; makes it a ROUND_TRIP (costs 2 units per program)
  --cabin C             ECONOMY (default) or BUSINESS
  --adults N            1 to 9, default 1
  --price-type T        MILES (default) or CASH
  --programs A,B        default: every program of the price type
  --base-url URL        default $FLIGHT_SEARCH_BASE_URL or http://127.0.0.1:4010 (the local mock)
  --api-key KEY         default $FLIGHT_SEARCH_API_KEY or test-key (a key of the mock)
  --help
`;

/** Thrown for a bad command line: printed with the help hint, exit code 2. */
export class ArgsError extends Error {
  override name = 'ArgsError';
}

export function parseCompareArgs(
  argv: string[],
  env: Record<string, string | undefined>,
  today: Date,
): CompareArgs | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        origin: { type: 'string', default: 'GRU' },
        destination: { type: 'string', default: 'JFK' },
        departure: { type: 'string' },
        return: { type: 'string' },
        cabin: { type: 'string', default: 'ECONOMY' },
        adults: { type: 'string', default: '1' },
        'price-type': { type: 'string', default: 'MILES' },
        programs: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ArgsError((error as Error).message, { cause: error });
  }
  if (values.help) return 'help';

  const origin = values.origin.toUpperCase();
  const destination = values.destination.toUpperCase();
  for (const [flag, code] of [
    ['--origin', origin],
    ['--destination', destination],
  ] as const) {
    if (!/^[A-Z]{3}$/.test(code))
      throw new ArgsError(`${flag} must be a 3-letter IATA code, got ${JSON.stringify(code)}.`);
  }
  const cabin = values.cabin.toUpperCase();
  if (cabin !== 'ECONOMY' && cabin !== 'BUSINESS')
    throw new ArgsError(`--cabin must be ECONOMY or BUSINESS, got ${JSON.stringify(values.cabin)}.`);
  const priceType = values['price-type'].toUpperCase();
  if (priceType !== 'MILES' && priceType !== 'CASH')
    throw new ArgsError(`--price-type must be MILES or CASH, got ${JSON.stringify(values['price-type'])}.`);
  const adults = /^\d$/.test(values.adults) ? Number(values.adults) : Number.NaN;
  if (!(adults >= 1 && adults <= 9))
    throw new ArgsError(`--adults must be an integer from 1 to 9, got ${JSON.stringify(values.adults)}.`);

  const allowed: readonly ProgramCode[] = priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;
  const programs =
    values.programs === undefined
      ? [...allowed]
      : values.programs
          .split(',')
          .map((p) => p.trim().toUpperCase())
          .filter((p) => p !== '');
  const unknown = programs.filter((p) => !allowed.includes(p as ProgramCode));
  if (unknown.length > 0 || programs.length === 0) {
    throw new ArgsError(
      `--programs takes ${priceType} programs (${allowed.join(', ')}); not allowed: ${unknown.join(', ') || '(none given)'}.`,
    );
  }

  const departure = values.departure ?? isoDate(new Date(today.getTime() + 30 * 86_400_000));
  for (const [flag, date] of [
    ['--departure', departure],
    ['--return', values.return],
  ] as const) {
    if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date))
      throw new ArgsError(`${flag} must be a date YYYY-MM-DD, got ${JSON.stringify(date)}.`);
  }
  const baseUrl = values['base-url'] ?? env.FLIGHT_SEARCH_BASE_URL ?? 'http://127.0.0.1:4010';
  if (!/^https?:\/\/./.test(baseUrl))
    throw new ArgsError(`--base-url must be an http(s) URL, got ${JSON.stringify(baseUrl)}.`);

  const args: CompareArgs = {
    origin,
    destination,
    departure,
    cabin,
    adults,
    priceType,
    programs: programs as ProgramCode[],
    baseUrl,
    apiKey: values['api-key'] ?? env.FLIGHT_SEARCH_API_KEY ?? 'test-key',
  };
  if (values.return !== undefined) args.return = values.return;
  return args;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
