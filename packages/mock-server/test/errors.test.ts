import { describe, expect, it, vi } from 'vitest';
import { createFlightSearchMock } from '../src/index.js';
import { contractViolations } from './support/contract.js';
import { BASE, call, useMockService } from './support/msw.js';

const service = useMockService();

describe('D11 unexpected failures and unknown paths', () => {
  it('D11: an unexpected exception is a 500 INTERNAL_ERROR envelope with a correlationId and no stack', async () => {
    const mock = createFlightSearchMock();
    const failing = new ReadableStream({ pull: (controller) => controller.error(new Error('secret internal detail')) });
    const request = new Request(`${BASE}/flights/search`, {
      method: 'POST',
      headers: { 'x-api-key': 'test-key', 'content-type': 'application/json' },
      body: failing,
      duplex: 'half',
    } as RequestInit);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = (await mock.handle(request))!;
    logged.mockRestore();
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(contractViolations('POST', '/flights/search', 500, response.headers, text)).toEqual([]);
    expect(JSON.parse(text).error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' });
    expect(text).not.toContain('secret');
    expect(text).not.toMatch(/at .*\.ts/);
  });

  it('D11: with a baseUrl, an unknown path under it is a 404 HTTP_ERROR envelope', async () => {
    service.mock({ baseUrl: BASE });
    const response = await call('/flights/unknown');
    expect(response.status).toBe(404);
    const { error } = await response.json();
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.message).toContain('/flights/unknown');
    // D60: a service path asked with another method is 405 with Allow, no longer 404.
    const wrongMethod = await call('/quota', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
    expect((await call('/quota')).status).toBe(200);
  });

  it("D11: with a baseUrl, other origins are not the mock's", async () => {
    const mock = createFlightSearchMock({ baseUrl: `${BASE}/v1` });
    expect(
      await mock.handle(new Request('https://elsewhere.test/v1/quota', { headers: { 'x-api-key': 'test-key' } })),
    ).toBeNull();
    expect(await mock.handle(new Request(`${BASE}/v10/quota`, { headers: { 'x-api-key': 'test-key' } }))).toBeNull();
    const served = await mock.handle(new Request(`${BASE}/v1/quota`, { headers: { 'x-api-key': 'test-key' } }));
    expect(served!.status).toBe(200);
  });

  it("D11, D127: with baseUrl '*' (any origin), other paths reach msw's onUnhandledRequest untouched", async () => {
    service.mock({ baseUrl: '*' });
    await fetch('http://127.0.0.1:9/not-the-service').catch(() => undefined);
    await fetch('http://127.0.0.1:9/quota', { method: 'POST' }).catch(() => undefined);
    expect(service.unhandled).toEqual(['GET http://127.0.0.1:9/not-the-service', 'POST http://127.0.0.1:9/quota']);
    expect((await call('/quota')).status).toBe(200);
  });

  it("D11: handle() returns null for a request that is not the service's", async () => {
    const mock = createFlightSearchMock();
    expect(await mock.handle(new Request(`${BASE}/flights`))).toBeNull();
    expect(await mock.handle(new Request(`${BASE}/flights/search`))).toBeNull(); // GET is not an operation
  });
});
