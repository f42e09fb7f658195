import { describe, expect, it } from 'vitest';
import { call, search, useMockService, validSearch } from './support/msw.js';

const service = useMockService();
const HISTORY =
  '/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=7';
const endpoints: [string, () => (key: string | null, headers?: Record<string, string>) => Promise<Response>][] = [
  ['POST /flights/search', () => (key, headers) => search(validSearch(), { key, headers })],
  ['GET /intelligence/flights/history', () => (key, headers) => call(HISTORY, { key, headers })],
  ['GET /quota', () => (key, headers) => call('/quota', { key, headers })],
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(endpoints)('%s', (_name, endpoint) => {
  it('AUTH-1: answers 401 HTTP_ERROR naming the x-api-key header when the key is missing', async () => {
    service.mock();
    const response = await endpoint()(null);
    expect(response.status).toBe(401);
    const { error } = await response.json();
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.message).toContain('x-api-key');
    expect(error.correlationId).toMatch(UUID);
  });

  it('AUTH-1: treats a blank x-api-key as missing', async () => {
    service.mock();
    expect((await endpoint()('  ')).status).toBe(401);
  });

  it('AUTH-2: answers 404 HTTP_ERROR "key was not found" for an unknown key (D2: on every endpoint)', async () => {
    service.mock();
    const response = await endpoint()('no-such-key');
    expect(response.status).toBe(404);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'HTTP_ERROR', message: 'The API key was not found.' });
    expect(error.correlationId).toMatch(UUID);
  });

  it('D2: a missing key wins over an unacceptable Accept', async () => {
    service.mock();
    expect((await endpoint()(null, { accept: 'application/xml' })).status).toBe(401);
  });

  it('D2: an unknown key wins over an unacceptable Accept', async () => {
    service.mock();
    expect((await endpoint()('nope', { accept: 'application/xml' })).status).toBe(404);
  });
});

describe('AUTH-3 price-history product', () => {
  it('AUTH-3: answers 403 AUTHORIZATION_ERROR, telling to contact support, to a key without the history product', async () => {
    service.mock();
    const response = await call(HISTORY, { key: 'search-only-key' });
    expect(response.status).toBe(403);
    const { error } = await response.json();
    expect(error.code).toBe('AUTHORIZATION_ERROR');
    expect(error.message).toMatch(/contact support/i);
    expect(error).not.toHaveProperty('correlationId'); // D12
  });

  it('AUTH-3: the same key can still search and read its quota', async () => {
    service.mock();
    expect((await search(validSearch(), { key: 'search-only-key' })).status).toBe(200);
    expect((await call('/quota', { key: 'search-only-key' })).status).toBe(200);
  });

  it('D2: the 403 comes before the 406 and the 422 of the history query', async () => {
    service.mock();
    const response = await call('/intelligence/flights/history?lookbackDays=99', {
      key: 'search-only-key',
      headers: { accept: 'text/xml' },
    });
    expect(response.status).toBe(403);
  });

  it('AUTH-3: a key given the history product through setKey reads history', async () => {
    const mock = service.mock();
    mock.setKey('search-only-key', { products: ['search', 'history'] });
    expect((await call(HISTORY, { key: 'search-only-key' })).status).toBe(200);
  });
});
