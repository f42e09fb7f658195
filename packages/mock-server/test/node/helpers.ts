import { afterEach } from 'vitest';
import {
  startMockServer,
  type MockServer,
  type RequestLogEntry,
  type StartMockServerOptions,
} from '../../src/node/index.js';

export interface TestServer extends MockServer {
  /** Every log entry the server reported, in order. */
  logs: RequestLogEntry[];
}

const running: MockServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** Starts the real server on a free port; closed after the test. */
export async function startTestServer(options: StartMockServerOptions = {}): Promise<TestServer> {
  const logs: RequestLogEntry[] = [];
  const server = await startMockServer({ port: 0, log: (entry) => logs.push(entry), ...options });
  running.push(server);
  return Object.assign(server, { logs });
}

export const KEY = 'test-key';

export { searchBody } from '../fixtures.js';

export function postSearch(url: string, body: unknown, init: RequestInit & { key?: string } = {}): Promise<Response> {
  const { key = KEY, headers, ...rest } = init;
  return fetch(`${url}/flights/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key, ...headers },
    body: JSON.stringify(body),
    ...rest,
  });
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
