import { dictionary, isPlainObject } from '@flight-search/contract';
import type { NodeHandler } from '@flight-search/contract/node';
import { utf8Length } from '../answer-types.js';
import { PROXY_OPTIONS } from '../contract-proxy/options.js';
import { SERVER_HEADERS } from '../stubs/check.js';
import { errorEnvelope } from '../errors/envelopes.js';
import { resolveTable, rowIssues } from '../options.js';
import { REDACTED } from '../recording/redaction.js';
import { MockSettingError, type SettingIssue } from '../settings.js';
import type { StubDefinition } from '../types.js';
import type { ServedMock } from './types.js';
import { jsonAnswer, sendable, type JsonAnswer } from './json.js';

/** Headers a played-back answer does not repeat: the connection's and the server's own. */
const NOT_REPLAYED = new Set([...SERVER_HEADERS, 'content-encoding', 'date', 'set-cookie']);

/** `POST /__mock/recordings/start|stop`: service requests go to `upstream`, each exchange kept as a stub within the stub limits. */
export function recordings(mock: ServedMock, bodyLimit: number, hosts: () => ReadonlySet<string>) {
  let current: Recording | undefined;
  const busy = (message: string) => sendable(errorEnvelope(409, 'CONFLICT', message));
  return {
    listener: (): NodeHandler | undefined => current?.listener,
    async start(body: Record<string, unknown>): Promise<JsonAnswer> {
      const { upstream, timeoutMs } = checkedStart(body, hosts());
      const limits = mock.state?.().options;
      // Loaded on first use: it needs the optional peers ajv and yaml, which serving does not.
      const proxying = await import('../contract-proxy/server.js').catch(() => undefined);
      if (!limits || !proxying)
        return sendable(errorEnvelope(501, 'NOT_IMPLEMENTED', 'Recording needs state() and ajv and yaml.'));
      const kept: Recording = { listener: undefined, stubs: [], bytes: 0, dropped: 0 };
      const onRecord = (exchange: unknown) => {
        const stub = stubOfExchange(exchange)!;
        const bytes = utf8Length(JSON.stringify(stub));
        if (kept.stubs.length >= limits.stubsCap || bytes > limits.stubBytes || kept.bytes + bytes > limits.stubsBytes)
          kept.dropped++;
        else {
          kept.stubs.push(stub);
          kept.bytes += bytes;
        }
      };
      if (current !== undefined) return busy('A recording is under way: POST /__mock/recordings/stop ends it.');
      const given = { target: upstream, timeoutMs, bodyLimit, onRecord };
      const proxy = proxying.contractProxyListener(resolveTable(PROXY_OPTIONS, given, 'recordings'), () => ({
        hosts: hosts(),
      }));
      kept.listener = proxy.listener;
      current = kept;
      return { status: 204, headers: {}, body: '' };
    },
    stop(): JsonAnswer {
      if (current === undefined) return busy('No recording is under way: POST /__mock/recordings/start begins one.');
      const { stubs, dropped } = current;
      current = undefined;
      return jsonAnswer(200, { stubs, dropped });
    },
  };
}

interface Recording {
  listener: NodeHandler | undefined;
  stubs: StubDefinition[];
  bytes: number;
  dropped: number;
}

/** The body of `POST /__mock/recordings/start`, `{ upstream, timeoutMs? }`, checked by the proxy's rows. */
function checkedStart(
  body: Record<string, unknown>,
  hosts: ReadonlySet<string>,
): { upstream: string; timeoutMs: number } {
  const { upstream, timeoutMs = PROXY_OPTIONS.timeoutMs.default, ...rest } = body;
  const issues: SettingIssue[] = Object.keys(rest).map((field) => ({
    field,
    type: 'invalid_enum',
    message: 'is not a known field; expected upstream, timeoutMs.',
  }));
  issues.push(
    ...rowIssues('upstream', PROXY_OPTIONS.target, upstream),
    ...rowIssues('timeoutMs', PROXY_OPTIONS.timeoutMs, timeoutMs),
  );
  const url = issues.length === 0 ? new URL(upstream as string) : undefined;
  // The mock's names carry their port, the default one included.
  if (url && hosts.has(`${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`))
    issues.push({
      field: 'upstream',
      type: 'invalid_format',
      message: 'is this mock itself: a recording would forward to itself.',
    });
  if (issues.length > 0) throw new MockSettingError('recordings', '', issues);
  return { upstream: upstream as string, timeoutMs: timeoutMs as number };
}

/** A recorded exchange as a stub answered once, matched on method, path, query and body, not the key (D162). */
export function stubOfExchange(exchange: unknown): StubDefinition | undefined {
  if (!isPlainObject(exchange) || !isPlainObject(exchange.request) || !isPlainObject(exchange.response))
    return undefined;
  const { method, path, query, body } = exchange.request;
  const { status, headers, body: answer } = exchange.response;
  if (typeof method !== 'string' || typeof path !== 'string' || typeof status !== 'number') return undefined;
  const request: StubDefinition['request'] = { method, path };
  if (typeof query === 'string' && query.length > 1) {
    const params = dictionary<string[]>();
    for (const [name, value] of new URLSearchParams(query)) {
      if (value !== REDACTED) params[name] = [...(params[name] ?? []), value];
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
