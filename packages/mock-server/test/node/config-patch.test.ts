import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

// Issue 29 item 3 (D155): a partial settings change that never wipes what other tests built.
const send = (url: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}/__mock${path}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
type Envelope = {
  error: { code: string; message: string; details?: { errors: { field: string; type: string; message: string }[] } };
};

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('PATCH /__mock/config and configure(changes, { reset: false }) (D155)', () => {
  it('PATCH changes only the named settings and keeps quota, history and the request log', async () => {
    const server = await startTestServer({ control: true });
    await postSearch(server.url, searchBody());
    const patched = await send(server.url, 'PATCH', '/config', {
      latency: 'realistic',
      providerTimeoutMs: 5_000,
      unknownFields: 'refuse',
    });
    expect(patched.status).toBe(204);
    const state = server.mock.state();
    expect(state.options).toMatchObject({
      latency: 'realistic',
      providerTimeoutMs: 5_000,
      unknownFields: 'refuse',
      seed: 1,
    });
    expect(server.mock.getKey(KEY)).toMatchObject({ consumed: 1 });
    expect(server.mock.requests()).toHaveLength(1);
    const history = await fetch(
      `${server.url}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=30`,
      {
        headers: { 'x-api-key': KEY },
      },
    );
    expect(((await history.json()) as { total: number }).total).toBeGreaterThan(0);
  });

  it('PATCH refuses a setting whose change needs a fresh state with a 409 naming it, and applies nothing', async () => {
    const server = await startTestServer({ control: true });
    await postSearch(server.url, searchBody());
    const refused = await send(server.url, 'PATCH', '/config', { unknownFields: 'refuse', seed: 7, historyCap: 10 });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as Envelope;
    expect(body.error.code).toBe('RESET_NEEDED');
    expect(body.error.message).toBe(
      'PATCH /__mock/config cannot change seed, historyCap without a fresh state; PUT /__mock/config changes them and resets the mock (D58).',
    );
    expect(body.error.details?.errors.map((issue) => issue.field)).toEqual(['body.seed', 'body.historyCap']);
    expect(server.mock.state().options).toMatchObject({ unknownFields: 'warn', seed: 1, historyCap: 100_000 });
    expect(server.mock.requests()).toHaveLength(1);
    // A bad value is the 422 it always was, before any 409.
    expect((await send(server.url, 'PATCH', '/config', { seed: 'x' })).status).toBe(422);
    // PUT keeps its meaning: it changes the seed and starts afresh.
    expect((await send(server.url, 'PUT', '/config', { seed: 7 })).status).toBe(204);
    expect(server.mock.requests()).toEqual([]);
  });

  it('configure(changes, { reset: false }) is the JavaScript twin: kept state, and a TypeError naming a setting that needs a reset', async () => {
    const mock = createFlightSearchMock();
    await mock.handle(new Request('https://api.example.com/quota', { headers: { 'x-api-key': KEY } }));
    mock.configure({ latency: 'realistic' }, { reset: false });
    expect(mock.state().options.latency).toBe('realistic');
    expect(mock.requests()).toHaveLength(1);
    const error = thrown(() => mock.configure({ latency: 'none', clock: { offsetMs: -1 } }, { reset: false }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(
      'configure: option `clock` needs a fresh state to change: call configure(changes) without { reset: false } (PUT /__mock/config), which resets the mock (D58).',
    );
    expect(mock.state().options).toMatchObject({ latency: 'realistic', clock: null });
    // Without the option, configure is what it was: a fresh state.
    mock.configure({ seed: 3 });
    expect(mock.requests()).toEqual([]);
  });
});
