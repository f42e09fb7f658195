import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFlightSearchClient, NotFoundError, ValidationError } from '@flight-search/sdk';
import { KEY, postSearch, searchBody, startTestServer, UUID } from './helpers.js';

const contract = readFileSync(new URL('../../../../openapi.yaml', import.meta.url), 'utf8');

describe('the standalone server serves the service routes through mock.handle', () => {
  it('answers a RAW search, a PARSED search, history and quota through the SDK client over HTTP', async () => {
    const server = await startTestServer();
    const client = createFlightSearchClient({ apiKey: KEY, baseUrl: server.url });

    const raw = await client.searchFlights({ ...searchBody('PROGRAM_1'), responseFormat: 'RAW' as const });
    expect(raw.summary).toEqual({ totalAirlinesRequested: 1, successfulSearches: 1, failedSearches: 0 });
    expect(raw.results[0]).toMatchObject({ airline: 'PROGRAM_1', success: true });

    const parsed = await client.searchFlights({ ...searchBody('PROGRAM_4'), responseFormat: 'PARSED' as const });
    const item = parsed.results[0];
    if (!item?.success) throw new Error('expected a successful PARSED item');
    expect(item.flights.length).toBeGreaterThan(0);
    expect(item.flights[0]?.id).toMatch(UUID);
    expect(item.flights[0]?.origin).toBe('GRU');

    const history = await client.getPriceHistory({
      origin: 'GRU',
      destination: 'JFK',
      cabinType: 'ECONOMY',
      airlineLoyalty: ['PROGRAM_1'],
      lookbackDays: 30,
    });
    expect(history.lookbackDays).toBe(30);
    expect(history.total).toBe(history.flights.length);
    expect(history.flights.every((record) => record.airlineLoyalty === 'PROGRAM_1')).toBe(true);

    const quota = await client.getQuota();
    expect(quota).toMatchObject({ limit: 1000, consumed: 2, remaining: 998 });
  });

  it('QUOTA-1: a ROUND_TRIP search sent with raw fetch costs 2 units, read back from GET /quota', async () => {
    const server = await startTestServer();
    const response = await postSearch(
      server.url,
      searchBody('PROGRAM_2', { tripType: 'ROUND_TRIP', returnDate: '2026-12-22' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/(vnd\.service\.v1\+)?json/);
    const body = (await response.json()) as { results: { data: Record<string, unknown> }[] };
    expect(body.results[0]?.data).toHaveProperty('selectedOutboundOfferId');

    const quota = await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } });
    expect(await quota.json()).toMatchObject({
      consumed: 2,
      remaining: 998,
      usageByCompany: [{ airlineLoyalty: 'PROGRAM_2', consumed: 2 }],
    });
  });

  it('AUTH-1 and AUTH-2: a missing key is a 401 envelope and an unknown key a 404 the SDK throws as NotFoundError', async () => {
    const server = await startTestServer();
    const missing = await fetch(`${server.url}/quota`);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('HTTP_ERROR');

    const unknown = createFlightSearchClient({ apiKey: 'no-such-key', baseUrl: server.url, maxRetries: 0 });
    await expect(unknown.getQuota()).rejects.toBeInstanceOf(NotFoundError);
  });

  it('SEARCH-5: a search whose origin equals its destination is a 422 over HTTP, and costs nothing', async () => {
    const server = await startTestServer();
    const client = createFlightSearchClient({ apiKey: KEY, baseUrl: server.url });
    const error = await client
      .searchFlights(searchBody('PROGRAM_1', { destination: 'GRU' }), { validate: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toContainEqual(
      expect.objectContaining({ field: 'body.destination', type: 'cross_field' }),
    );
    expect(await client.getQuota()).toMatchObject({ consumed: 0 });
  });

  it('answers an unknown path with a 404 HTTP_ERROR envelope in JSON', async () => {
    const server = await startTestServer();
    for (const [method, path] of [
      ['GET', '/nowhere'],
      ['POST', '/flights'],
      ['DELETE', '/quota/extra'],
    ] as const) {
      const response = await fetch(`${server.url}${path}?q=1`, { method, headers: { 'x-api-key': KEY } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/json');
      const body = (await response.json()) as { error: { code: string; message: string; correlationId: string } };
      expect(body.error.code).toBe('HTTP_ERROR');
      expect(body.error.message).toContain(path);
      expect(body.error.correlationId).toMatch(UUID);
    }
  });

  it('serves the contract at /openapi.yaml, byte for byte, and its length on HEAD', async () => {
    const server = await startTestServer();
    const response = await fetch(`${server.url}/openapi.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(await response.text()).toBe(contract);

    const head = await fetch(`${server.url}/openapi.yaml`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(contract));
  });

  it('serves over a keep-alive connection many requests in a row with consistent state', async () => {
    const server = await startTestServer();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => postSearch(server.url, searchBody('PROGRAM_3')).then((r) => r.status)),
    );
    expect(answers).toEqual(Array(30).fill(200));
    const quota = (await (await fetch(`${server.url}/quota`, { headers: { 'x-api-key': KEY } })).json()) as {
      consumed: number;
    };
    expect(quota.consumed).toBe(30);
  });
});
