import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createFlightSearchClient, FlightSearchApiError, ResponseTooLargeError } from '../src/index.js';
import { API_KEY, BASE_URL, oneWay, quotaAnswer } from './fixtures.js';
import { head, rawServer } from './raw-server.js';

let servers: Awaited<ReturnType<typeof rawServer>>[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const MiB = 2 ** 20;
const chunk = Buffer.alloc(64 * 1024, 'a');

/**
 * A server that answers `status` with a body of up to `total` bytes, written as fast as the client
 * takes it; `written` counts what the socket accepted and `closed` settles when the client hung up
 * (or the body was all sent).
 */
async function streaming(status: number, total: number, headers: Record<string, string | number>) {
  const state = { written: 0, closed: undefined as unknown as Promise<void> };
  const server = await rawServer((_, socket: Socket) => {
    state.closed = new Promise((resolve) => socket.on('close', () => resolve()));
    socket.write(head(status, headers));
    const pump = () => {
      while (state.written < total && !socket.destroyed) {
        state.written += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      socket.end();
    };
    pump();
  });
  servers.push(server);
  return { ...state, server, state };
}

const client = (baseUrl: string, maxResponseBytes: number, fetch?: (request: Request) => Promise<Response>) =>
  createFlightSearchClient({ apiKey: API_KEY, baseUrl, maxResponseBytes, fetch, retryDelay: () => 0 });

describe('maxResponseBytes (D50)', () => {
  it('refuses an answer whose Content-Length is over the limit without reading it, and the server sees the connection closed', async () => {
    const total = 32 * MiB;
    const { server, state } = await streaming(200, total, {
      'content-type': 'application/json',
      'content-length': total,
    });
    const error = (await client(server.origin, 1024)
      .getQuota()
      .catch((e: unknown) => e)) as ResponseTooLargeError;
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toBeInstanceOf(FlightSearchApiError);
    expect(error).toMatchObject({
      name: 'ResponseTooLargeError',
      status: 200,
      maxResponseBytes: 1024,
      method: 'GET',
      url: `${server.origin}/quota`,
    });
    expect(error.message).toBe(
      `200 answer over maxResponseBytes (1024 bytes), not read further (GET ${server.origin}/quota)`,
    );
    await state.closed;
    expect(state.written).toBeLessThan(total);
    expect(server.requests).toHaveLength(1); // not retried: it would be as large again
  });

  it('stops reading an endless answer without Content-Length once it passes the limit', async () => {
    const total = 32 * MiB; // a bound for the test only: the client hangs up long before
    const { server, state } = await streaming(200, total, {
      'content-type': 'application/json',
      'transfer-encoding': 'identity',
    });
    await expect(client(server.origin, 100_000).searchFlights(oneWay())).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      status: 200,
      maxResponseBytes: 100_000,
    });
    await state.closed;
    expect(state.written).toBeLessThan(total);
    expect(server.requests).toHaveLength(1);
  });

  it('bounds error answers too: a huge 503 is a ResponseTooLargeError, not retried', async () => {
    const { server, state } = await streaming(503, 32 * MiB, { 'content-type': 'text/plain' });
    await expect(client(server.origin, 4096).getQuota()).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      status: 503,
    });
    await state.closed;
    expect(server.requests).toHaveLength(1);
  });

  it('does not trust a Content-Length that says less than the body holds: bytes are counted and the stream is cancelled', async () => {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      // 1 MiB at most, so a client without the bound ends too (and fails on the JSON instead).
      pull: (controller) => {
        pulled += 1000;
        if (pulled > MiB) controller.close();
        else controller.enqueue(new Uint8Array(1000));
      },
      cancel: () => {
        cancelled = true;
      },
    });
    const lying = async () =>
      new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'content-length': '10' } });
    await expect(client(BASE_URL, 4096, lying).getQuota()).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      maxResponseBytes: 4096,
    });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(4096 + 2 * 1000); // what was read, plus what the stream queued ahead
  });

  it('accepts an answer of exactly maxResponseBytes', async () => {
    const text = JSON.stringify(quotaAnswer);
    const exact = async () => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    await expect(client(BASE_URL, Buffer.byteLength(text), exact).getQuota()).resolves.toEqual(quotaAnswer);
    await expect(client(BASE_URL, Buffer.byteLength(text) - 1, exact).getQuota()).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it.each([0, -1, 1.5, Number.NaN, '1024'])(
    'rejects maxResponseBytes %j with a TypeError saying what it expects',
    (maxResponseBytes) => {
      expect(() =>
        createFlightSearchClient({ apiKey: API_KEY, baseUrl: BASE_URL, maxResponseBytes: maxResponseBytes as number }),
      ).toThrow(
        new TypeError(
          `createFlightSearchClient: option "maxResponseBytes" must be a whole number of bytes over 0; received ${typeof maxResponseBytes === 'string' ? `"${maxResponseBytes}"` : maxResponseBytes}`,
        ),
      );
    },
  );
});
