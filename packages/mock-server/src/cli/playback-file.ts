import { dictionary, isPlainObject } from '@flight-search/contract';
import { REDACTED } from '../recording/redaction.js';
import { MOCK_OPTIONS } from '../options.js';
import { stubIssues } from '../stubs/check.js';
import type { StubDefinition } from '../types.js';
import { readTextFile } from './json-file.js';
import { UsageError } from './usage-error.js';

/** Answer headers a played-back answer does not repeat: the connection's own, and what the server sets itself. */
const NOT_REPLAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'date', 'set-cookie']);

/**
 * Reads a `--playback` file, the contract proxy's `--record` format (one exchange per line), as stubs:
 * each exchange answers once the request with its method, path, query and body
 * (a partial match, as every stub's), in the file's order for repeated requests. The key is not
 * compared: the record redacts it. Every problem names the file and the line.
 */
export async function readPlaybackFile(file: string): Promise<StubDefinition[]> {
  const where = `--playback ${file}`;
  const lines = (await readTextFile('--playback', file)).split('\n').filter((line) => line.trim() !== '');
  const cap = MOCK_OPTIONS.stubsCap.default;
  if (lines.length > cap) throw new UsageError(`${where}: has ${lines.length} exchanges; the mock holds at most ${cap} stubs (--stubs-cap).`);
  return lines.map((line, index) => {
    const at = `${where}: line ${index + 1}`;
    let exchange: unknown;
    try {
      exchange = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`${at} is not JSON (${(error as Error).message}).`, { cause: error });
    }
    const stub = stubOfExchange(exchange);
    const issues = stub === undefined ? [] : stubIssues(stub);
    if (stub === undefined || issues.length > 0) {
      const why = issues.map((issue) => `\`${issue.field}\` ${issue.message}`).join(' ');
      throw new UsageError(
        `${at} is not an exchange the proxy recorded: expected { request: { method, path, query, body }, response: { status, headers, body } }${why ? `; ${why}` : '.'}`,
      );
    }
    return stub;
  });
}

/** One recorded exchange as a stub: answered once, as recorded (the contract is the proxy's business: its `violations` say it). */
function stubOfExchange(exchange: unknown): StubDefinition | undefined {
  if (!isPlainObject(exchange) || !isPlainObject(exchange.request) || !isPlainObject(exchange.response)) return undefined;
  const { method, path, query, body } = exchange.request;
  const { status, headers, body: answer } = exchange.response;
  if (typeof method !== 'string' || typeof path !== 'string' || typeof status !== 'number') return undefined;
  const request: StubDefinition['request'] = { method, path };
  if (typeof query === 'string' && query.length > 1) {
    const params = dictionary<string[]>();
    // A redacted value cannot be matched: that parameter is left out of the match.
    for (const [name, value] of new URLSearchParams(query)) {
      if (value === REDACTED) continue;
      params[name] = [...(params[name] ?? []), value];
    }
    if (Object.keys(params).length > 0) request.query = params;
  }
  if (body !== null && body !== undefined) request.body = body;
  const replayed = Object.entries(isPlainObject(headers) ? headers : {}).filter(
    ([name, value]) => typeof value === 'string' && value !== REDACTED && !NOT_REPLAYED.has(name.toLowerCase()),
  );
  return {
    request,
    response: {
      status,
      ...(replayed.length > 0 && { headers: Object.fromEntries(replayed) as Record<string, string> }),
      ...(answer !== null && answer !== undefined && { body: answer }),
    },
    times: 1,
    contract: false,
  };
}
