import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { MAX_HEADER_BYTES } from '../defaults.js';
import type { AddressInfo } from 'node:net';
import { readBody } from './body.js';
import { CONTROL_PREFIX, controlAnswer, HEALTH_PATH } from './control.js';
import { recordings } from './recordings.js';
import {
  controlAccess,
  controlCorsHeaders,
  controlPreflightHeaders,
  controlRefusal,
  type ControlAccess,
} from './control-access.js';
import { corsHeaders, isPreflight, preflightHeaders } from './cors.js';
import { jsonAnswer, sendable, type JsonAnswer } from './json.js';
import { loggablePath } from './log.js';
import { mockVersion, openApiDocument } from './openapi-file.js';
import type { ResolvedServerOptions } from './options.js';
import { pathAndQuery, pathOf, toMockRequest } from './request.js';
import {
  ABORTED,
  ANSWER_CHUNK_BYTES,
  DROP_AFTER_HEADERS,
  DROP_BEFORE_HEADERS,
  type ChunkedBody,
} from '../answer-types.js';
import { errorEnvelope, internalError, methodNotAllowed, payloadTooLarge, routeNotFound } from '../errors/envelopes.js';
import { errorMediaType } from '../negotiation/negotiate.js';
import { allowedMethods } from '../routes/table.js';
import type { ServedMock } from './types.js';

export interface ListeningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** What the server's parts share. */
interface Served {
  mock: ServedMock;
  options: ResolvedServerOptions;
  contract: ReturnType<typeof openApiDocument>;
  inFlight: Set<AbortController>;
  origin: string;
  access: ControlAccess;
  closing: Promise<void> | undefined;
  listeningSince: number;
  close: () => Promise<void>;
  recorder: ReturnType<typeof recordings>;
}

/**
 * Serves `mock` over node:http: each request becomes the plain request of `mock.answer`, its answer written back.
 * Around it only what a network server needs: CORS, the body limit, the control API, `/openapi.yaml`, health, logs, shutdown.
 */
export async function serveMock(mock: ServedMock, options: ResolvedServerOptions): Promise<ListeningServer> {
  const served: Served = {
    mock,
    options,
    contract: openApiDocument(),
    inFlight: new Set(),
    origin: '',
    access: { origins: [], hosts: new Set() },
    closing: undefined,
    listeningSince: 0,
    close: () => close(served, server),
    recorder: recordings(mock, options.bodyLimit, () => served.access.hosts),
  };
  // Headers up to 64 KiB, not Node's 16: a history query may repeat departureDate 366 times.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => serve(served, server, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  served.listeningSince = performance.now();
  const address = server.address() as AddressInfo;
  // The host as given, not the address it resolved to.
  const host = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  served.origin = `http://${host}:${address.port}`;
  served.access = controlAccess(options.host, address.port, options.allowedHosts, options.controlOrigins);
  return { url: served.origin, server, close: served.close };
}

/** One request: its abort signal, its log line, and its answer. */
function serve(served: Served, server: Server, req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  // Made only when a rule asks for it: an AbortSignal is not free.
  let controller: AbortController | undefined;
  let gone = false;
  const aborted = () => gone || controller?.signal.aborted === true;
  const signal = () => {
    controller ??= new AbortController();
    served.inFlight.add(controller);
    return controller.signal;
  };
  res.on('close', () => {
    if (!res.writableFinished) gone = true;
    if (controller !== undefined) {
      served.inFlight.delete(controller);
      if (!res.writableFinished) controller.abort(new Error('The client closed the connection.'));
    }
    if (served.closing !== undefined) setImmediate(() => server.closeIdleConnections());
    logLine(served.options, req, res, started);
  });
  dispatch(served, req, res, signal, aborted).catch(() => {
    if (!res.headersSent && !res.destroyed) writeAnswer(served, req, res, sendable(internalError()));
    else res.destroy();
  });
}

/** The request's log line; a failing logger must not take the server down. */
function logLine(options: ResolvedServerOptions, req: IncomingMessage, res: ServerResponse, started: number): void {
  if (!options.log) return;
  try {
    options.log({
      method: req.method ?? 'GET',
      path: loggablePath(req.url ?? '/'),
      status: res.writableFinished ? res.statusCode : null,
      durationMs: performance.now() - started,
    });
  } catch {}
}

/** Routes a request: health, the control API's doors, preflights, the contract, then the body and the mock. */
async function dispatch(
  served: Served,
  req: IncomingMessage,
  res: ServerResponse,
  signal: () => AbortSignal,
  aborted: () => boolean,
): Promise<void> {
  const { options } = served;
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  const path = pathOf(target);
  if (path === HEALTH_PATH) return writeAnswer(served, req, res, health(served, method));
  const isControl = path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
  if (isControl ? controlDoor(served, req, res, method, path) : preflight(served, req, res)) return;
  if (path === '/openapi.yaml' && (method === 'GET' || method === 'HEAD')) {
    writeAnswer(served, req, res, {
      status: 200,
      headers: { 'content-type': 'application/yaml; charset=utf-8' },
      body: await served.contract(),
    });
    return;
  }
  const forward = isControl ? undefined : served.recorder.listener();
  if (forward) {
    // A recorded answer carries the mock's CORS headers, not the upstream's.
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, text: string, headers: OutgoingHttpHeaders) => {
      const own = Object.entries(headers).filter(([name]) => !name.startsWith('access-control-'));
      return writeHead(status, text, { ...Object.fromEntries(own), ...corsHeaders(req, options.cors) });
    }) as typeof res.writeHead;
    return forward(req, res);
  }

  const body = await readBody(req, options.bodyLimit);
  if (body.kind === 'aborted') return;
  if (body.kind === 'too-large') {
    const answer = sendable(payloadTooLarge(options.bodyLimit));
    // Close instead of reading the rest of the body; a service route's 413 is negotiated, the control API's plain JSON.
    answer.headers.connection = 'close';
    if (!isControl) answer.headers['content-type'] = errorMediaType(req.headers.accept);
    return writeAnswer(served, req, res, answer, isControl || undefined);
  }
  if (isControl) {
    // POST /__mock/shutdown: once its answer is written.
    const shutdown = () => res.once('close', () => (options.onShutdown ?? served.close)());
    return writeAnswer(
      served,
      req,
      res,
      await controlAnswer(served.mock, method, path, body.body, searchOf(target), {
        shutdown,
        recordings: served.recorder,
      }),
      true,
    );
  }

  const result = await served.mock.answer(toMockRequest(req, served.origin, body.body, signal, aborted));
  if (result === null) return writeAnswer(served, req, res, notFound(method, path));
  if (result === ABORTED || result === DROP_BEFORE_HEADERS) return void res.destroy();
  if (result === DROP_AFTER_HEADERS) return dropAfterHeaders(res);
  return writeAnswer(served, req, res, result);
}

/** Answers a control request that does not get through (`true`): a 404 without `control`, a 403, or its preflight. */
function controlDoor(served: Served, req: IncomingMessage, res: ServerResponse, method: string, path: string): boolean {
  if (!served.options.control) {
    writeAnswer(served, req, res, notFound(method, path), false);
    return true;
  }
  const refused = controlRefusal(req, served.access);
  // Refused before the body is read: Connection: close keeps it from the next request.
  if (refused !== undefined)
    writeAnswer(served, req, res, { ...refused, headers: { ...refused.headers, connection: 'close' } }, false);
  else if (isPreflight(req)) res.writeHead(204, { ...controlCorsHeaders(req), ...controlPreflightHeaders(req) }).end();
  else return false;
  return true;
}

function preflight(served: Served, req: IncomingMessage, res: ServerResponse): boolean {
  if (!isPreflight(req)) return false;
  const cors = corsHeaders(req, served.options.cors);
  res.writeHead(204, cors === null ? {} : { ...cors, ...preflightHeaders(req) }).end();
  return true;
}

/** `GET /__mock/health`: readiness, version and uptime only, so it is open without `--control` and to any Host. */
function health(served: Served, method: string): JsonAnswer {
  if (method !== 'GET' && method !== 'HEAD')
    return sendable(
      errorEnvelope(405, 'METHOD_NOT_ALLOWED', 'Use GET or HEAD on /__mock/health.', {}, { allow: 'GET, HEAD' }),
    );
  const ready = served.closing === undefined;
  return jsonAnswer(
    ready ? 200 : 503,
    { ready, version: mockVersion(), uptimeMs: Math.floor(performance.now() - served.listeningSince) },
    { 'cache-control': 'no-store' },
  );
}

/** `cors`: the service's CORS headers (the default), an allowed control request's own (`true`), or none (`false`). */
function writeAnswer(
  served: Served,
  req: IncomingMessage,
  res: ServerResponse,
  answer: JsonAnswer | { status: number; headers: Record<string, string>; body: string | Uint8Array | ChunkedBody },
  cors?: boolean,
): void {
  if (res.destroyed) return;
  const corsPart = cors === undefined ? corsHeaders(req, served.options.cors) : cors ? controlCorsHeaders(req) : null;
  const headers: Record<string, string> = { ...answer.headers, ...corsPart };
  const body = answer.body;
  const chunked = typeof body === 'object' && !(body instanceof Uint8Array);
  headers['content-length'] = String(chunked ? body.length : Buffer.byteLength(body));
  if (served.closing !== undefined) headers.connection = 'close';
  res.writeHead(answer.status, headers);
  // node:http itself leaves the body out of a HEAD answer and keeps its Content-Length.
  if (!chunked) res.end(body);
  else if (req.method === 'HEAD') res.end();
  else writeChunks(res, body).catch(() => res.destroy());
}

/** Stops taking connections, closes idle ones, and aborts what is still in flight after `shutdownTimeoutMs`. */
function close(served: Served, server: Server): Promise<void> {
  served.closing ??= new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    const force = setTimeout(() => {
      for (const controller of served.inFlight) controller.abort(new Error('The server is shutting down.'));
      server.closeAllConnections();
    }, served.options.shutdownTimeoutMs());
    force.unref();
    server.once('close', () => clearTimeout(force));
  });
  return served.closing;
}

/** A request no route took: 405 with `Allow` for a service path's other method, else 404. */
function notFound(method: string, path: string): JsonAnswer {
  const allow = allowedMethods(path);
  return sendable(allow === undefined ? routeNotFound(method, path) : methodNotAllowed(method, path, allow));
}

function searchOf(target: string): string {
  const full = pathAndQuery(target);
  const query = full.indexOf('?');
  return query === -1 ? '' : full.slice(query);
}

/**
 * Writes a body a group of pieces (about {@link ANSWER_CHUNK_BYTES}, one reused buffer) per turn of the event loop,
 * never faster than the client reads: one write of a megabyte is a long copy every other request waits behind.
 */
async function writeChunks(res: ServerResponse, body: ChunkedBody): Promise<void> {
  const { chunks, paceMs } = body;
  // A trickled body (a `trickleMs` fault): each piece alone, `paceMs` apart.
  for (let next = 0; paceMs !== undefined && next < chunks.length; next++) {
    if (next > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
    if (res.destroyed) return;
    await written(res, chunks[next]!);
  }
  if (paceMs !== undefined) return void res.end();
  const group = Buffer.allocUnsafeSlow(ANSWER_CHUNK_BYTES);
  let next = 0;
  while (next < chunks.length) {
    if (res.destroyed) return;
    let size = 0;
    let out: Uint8Array | string;
    if (Buffer.byteLength(chunks[next]!) >= ANSWER_CHUNK_BYTES) out = chunks[next++]!;
    else {
      while (next < chunks.length && size + Buffer.byteLength(chunks[next]!) <= ANSWER_CHUNK_BYTES)
        size += group.write(chunks[next++]!, size);
      out = group.subarray(0, size);
    }
    if (next >= chunks.length) {
      res.end(out);
      return;
    }
    await written(res, out);
    // Even after a drain: answers draining in one poll phase must not all write ahead of other requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}

/** Writes `bytes`; resolves once the socket has taken them or the connection closed. */
function written(res: ServerResponse, bytes: Uint8Array | string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('close', done);
      resolve();
    };
    res.once('close', done);
    res.write(bytes, done);
  });
}

/** A `drop: 'after-headers'` fault: the headers of a 200 announcing a body go out, then the connection is cut. */
function dropAfterHeaders(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1024' });
  res.flushHeaders();
  // Next turn: the headers go out first.
  setImmediate(() => res.destroy());
}
