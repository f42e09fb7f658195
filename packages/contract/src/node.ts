/// <reference types="node" />
/**
 * The one bridge between `node:http` and a Fetch-standard handler (the SDK's `proxy/node`, the mock's server).
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dictionary } from './validate/schema.js';

/** A `node:http` request listener, also an Express/Connect middleware (`next` receives a handler's failure). */
export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => Promise<void>;

/** The answers the bridge gives itself, in its caller's envelope. */
export interface BridgeAnswers {
  /** The handler threw (outside Express). */
  internalError(): Response;
  /** A method no `Request` can carry; the bridge adds `Allow`. */
  methodNotAllowed(method: string): Response;
}

/**
 * Serves a Fetch-standard handler over `node:http`: the request streamed in (the URL from `originalUrl` under Express),
 * the answer streamed back with backpressure; a disconnect aborts the request's signal. A handler that throws goes to
 * `next(error)` under Express, else `own.internalError()`; a method a `Request` cannot carry gets `own.methodNotAllowed`.
 */
export function serveFetch(handler: (request: Request) => Promise<Response>, own: BridgeAnswers): NodeHandler {
  return async (req, res, next) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new DOMException('The client closed the connection.', 'AbortError'));
    });

    let request: Request | undefined;
    try {
      request = await toRequest(req, controller.signal);
    } catch {
      // The client went away while sending its body.
      res.destroy();
      return;
    }
    let response: Response;
    if (request === undefined) {
      // A method no Fetch handler can be given (TRACE): answered here, never left hanging.
      response = own.methodNotAllowed(req.method ?? '');
      response.headers.set('allow', ALLOW);
    } else {
      try {
        response = await handler(request);
      } catch (error) {
        if (next !== undefined) return next(error);
        if (res.headersSent || res.destroyed) return;
        response = own.internalError();
      }
    }
    await writeResponse(req, res, response);
  };
}

/** The methods a Fetch `Request` carries (it refuses TRACE, TRACK and CONNECT): the `Allow` of the bridge's own 405. */
const ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
/** Answers up to this size are written at once, with a Content-Length. */
const SMALL_ANSWER = 64 * 1024;
/** Request bodies up to this declared size are read before the handler is called. */
const SMALL_BODY = 64 * 1024;

/** The `Request` for `req`; `undefined` when Fetch refuses its method. Rejects when the client breaks off its body. */
async function toRequest(req: IncomingMessage, signal: AbortSignal): Promise<Request | undefined> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    try {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else headers.set(name, value);
    } catch {}
  }
  const secure = (req.socket as { encrypted?: boolean }).encrypted === true;
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  let url: URL;
  try {
    url = new URL(target, `${secure ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`);
  } catch {
    url = new URL(target.startsWith('/') ? target : '/', 'http://localhost');
  }
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    const declared = req.headers['content-length'] === undefined ? Number.NaN : Number(req.headers['content-length']);
    if (req.headers['transfer-encoding'] === undefined && declared <= SMALL_BODY) {
      init.body = (await readSmallBody(req)) as BodyInit;
    } else {
      init.body = bodyStream(req);
      init.duplex = 'half';
    }
  }
  try {
    return new Request(url, init);
  } catch {
    return undefined;
  }
}

/**
 * A small body with a Content-Length is read before the Request is built (cheaper than a stream); others stream.
 */
async function readSmallBody(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/**
 * The request's body as a web stream pulling from `req`; cancelling it pauses `req`, so a 413 can still be written.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(stream) {
        req.on('data', (chunk: Buffer) => {
          if (done) return;
          stream.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((stream.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => {
          if (done) return;
          done = true;
          stream.close();
        });
        // Node reports a client that goes away mid-body as an error ('aborted') on the request.
        req.on('error', (error) => {
          if (done) return;
          done = true;
          stream.error(error);
        });
        req.pause();
      },
      pull() {
        if (!done) req.resume();
      },
      cancel() {
        done = true;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  if (res.destroyed) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  const headers = dictionary<string | string[]>();
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  // The handler did not read the whole body (a 413): close rather than read the rest.
  if (!req.complete) headers.connection = 'close';
  if (response.body === null) {
    res.writeHead(response.status, response.statusText || undefined, headers).end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = () =>
    void reader.cancel(new DOMException('The client closed the connection.', 'AbortError')).catch(() => {});
  res.on('close', onClose);
  try {
    // A small answer is written in one piece with its Content-Length; a larger one streams.
    const head: Uint8Array[] = [];
    let size = 0;
    let done = false;
    while (size <= SMALL_ANSWER) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        break;
      }
      head.push(next.value);
      size += next.value.byteLength;
    }
    if (res.destroyed) return;
    if (done) {
      if (headers['content-length'] === undefined) headers['content-length'] = String(size);
      res
        .writeHead(response.status, response.statusText || undefined, headers)
        .end(head.length === 1 ? head[0] : Buffer.concat(head, size));
      return;
    }
    res.writeHead(response.status, response.statusText || undefined, headers);
    for (const chunk of head) if (!res.write(chunk)) await drained(res);
    for (;;) {
      if (res.destroyed) return;
      const { done: end, value } = await reader.read();
      if (end) break;
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    res.off('close', onClose);
  }
}

/** Resolves when `res` can take more (its `drain`), or is gone. */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
