import { PROXY_OPTIONS } from '../contract-proxy/options.js';
import { SERVER_OPTIONS } from '../node/options.js';
import { MOCK_OPTIONS, type OptionTable } from '../options.js';
import { CONFIG_FLAG, PROXY_CLI_FLAGS, SHARED_FLAGS } from './args.js';

/** A flag as `--help` shows it: `--seed N`, `--keys FILE`, `--quiet` (a boolean takes no value). */
const usage = ({ flag, schema }: OptionTable[string]): string =>
  schema?.type === 'boolean' ? flag!.name : `${flag!.name} ${flag!.arg ?? 'N'}`;

/** One line (or more) of the help: the flag padded to a column, its text beside it. */
const line = (flag: string, text: string): string =>
  `  ${flag.padEnd(24)}${flag.length < 24 ? ' ' : '  '}${text.replaceAll('\n', `\n${' '.repeat(27)}`)}\n`;

/** The lines of the rows of `tables` that have a flag, in the tables' order and words. */
const lines = (...tables: OptionTable[]): string =>
  tables
    .flatMap((table) => Object.values(table))
    .map((row) => (row.flag ? line(usage(row), row.flag.help) : ''))
    .join('');

/** `--help` of both commands, made of the option tables' flags. */
export const HELP = `Usage: flight-search-mock [options]
       flight-search-mock proxy --target URL [proxy options]

Serves the Flight Search, Price History and Quota mock over HTTP.

Options:
${lines(SERVER_OPTIONS, CONFIG_FLAG, MOCK_OPTIONS, SHARED_FLAGS)}
Proxy options (flight-search-mock proxy):
${lines(PROXY_OPTIONS, PROXY_CLI_FLAGS)}${line(Object.values(SHARED_FLAGS).map(usage).join(', '), '\nas above (--quiet: no line per violation; the summary stays)')}  Each request and answer is checked against openapi.yaml (operation, parameters, body, status,
  headers, media type, schema); each violation is logged as it happens and summed up on exit.

Once listening it prints a line with its URL (http://HOST:PORT).
The contract is served at /openapi.yaml. SIGTERM, SIGINT or SIGHUP finishes requests in flight, then exits 0 (SIGQUIT: at once, 131).
`.replaceAll(/ +\n/g, '\n');
