// A hostile HTTP/1.1 peer on 127.0.0.1, written on node:net rather than node:http: its answers break
// the contract on purpose (redirects, broken 200s, endless bodies), and node:http servers of this
// process are checked against openapi.yaml by the contract hook (and their bodies kept in memory).
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface RawRequest {
  method: string;
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** Starts a server that reads one request per connection and hands it, with the socket, to `answer`. */
export async function rawServer(answer: (request: RawRequest, socket: Socket) => void) {
  const requests: RawRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {}); // the client resetting the connection is what some tests want
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [line = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (buffer.length < end + 4 + length) return;
      socket.off('data', onData);
      const [method = '', path = ''] = line.split(' ');
      const request = { method, path, headers, body: buffer.subarray(end + 4, end + 4 + length).toString() };
      requests.push(request);
      answer(request, socket);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The head of an answer: status line and headers, `Connection: close` added. */
export const head = (status: number, headers: Record<string, string | number> = {}) =>
  `HTTP/1.1 ${status} Status\r\n${Object.entries({ ...headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

/** Writes a whole answer with its Content-Length and closes the connection. */
export function reply(socket: Socket, status: number, body = '', headers: Record<string, string> = {}) {
  socket.end(
    head(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers }) + body,
  );
}
