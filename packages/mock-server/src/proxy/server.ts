import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '../node/body.js';
import { errorAnswer } from '../node/envelope.js';
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
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length', 'accept-encoding']);
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
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TypeError(`--target must be an http(s) URL, got ${JSON.stringify(options.target)}.`);
  const base = (target.origin + target.pathname).replace(/\/+$/, '');
  const checker = new ContractChecker();
  const summary: ProxySummary = { exchanges: 0, violations: 0, unreachable: 0, byOperation: {} };
  const record: WriteStream | undefined = options.record === undefined ? undefined : createWriteStream(options.record, { flags: 'a' });
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

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
        const answer = errorAnswer(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${bodyLimit} bytes.`);
        if (body.kind === 'too-large') res.writeHead(answer.status, { ...answer.headers, connection: 'close' }).end(answer.body);
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
      let response: Response;
      try {
        response = await fetch(base + target, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : (body.body as Uint8Array<ArrayBuffer> | undefined), redirect: 'manual' });
      } catch (error) {
        summary.unreachable++;
        const answer = errorAnswer(502, 'BAD_GATEWAY', 'The target did not answer.');
        res.writeHead(answer.status, answer.headers).end(answer.body);
        options.onExchange?.({ method, path: redactPath(url.pathname), status: null, violations: found.length });
        void error;
        return;
      }
      const answerText = method === 'HEAD' ? '' : await response.text();
      const answerFound = checker.checkResponse(method, url.pathname, response.status, response.headers, answerText);
      report(answerFound);
      const out: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        // fetch decoded the body: its encoding and length are no longer what goes out.
        if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out[name] = value;
      });
      res.writeHead(response.status, { ...out, 'content-length': String(Buffer.byteLength(answerText)) }).end(answerText);
      options.onExchange?.({ method, path: redactPath(url.pathname), status: response.status, violations: found.length + answerFound.length });
      record?.write(
        `${JSON.stringify({
          time: new Date().toISOString(),
          request: { method, path: redactPath(url.pathname), query: url.search, headers: redactHeaders(headers), body: parsed(bodyText) },
          response: { status: response.status, headers: redactHeaders(response.headers), body: parsed(answerText) },
          violations: [...found, ...answerFound],
        })}\n`,
      );
    })().catch(() => {
      if (!res.headersSent) {
        const answer = errorAnswer(500, 'INTERNAL_ERROR', 'The proxy failed.');
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
