import { dictionary } from '@flight-search/contract';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveFetch } from '@flight-search/contract/node';
import { MAX_HEADER_BYTES } from '../defaults.js';
import { errorEnvelope, payloadTooLarge } from '../errors/envelopes.js';
import { errorMediaType } from '../negotiation/negotiate.js';
import { controlAccess, hostRefusal, type ControlAccess } from '../node/control-access.js';
import { CONTROL_PREFIX } from '../node/control.js';
import { sendable, type JsonAnswer } from '../node/json.js';
import { mentionsKey, REDACTED, redactPath, redactQuery } from '../recording/redaction.js';
import { resolveTable } from '../options.js';
import { ContractChecker, type Violation } from './checker.js';
import {
  PROXY_OPTIONS,
  type ContractProxyOptions,
  type RecordedExchange,
  type ResolvedProxyOptions,
} from './options.js';

export type { ContractProxyOptions } from './options.js';

export interface ContractProxy {
  url: string;
  /** Violations and exchanges so far. */
  summary(): ProxySummary;
  close(): Promise<void>;
}

export interface ProxySummary {
  exchanges: number;
  violations: number;
  /** Requests the target did not answer (nothing to check). */
  unanswered: number;
  byOperation: Record<string, number>;
}

/** Headers of one connection (RFC 9110 7.6.1) and those fetch recomputes: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  'accept-encoding',
]);
const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/**
 * A proxy in front of a real service that checks each request and answer against openapi.yaml and passes them on
 * unchanged. It answers only its own names and keeps `/__mock` to itself unless `forwardControl`; it shows no API key.
 * @example
 * const proxy = await startContractProxy({ target: 'https://api.example.com', onViolation: console.warn });
 * // point the client at proxy.url; later:
 * console.log(proxy.summary());
 * await proxy.close();
 */
export async function startContractProxy(given: ContractProxyOptions): Promise<ContractProxy> {
  const options = resolveTable<ResolvedProxyOptions>(PROXY_OPTIONS, given, 'startContractProxy');
  // Set once listening: the allowed names carry the port.
  let access: Pick<ControlAccess, 'hosts'> = { hosts: new Set() };
  const proxy = contractProxyListener(options, () => access);
  const server: Server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, proxy.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const { host } = options;
  access = controlAccess(host, port, options.allowedHosts, []);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    summary: proxy.summary,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => void proxy.close().then(resolve));
        server.closeIdleConnections();
      }),
  };
}

/** The contract proxy as a node:http listener through the one node bridge; `access` gives the Host names it answers. */
export function contractProxyListener(options: ResolvedProxyOptions, access: () => Pick<ControlAccess, 'hosts'>) {
  const proxy = contractProxy(options, access);
  const listener = serveFetch(proxy.handle, {
    internalError: () => answerOf(sendable(errorEnvelope(500, 'INTERNAL_ERROR', 'The proxy failed.'))),
    methodNotAllowed: (method) =>
      answerOf(sendable(errorEnvelope(405, 'METHOD_NOT_ALLOWED', `The contract proxy cannot forward ${method}.`))),
  });
  return { ...proxy, listener };
}

/** The contract proxy as a Fetch handler (`handle`). */
function contractProxy(options: ResolvedProxyOptions, access: () => Pick<ControlAccess, 'hosts'>) {
  const target = new URL(options.target);
  const base = (target.origin + target.pathname).replace(/\/+$/, '');
  const basePath = target.pathname.replace(/\/+$/, '');
  const checker = new ContractChecker();
  const summary: ProxySummary = { exchanges: 0, violations: 0, unanswered: 0, byOperation: {} };
  const record = recordFile(options);
  const { bodyLimit, answerLimit, timeoutMs } = options;

  const report = (found: Violation[]) => {
    for (const violation of found) {
      summary.violations++;
      summary.byOperation[violation.operation] = (summary.byOperation[violation.operation] ?? 0) + 1;
      options.onViolation?.(violation);
    }
  };

  async function handle(request: Request): Promise<Response> {
    const { method } = request;
    const url = new URL(request.url);
    const upstream = new URL(base + url.pathname + url.search);
    const refused =
      hostOf(request, access()) ?? (options.forwardControl ? undefined : controlRefusal(upstream.pathname, basePath));
    if (refused !== undefined) return answerOf(refused, { connection: 'close' });
    const sent = await readRequest(request, bodyLimit);
    if (sent instanceof Response) return sent;
    summary.exchanges++;
    const shownPath = redactPath(url.pathname);
    // The checker names an unknown operation by its path, which may hold a key (`PUT /__mock/keys/{key}`).
    const shown = (violations: Violation[]): Violation[] =>
      shownPath === url.pathname
        ? violations
        : violations.map((v) => ({ ...v, operation: v.operation.split(url.pathname).join(shownPath) }));
    const found = shown(checker.checkRequest(method, url.pathname, url.searchParams, sent.headers, sent.text));
    report(found);
    // A stalled target or a client gone ends the exchange.
    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
    let answer: { response: Response; text: string };
    try {
      answer = await forward(upstream, method, sent, signal, answerLimit);
    } catch (error) {
      summary.unanswered++;
      options.onExchange?.({ method, path: shownPath, status: null, violations: found.length });
      return unanswered(error, signal, options);
    }
    const { response, text } = answer;
    const all = [
      ...found,
      ...shown(checker.checkResponse(method, url.pathname, response.status, response.headers, text)),
    ];
    report(all.slice(found.length));
    options.onExchange?.({ method, path: shownPath, status: response.status, violations: all.length });
    if (record.on || options.onRecord) {
      const exchange = recorded(method, shownPath, url.search, sent, response, text, all);
      options.onRecord?.(exchange);
      record.write(exchange);
    }
    const out = answerHeaders(response, text, options.violationsHeader ? all : []);
    return new Response(text === '' ? null : text, { status: response.status, headers: out });
  }

  return {
    handle,
    summary: (): ProxySummary => structuredClone(summary),
    /** Ends the record file. */
    close: record.close,
  };
}

class AnswerTooLarge extends Error {}

/** An exchange as it is recorded: the path, query and headers with no key. */
function recorded(
  method: string,
  path: string,
  search: string,
  sent: Sent,
  response: Response,
  text: string,
  violations: Violation[],
): RecordedExchange {
  // The request's key wherever the target echoed it, as sent, percent-encoded or in base64.
  const key = sent.headers.get('x-api-key');
  const forms = key ? [key, encodeURIComponent(key), Buffer.from(key).toString('base64')] : [];
  const hide = (value: string) => forms.reduce((shown, form) => shown.split(form).join(REDACTED), value);
  return {
    time: new Date().toISOString(),
    request: {
      method,
      path: hide(path),
      query: hide(redactQuery(search)),
      headers: redactHeaders(sent.headers),
      body: parsed(hide(sent.text)),
    },
    response: { status: response.status, headers: redactHeaders(response.headers, hide), body: parsed(hide(text)) },
    violations,
  };
}

/** The `record` file, a JSON line per exchange; a write error stops it (`on` false). */
function recordFile(options: ResolvedProxyOptions) {
  const stream: WriteStream | undefined =
    options.record === undefined ? undefined : createWriteStream(options.record, { flags: 'a' });
  const file = {
    on: stream !== undefined,
    write: (exchange: RecordedExchange) => file.on && stream!.write(`${JSON.stringify(exchange)}\n`),
    close: () => new Promise<void>((resolve) => (stream ? stream.end(() => resolve()) : resolve())),
  };
  stream?.on('error', (error) => {
    file.on = false;
    options.onRecordError?.(error);
  });
  return file;
}

type Sent = { headers: Headers; body: Uint8Array; text: string };

/** The request's forwardable headers and body, or the 413 past `bodyLimit`. */
async function readRequest(request: Request, bodyLimit: number): Promise<Sent | Response> {
  const tooLarge = () =>
    answerOf(sendable(payloadTooLarge(bodyLimit)), {
      'content-type': errorMediaType(request.headers.get('accept') ?? undefined),
      connection: 'close',
    });
  if (Number(request.headers.get('content-length')) > bodyLimit) return tooLarge();
  const body =
    request.method === 'GET' || request.method === 'HEAD'
      ? new Uint8Array(0)
      : await readAtMost(request.body, bodyLimit);
  if (body === undefined) return tooLarge();
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers.append(name, value);
  });
  return { headers, body, text: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8') };
}

/** The target's answer and its text, up to `answerLimit`; redirects passed on. */
async function forward(upstream: URL, method: string, sent: Sent, signal: AbortSignal, answerLimit: number) {
  const bodyless = method === 'GET' || method === 'HEAD' || sent.body.byteLength === 0;
  const response = await fetch(upstream, {
    method,
    headers: sent.headers,
    body: bodyless ? undefined : (sent.body as Uint8Array<ArrayBuffer>),
    redirect: 'manual',
    signal,
  });
  if (method === 'HEAD') return { response, text: '' };
  const answer = await readAtMost(response.body, answerLimit);
  if (answer === undefined) throw new AnswerTooLarge();
  return { response, text: Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength).toString('utf8') };
}

/** The 502 or 504 of an exchange the target did not answer. */
function unanswered(error: unknown, signal: AbortSignal, { answerLimit, timeoutMs }: ResolvedProxyOptions): Response {
  const why =
    error instanceof AnswerTooLarge
      ? `The target's answer exceeds ${answerLimit} bytes.`
      : signal.aborted
        ? `The target did not answer within ${timeoutMs} ms.`
        : 'The target did not answer.';
  return answerOf(
    sendable(errorEnvelope(signal.aborted ? 504 : 502, signal.aborted ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY', why)),
  );
}

/** The target's headers as they go out: no hop-by-hop, encoding or stale length. */
function answerHeaders(response: Response, text: string, violations: Violation[]): Headers {
  const out = new Headers();
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== 'content-encoding' && name !== 'set-cookie') out.set(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) out.append('set-cookie', cookie);
  out.set('content-length', String(Buffer.byteLength(text)));
  if (violations.length > 0) out.set(VIOLATIONS_HEADER, violationsHeader(violations));
  return out;
}

/** The header `violationsHeader` adds to an answer that broke the contract, and the most bytes it takes. */
export const VIOLATIONS_HEADER = 'x-contract-violations';
const VIOLATIONS_HEADER_BYTES = 8 * 1024;

/** The violations as the header's JSON: ASCII only, the first ones that fit. */
function violationsHeader(violations: Violation[]): string {
  const ascii = (text: string) =>
    text.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const kept: string[] = [];
  let length = 2;
  for (const violation of violations) {
    const text = ascii(JSON.stringify(violation));
    if (length + text.length + (kept.length > 0 ? 1 : 0) > VIOLATIONS_HEADER_BYTES) break;
    length += text.length + (kept.length > 0 ? 1 : 0);
    kept.push(text);
  }
  return `[${kept.join(',')}]`;
}

/** A body's bytes, or `undefined` past `limit` bytes (read chunk by chunk, given up then). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | undefined> {
  if (body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}

/** The proxy's own answer (an envelope) as a Response. */
function answerOf(answer: JsonAnswer, extra: Record<string, string> = {}): Response {
  return new Response(answer.body, { status: answer.status, headers: { ...answer.headers, ...extra } });
}

/** The 403 for a request not addressed to one of the proxy's names: its Host header and its URL's host must both be allowed. */
function hostOf(request: Request, access: Pick<ControlAccess, 'hosts'>): JsonAnswer | undefined {
  const header = request.headers.get('host') ?? undefined;
  return (
    hostRefusal(header, access, 'The contract proxy') ??
    hostRefusal(new URL(request.url).host, access, 'The contract proxy')
  );
}

/** The 403 for a request to the mock's control API, under the target's `basePath` or at its root. */
function controlRefusal(path: string, basePath: string): JsonAnswer | undefined {
  const isControl = (p: string) => p === CONTROL_PREFIX || p.startsWith(`${CONTROL_PREFIX}/`);
  if (!isControl(path) && !(path.startsWith(`${basePath}/`) && isControl(path.slice(basePath.length))))
    return undefined;
  return sendable(
    errorEnvelope(
      403,
      'FORBIDDEN',
      `The contract proxy does not forward the mock's control API (${CONTROL_PREFIX}); start it with --forward-control (forwardControl) to check a mock's control routes through it.`,
    ),
  );
}

/** Headers as recorded: credentials and any header whose name mentions a key redacted. */
function redactHeaders(headers: Headers, hide = (value: string) => value): Record<string, string> {
  const out = dictionary<string>();
  headers.forEach((value, name) => {
    out[name] = SECRET_HEADERS.has(name) || mentionsKey(name) ? REDACTED : hide(value);
  });
  return out;
}

function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
