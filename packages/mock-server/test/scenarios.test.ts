import { describe, expect, it } from 'vitest';
import { checkedByTheCaller } from './support/contract-hook.js';
import { call, quotaOf, search, useMockService, validSearch } from './support/msw.js';

const service = useMockService();
const scenario = (value: string) => ({ headers: { 'x-mock-scenario': value } });

describe('one-request scenarios: the x-mock-scenario header chooses one answer and changes no state (issue 29 item 2, D128)', () => {
  it('D128: status=402 answers a QUOTA-1 envelope with consistent details, and consumes nothing', async () => {
    const mock = service.mock();
    const answer = await search(validSearch(), scenario('status=402'));
    expect(answer.status).toBe(402);
    const { error } = await answer.json();
    expect(error).toMatchObject({ code: 'HTTP_ERROR', details: { requiredUnits: 1, remainingUnits: 0 } });
    expect(error.message).toContain('1');
    expect((await quotaOf()).consumed).toBe(0);
    expect(mock.requests()[0]).toMatchObject({ status: 402, scenario: 'status=402' });
  });

  it('D128: status=429 carries Retry-After, status=422 carries details.errors naming the header, each for that request only', async () => {
    service.mock();
    const limited = await call('/quota', scenario('status=429'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const invalid = await search(validSearch(), scenario('status=422'));
    expect(invalid.status).toBe(422);
    const { error } = await invalid.json();
    expect(error.details.errors).toEqual([expect.objectContaining({ field: 'header.x-mock-scenario' })]);
    // The next request, without the header, is answered as usual.
    expect((await call('/quota')).status).toBe(200);
  });

  it('D128: a status the operation does not declare is a 400 naming the header and the statuses it declares', async () => {
    const mock = service.mock();
    const answer = await checkedByTheCaller(() => call('/quota', scenario('status=422')));
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error.code).toBe('INVALID_MOCK_SCENARIO');
    expect(error.message).toContain('x-mock-scenario');
    expect(error.message).toContain('401, 404, 406, 429, 500');
    expect(mock.requests()[0]).toMatchObject({ status: 400, scenario: 'status=422' });
  });

  it.each(['teapot', 'status=', 'status=abc', 'delay=-1', 'provider-failure=200', 'drop=now', 'status=402, drop'])(
    'D128: a malformed or unknown value (%s) is a 400 INVALID_MOCK_SCENARIO naming the header',
    async (value) => {
      service.mock();
      const answer = await checkedByTheCaller(() => search(validSearch(), scenario(value)));
      expect(answer.status).toBe(400);
      const { error } = await answer.json();
      expect(error).toMatchObject({ code: 'INVALID_MOCK_SCENARIO' });
      expect(error.message).toContain('x-mock-scenario');
      expect((await quotaOf()).consumed).toBe(0);
    },
  );

  it('D128: provider-failure=503 fails the searched program inside a 200 and is charged as the search it is', async () => {
    const mock = service.mock();
    const answer = await search(validSearch(), scenario('provider-failure=503'));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.results[0]).toMatchObject({ success: false, airline: 'PROGRAM_1' });
    expect(body.results[0].error.providerStatusCode).toBe(503);
    expect((await quotaOf()).consumed).toBe(1);
    expect(mock.getProgramBehavior('PROGRAM_1')).toBeNull();
  });

  it('D128: delay=N waits N ms before the usual answer; drop drops the connection; both are recorded', async () => {
    const mock = service.mock();
    const started = Date.now();
    expect((await call('/quota', scenario('delay=60'))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    await expect(call('/quota', scenario('drop'))).rejects.toThrow();
    expect(mock.requests().map((entry) => entry.scenario)).toEqual(['delay=60', 'drop']);
  });

  it.each([
    ['/flights/search', [401, 402, 404, 406, 413, 415, 422, 429, 500]],
    [
      '/intelligence/flights/history?origin=GRU&destination=JFK&airlineLoyalty=PROGRAM_1',
      [401, 403, 404, 406, 422, 429, 500],
    ],
    ['/quota', [401, 404, 406, 429, 500]],
  ] as const)(
    'D128: every error status %s declares can be forced, each answer in the contract (the setup hook checks it)',
    async (path, statuses) => {
      service.mock();
      for (const status of statuses) {
        const answer = await call(path, {
          ...scenario(`status=${status}`),
          ...(path === '/flights/search' && { body: validSearch() }),
        });
        expect(answer.status).toBe(status);
      }
      expect((await quotaOf()).consumed).toBe(0);
    },
  );
});
