import { JSON_OPTION_NAMES, OPTION_NAMES, rowOf } from '../options.js';

/** One line (or more) of the help: the flag padded to a column, its text beside it. */
const line = (usage: string, text: string): string => `  ${usage.padEnd(24)}${usage.length < 24 ? ' ' : '  '}${text.replaceAll('\n', `\n${' '.repeat(27)}`)}\n`;

/** The mock's options that have a flag, in the option table's order and words. */
const MOCK_FLAGS = OPTION_NAMES.map((name) => rowOf(name).flag)
  .map((flag) => (flag ? line(`${flag.name} ${flag.arg ?? 'N'}`, flag.help) : ''))
  .join('');

/** Words joined by `, `, broken into lines of at most `width` characters. */
const wrap = (words: readonly string[], width = 96): string =>
  words.reduce((text, word) => (text.length - text.lastIndexOf('\n') + word.length > width ? `${text},\n${word}` : text ? `${text}, ${word}` : word), '');

/** `--config`: the option table's JSON options by name, and one file that has a few of them. */
const CONFIG = line(
  '--config FILE',
  `the mock's options as a JSON object, checked like the JavaScript options, such as
${JSON.stringify({ seed: 7, latency: 'realistic', rateLimit: { requests: 5, windowMs: 1000 }, clock: { at: '2026-11-01T00:00:00Z' } })}:
${wrap(JSON_OPTION_NAMES)}
(clock: {"at": ISO or epoch ms} fixed, or {"offsetMs": N} shifted); flags win over it`,
);

export const HELP = `Usage: flight-search-mock [options]
       flight-search-mock proxy --target URL [proxy options]

Serves the Flight Search, Price History and Quota mock over HTTP.

Options:
  --port N                 TCP port; 0 picks a free one (default 4010)
  --host H                 interface to listen on (default 127.0.0.1)
${CONFIG}${MOCK_FLAGS}  --control                serve the control API under /__mock: reset, state, config, programs, keys,
                           faults, requests (see the README); without it no request is recorded
  --control-origin ORIGIN  a page origin allowed to call the control API, such as http://localhost:5173
                           (repeatable); by default a control request carrying any Origin is refused (403)
  --allowed-host NAME      a Host name the control API answers besides localhost, 127.0.0.1, [::1] and
                           --host, such as a container name (repeatable; NAME:PORT for a port mapping)
  --ready-file PATH        once listening, write {"url","port","pid"} to PATH (atomically: a temporary
                           file renamed); removed again on exit
  --log-format text|json   request log lines as text (default) or one JSON object per line (no key, ever)
  --quiet                  no request log (by default one line per request on stderr)
  --help                   show this help

Proxy options (flight-search-mock proxy):
  --target URL             the real service every request is forwarded to (required)
  --port N, --host H       where the proxy listens (default 4011, 127.0.0.1)
  --allowed-host NAME      a Host name the proxy answers besides localhost, 127.0.0.1, [::1] and --host
                           (repeatable, as above); any other Host is refused (403), against DNS rebinding
  --forward-control        forward the mock's control API (/__mock) too; by default it is refused (403)
  --upstream-timeout-ms N  time the target may take to answer before a 504 (default 60000)
  --record FILE            append each exchange to FILE as one JSON line, API keys redacted
  --fail-on-violation      exit 1 on SIGTERM/SIGINT when any violation was seen (for CI)
  --violations-header      tell the client too: an answer that broke the contract carries its violations
                           in an x-contract-violations header (JSON, as Prism's sl-violations)
  --ready-file PATH, --log-format text|json, --quiet (no line per violation; the summary stays), --help
                           as above
  Each request and answer is checked against openapi.yaml (operation, parameters, body, status,
  headers, media type, schema); each violation is logged as it happens and summed up on exit.

Once listening it prints a line with its URL (http://HOST:PORT).
The contract is served at /openapi.yaml. SIGTERM, SIGINT or SIGHUP finishes requests in flight, then exits 0 (SIGQUIT: at once, 131).
`;
