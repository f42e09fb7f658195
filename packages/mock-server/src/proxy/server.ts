import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '../node/body.js';
import { errorEnvelope, payloadTooLarge } from '../errors/envelopes.js';
import { errorMediaType } from '../negotiation/negotiate.js';
import { sendable } from '../node/json.js';
import { pathAndQuery } from '../node/request.js';
import { REDACTED, redactPath } from '../recording/redaction.js';
import { ContractChecker, type Violation } from './contract.js';

export interface ContractProxyOptions {
  /** The service every request is forwarded to, such as `https://api.example.com` (its path is a prefix). */
  target: string;
  port?: number;
  host?: string;
  /** Called for each violation as it is found. */
  onViolation?: (violation: Violation) => void;
  /** Called once per exchange, after its checks. */
  onExchange?: (exchange: { method: string; path: string; status: number | null; violations: number }) => void;
  /** Append each exchange to this file as one JSON line, API keys redacted. */
  record?: string;
  /** Largest request body forwarded, in bytes. Default 1 MiB. */
  bodyLimit?: number;
  /** Largest answer read from the target, in bytes; a larger one is a 502 and counts as unanswered. Default 32 MiB. */
  answerLimit?: number;
  /** How long the target may take to answer, in ms; then 504 and unanswered. Default 60 000. */
  timeoutMs?: number;
  /** Called when recording fails (the proxy goes on without recording). */
  onRecordError?: (error: Error) => void;
}

export interface ContractProxy {
  url: string;
  /** Violations and exchanges so far. */
  summary(): ProxySummary;
  close(): Promise<void>;
}

export interface ProxySummary {
  exchanges: number;
  violations: number;
  /** Requests the target did not answer (no violation: nothing to check). */
  unreachable: number;
  byOperation: Record<string, number>;
}

/** Headers that belong to one connection (RFC 9110 7.6.1), and the ones fetch recomputes: never forwarded. */
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
 * A proxy in front of a real service that checks the contract: each request
 * and each answer is validated against openapi.yaml on the way through, and
 * passed on unchanged (redirects included: they are the client's to follow).
 *
 * @example
 * const proxy = await startContractProxy({ target: 'https://api.example.com', onViolation: console.warn });
 * // point the client at proxy.url; later:
 * console.log(proxy.summary());
 * await proxy.close();
 */
export async function startContractProxy(options: ContractProxyOptions): Promise<ContractProxy> {
  const target = new URL(options.target);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new TypeError(`--target must be an http(s) URL, got ${JSON.stringify(options.target)}.`);
  const base = (target.origin + target.pathname).replace(/\/+$/, '');
  const checker = new ContractChecker();
  const summary: ProxySummary = { exchanges: 0, violations: 0, unreachable: 0, byOperation: {} };
  const record: WriteStream | undefined = options.record === undefined ? undefined : createWriteStream(options.record, { flags: 'a' });
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  const answerLimit = options.answerLimit ?? 32 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let recording = record !== undefined;
  record?.on('error', (error) => {
    recording = false;
    options.onRecordError?.(error);
  });

  const report = (found: Violation[]) => {
    for (const violation of found) {
      summary.violations++;
      summary.byOperation[violation.operation] = (summary.byOperation[violation.operation] ?? 0) + 1;
      options.onViolation?.(violation);
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const target = pathAndQuery(req.url ?? '/');
      const url = new URL(target, 'http://proxy.invalid');
      const body = await readBody(req, bodyLimit);
      if (body.kind !== 'ok') {
        const answer = sendable(payloadTooLarge(bodyLimit));
        // Negotiated as the service's errors are (D108): the proxy stands for the service on its routes.
        if (body.kind === 'too-large')
          res.writeHead(answer.status, { ...answer.headers, 'content-type': errorMediaType(req.headers.accept), connection: 'close' }).end(answer.body);
        return;
      }
      const bodyText = body.body?.toString('utf8') ?? '';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
      }
      summary.exchanges++;
      const found = checker.checkRequest(method, url.pathname, url.searchParams, headers, bodyText);
      report(found);
      // A stalled target, or a client that went away, ends the exchange.
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(timeoutMs)]);
      let response: Response;
      let answerText: string;
      try {
        response = await fetch(base + target, {
          method,
          headers,
          body: method === 'GET' || method === 'HEAD' ? undefined : (body.body as Uint8Array<ArrayBuffer> | undefined),
          redirect: 'manual',
          signal,
        });
        answerText = method === 'HEAD' ? '' : await boundedText(response, answerLimit);
      } catch (error) {
        summary.unreachable++;
        const why =
          error instanceof AnswerTooLarge
            ? `The target's answer exceeds ${answerLimit} bytes.`
            : signal.aborted
              ? `The target did not answer within ${timeoutMs} ms.`
              : 'The target did not answer.';
        const answer = sendable(errorEnvelope(signal.aborted ? 504 : 502, signal.aborted ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY', why));
        if (!res.destroyed) res.writeHead(answer.status, answer.headers).end(answer.body);
        options.onExchange?.({ method, path: redactPath(url.pathname), status: null, violations: found.length });
        return;
      }
      const answerFound = checker.checkResponse(method, url.pathname, response.status, response.headers, answerText);
      report(answerFound);
      const out: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        // fetch decoded the body: its encoding and length are no longer what goes out.
        if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out[name] = value;
      });
      res.writeHead(response.status, { ...out, 'content-length': String(Buffer.byteLength(answerText)) }).end(answerText);
      options.onExchange?.({ method, path: redactPath(url.pathname), status: response.status, violations: found.length + answerFound.length });
      if (recording)
        record!.write(
          `${JSON.stringify({
            time: new Date().toISOString(),
            request: { method, path: redactPath(url.pathname), query: url.search, headers: redactHeaders(headers), body: parsed(bodyText) },
            response: { status: response.status, headers: redactHeaders(response.headers), body: parsed(answerText) },
            violations: [...found, ...answerFound],
          })}\n`,
        );
    })().catch(() => {
      if (!res.headersSent) {
        const answer = sendable(errorEnvelope(500, 'INTERNAL_ERROR', 'The proxy failed.'));
        res.writeHead(answer.status, answer.headers).end(answer.body);
      } else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    summary: () => structuredClone(summary),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => (record ? record.end(() => resolve()) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

class AnswerTooLarge extends Error {}

/** The answer's text, read chunk by chunk and given up past `limit` bytes (a hostile target cannot fill the memory). */
async function boundedText(response: Response, limit: number): Promise<string> {
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRET_HEADERS.has(name) ? REDACTED : value;
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
