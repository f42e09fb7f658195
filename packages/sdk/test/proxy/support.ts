import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import type { KeySettings } from '../../../mock-server/src/index.js';
import { notTheService } from '../../../mock-server/test/support/contract-hook.js';
import { toNodeHandler } from '../../src/proxy/node.js';

/** The key the app's server holds; the proxy sends it. */
export const SERVER_KEY = 'server-secret-key-0123456789';
/** A key a browser sends on its own: valid at the mock, so spending it would show in its quota. */
export const BROWSER_KEY = 'browser-own-key-9876543210';
export const PREFIX = '/api/flight-search';
/** The origin of the app's pages, where the proxy is mounted. */
export const APP = 'https://app.example.test';

export const keys = (): KeySettings[] => [
  { key: SERVER_KEY, limit: 100, consumed: 0, products: ['search', 'history'] },
  { key: BROWSER_KEY, limit: 100, consumed: 0, products: ['search', 'history'] },
];

export const MiB = 1024 * 1024;

/** A valid ONE_WAY MILES search (the mock tests' own); override any field. */
export { validSearch as searchBody } from '../../../mock-server/test/support/msw.js';

export const historyQuery =
  '?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&airlineLoyalty=PROGRAM_4&lookbackDays=30';

/** What a browser sends: its own credentials on top of the request, which the proxy must drop. */
export const browserHeaders = {
  accept: 'application/vnd.service.v1+json',
  'x-api-key': BROWSER_KEY,
  cookie: 'session=abc123',
  authorization: 'Bearer browser-token',
  'x-forwarded-for': '203.0.113.7',
  'user-agent': 'Mozilla/5.0 (test)',
};

/** A request to the proxy as the browser makes it, on the app's origin. */
export function browserRequest(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    origin?: string;
  } = {},
): Request {
  const { method = init.body === undefined ? 'GET' : 'POST', body, headers = {}, signal, origin = APP } = init;
  const allHeaders: Record<string, string> = { ...browserHeaders, ...headers };
  if (body !== undefined) allHeaders['content-type'] ??= 'application/json';
  return new Request(`${origin}${PREFIX}${path}`, {
    method,
    headers: allHeaders,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

/** Headers as a plain object, for comparisons. */
export const headersOf = (headers: Headers) => Object.fromEntries(headers);

/** The service's answer headers a browser must see the same through the proxy. */
export function clientHeaders(headers: Headers) {
  const out: Record<string, string> = {};
  for (const name of ['content-type', 'retry-after']) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** `handler` served over node:http on 127.0.0.1 through the proxy's Node adapter; closed after the test. */
export async function serveOverNode(
  handler: (request: Request) => Promise<Response>,
): Promise<{ url: string; server: Server }> {
  const listener = toNodeHandler(handler);
  // Its answers are the proxy's (under its prefix), not the service's: the contract hook checks the mock's behind it.
  const server = notTheService(createServer((req, res) => void listener(req, res)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
