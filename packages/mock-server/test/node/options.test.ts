import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { startMockServer } from '../../src/node/index.js';
import { KEY, startTestServer } from './helpers.js';

describe('startMockServer options', () => {
  it.each([
    ['port', { port: 70_000 }],
    ['port', { port: 1.5 }],
    ['host', { host: '' }],
    ['cors', { cors: { origins: 'http://a.example' } }],
    ['control', { control: 'yes' }],
    ['log', { log: 'stderr' }],
    ['bodyLimit', { bodyLimit: 0 }],
    ['shutdownTimeoutMs', { shutdownTimeoutMs: -1 }],
    ['mock', { mock: { handle: () => null } }],
  ])('rejects a bad %s with a TypeError naming it', async (name, options) => {
    const error = await startMockServer(options as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toContain(`option "${name}"`);
  });

  it('passes the mock options through: keys replace the default keys', async () => {
    const server = await startTestServer({ keys: [{ key: 'only-key', limit: 7, products: ['search'] }] });
    expect(await (await fetch(`${server.url}/quota`, { headers: { 'x-api-key': 'only-key' } })).json()).toMatchObject({
      limit: 7,
    });
    expect((await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(404);
  });

  it('serves an existing mock, sharing its state with the JS API', async () => {
    const mock = createFlightSearchMock();
    mock.setKey(KEY, { consumed: 10 });
    const server = await startTestServer({ mock });
    expect(server.mock).toBe(mock);
    expect(await (await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).json()).toMatchObject({
      consumed: 10,
    });
  });

  it('D11: rejects a mock made with baseUrl up front with a TypeError naming baseUrl (the server serves the service at its root, so it would answer 404 to everything)', async () => {
    const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com/v1' });
    const error = await startMockServer({ mock, log: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toContain('option "mock"');
    expect((error as TypeError).message).toContain('`baseUrl`');
  });

  it('rejects with the listen error when the port is taken', async () => {
    const first = await startTestServer();
    const port = Number(new URL(first.url).port);
    await expect(startMockServer({ port, log: false })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
