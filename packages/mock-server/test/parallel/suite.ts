import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';

/**
 * What each of the eight files runs at the same time (issue 37): on the one standalone mock, a key of its
 * own with its own stubs under one shared scenario name, a fault and journal assertions; and the same through
 * the msw handlers, with a mock of the worker's own. Another file's state must never show.
 */
export function scopedSuite(file: number): void {
  const key = `parallel-file-${file}`;
  const quotaBody = { limit: 9, consumed: 9, remaining: 0, usageByCompany: [] };
  const limited = {
    error: { code: 'RATE_LIMIT_EXCEEDED', message: `file ${file}`, correlationId: crypto.randomUUID() },
  };

  describe(`file ${file} on the shared standalone mock`, () => {
    const url = inject('mockUrl');
    const control = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${url}/__mock${path}`, {
        method,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      expect(answer.status, `${method} ${path}`).toBeLessThan(300);
      return answer.status === 204 ? undefined : answer.json();
    };
    const get = (path: string) => fetch(`${url}${path}`, { headers: { 'x-api-key': key } });

    it('its stubs, scenario, fault and journal are its own', async () => {
      await control('PUT', `/keys/${key}`, { limit: 50 });
      const request = { method: 'GET', path: '/quota' };
      await control('POST', `/keys/${key}/stubs`, {
        request,
        response: { status: 200, body: quotaBody },
        scenario: { name: 'limits', next: 'limited' },
      });
      await control('POST', `/keys/${key}/stubs`, {
        request,
        response: { status: 429, headers: { 'Retry-After': '1' }, body: limited },
        scenario: { name: 'limits', state: 'limited', next: 'rules' },
      });
      await control('PUT', `/keys/${key}/faults/history`, { status: 503, times: 1 });
      const seen = [];
      for (let round = 0; round < 3; round++) {
        const answer = await get('/quota');
        seen.push(`${answer.status}:${((await answer.json()) as { remaining?: number }).remaining ?? 'error'}`);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      }
      expect(seen).toEqual(['200:0', '429:error', '200:50']);
      expect((await get('/intelligence/flights/history?origin=GRU&destination=JFK&lookbackDays=3')).status).toBe(503);
      expect(await control('GET', `/keys/${key}/scenarios/limits`)).toEqual({ name: 'limits', state: 'rules' });
      const mine = (await control('GET', `/keys/${key}/requests`)) as { requests: { key: string; path: string }[] };
      expect(mine.requests.map((entry) => entry.path)).toEqual([
        '/quota',
        '/quota',
        '/quota',
        '/intelligence/flights/history',
      ]);
      expect(new Set(mine.requests.map((entry) => entry.key)).size).toBe(1);
      expect(await control('POST', '/requests/count', { key, path: '/quota' })).toEqual({ count: 3 });
      await control('POST', `/keys/${key}/reset`);
      expect(await control('GET', `/keys/${key}/stubs`)).toEqual({ stubs: [], next: null });
    });
  });

  describe(`file ${file} on the msw handlers, a mock of its worker's own`, () => {
    const base = 'https://api.parallel.test';
    const mock = createFlightSearchMock({ baseUrl: base, keys: [{ key, limit: 50, products: ['search', 'history'] }] });
    const server = setupServer(...mock.handlers);
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => server.close());

    it('its stubs, scenario, fault and journal are its own', async () => {
      const request = { method: 'GET', path: '/quota' };
      mock.stub(
        { request, response: { status: 200, body: quotaBody }, scenario: { name: 'limits', next: 'limited' } },
        { key },
      );
      mock.stub(
        {
          request,
          response: { status: 429, headers: { 'Retry-After': '1' }, body: limited },
          scenario: { name: 'limits', state: 'limited', next: 'rules' },
        },
        { key },
      );
      mock.setFault('history', { status: 503, times: 1 }, { key });
      const statuses = [];
      for (let round = 0; round < 3; round++)
        statuses.push((await fetch(`${base}/quota`, { headers: { 'x-api-key': key } })).status);
      expect(statuses).toEqual([200, 429, 200]);
      expect(
        (
          await fetch(`${base}/intelligence/flights/history?origin=GRU&destination=JFK&lookbackDays=3`, {
            headers: { 'x-api-key': key },
          })
        ).status,
      ).toBe(503);
      expect(mock.countRequests({ key })).toBe(4);
      mock.resetKey(key);
      expect(mock.stubs({ key })).toEqual([]);
    });
  });
}
