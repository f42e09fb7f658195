// QUOTA-1 and D4 under random sequences of concurrent requests, through the
// mock's handler: ONE_WAY and ROUND_TRIP searches (some programs failing at
// the provider), invalid searches, history and quota calls, in Promise.all
// batches against a key with a random limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { validSearch } from '../fixtures.js';

const KEY = 'quota-key';
const BASE = 'https://api.flight-search.test';
const PROGRAMS = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_4', 'PROGRAM_3_INTERLINE'] as const;
const COST = { ONE_WAY: 1, ROUND_TRIP: 2 } as const;

type Op =
  | { kind: 'search'; tripType: 'ONE_WAY' | 'ROUND_TRIP'; program: (typeof PROGRAMS)[number]; format: 'RAW' | 'PARSED' }
  | { kind: 'invalid-search' | 'history' | 'quota' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('search' as const),
      tripType: fc.constantFrom('ONE_WAY' as const, 'ROUND_TRIP' as const),
      program: fc.constantFrom(...PROGRAMS),
      format: fc.constantFrom('RAW' as const, 'PARSED' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('invalid-search' as const, 'history' as const, 'quota' as const) }),
  },
);

const scenario = fc.record({
  limit: fc.integer({ min: 0, max: 30 }),
  failing: fc.subarray([...PROGRAMS]),
  batches: fc.array(fc.array(op, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }),
});

interface Quota {
  limit: number;
  consumed: number;
  remaining: number;
  usageByCompany: { airlineLoyalty: string; consumed: number }[];
}

function send(mock: ReturnType<typeof createFlightSearchMock>, o: Op): Promise<Response> {
  const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
  if (o.kind === 'history')
    return mock.handle(
      new Request(
        `${BASE}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=7`,
        { headers },
      ),
    ) as Promise<Response>;
  if (o.kind === 'quota') return mock.handle(new Request(`${BASE}/quota`, { headers })) as Promise<Response>;
  const body =
    o.kind !== 'search'
      ? {
          airlineLoyalty: ['PROGRAM_1'],
          tripType: 'ROUND_TRIP',
          cabinType: 'ECONOMY',
          origin: 'GRU',
          destination: 'GRU',
          departureDate: '2026-12-15',
          passengers: { adults: 1 },
        }
      : validSearch({
          airlineLoyalty: [o.program],
          tripType: o.tripType,
          ...(o.tripType === 'ROUND_TRIP' ? { returnDate: '2026-12-22' } : {}),
          responseFormat: o.format,
        });
  return mock.handle(
    new Request(`${BASE}/flights/search`, { method: 'POST', headers, body: JSON.stringify(body) }),
  ) as Promise<Response>;
}

async function quotaOf(mock: ReturnType<typeof createFlightSearchMock>): Promise<Quota> {
  return (await (await send(mock, { kind: 'quota' })).json()) as Quota;
}

describe('QUOTA-1, D4: quota under random concurrent request sequences', { timeout: 120_000 }, () => {
  it('QUOTA-1: consumed + remaining = limit, never below 0, accepted units never exceed the limit, usageByCompany sums to consumed, and no search is refused while enough remained', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ limit, failing, batches }) => {
        const mock = createFlightSearchMock({ keys: [{ key: KEY, limit, products: ['search', 'history'] }] });
        for (const program of failing) mock.setProgramBehavior(program, { fail: { status: 503 } });
        let accepted = 0;
        const acceptedBy = new Map<string, number>();
        for (const batch of batches) {
          const responses = await Promise.all(batch.map((o) => send(mock, o)));
          const refusedCosts: number[] = [];
          for (const [i, response] of responses.entries()) {
            const o = batch[i]!;
            const body = (await response.json()) as { error?: { message: string; code: string } };
            if (o.kind !== 'search') {
              expect(response.status).toBe(o.kind === 'invalid-search' ? 422 : 200);
              continue;
            }
            const cost = COST[o.tripType];
            if (response.status === 200) {
              // QUOTA-1: charged whether or not the provider succeeds.
              accepted += cost;
              acceptedBy.set(o.program, (acceptedBy.get(o.program) ?? 0) + cost);
            } else {
              expect(response.status).toBe(402);
              expect(body.error!.code).toBe('HTTP_ERROR');
              // D5: the message names the required and the remaining units; remaining was too low.
              const [required, remaining] = (body.error!.message.match(/\d+/g) ?? []).map(Number);
              expect(required).toBe(cost);
              expect(remaining).toBeLessThan(cost);
              refusedCosts.push(cost);
            }
          }
          const quota = await quotaOf(mock);
          expect(quota.limit).toBe(limit);
          expect(quota.consumed).toBe(accepted);
          expect(quota.consumed + quota.remaining).toBe(limit);
          expect(quota.remaining).toBeGreaterThanOrEqual(0);
          expect(accepted).toBeLessThanOrEqual(limit);
          // Remaining only goes down: a search refused in this batch must still not fit now.
          for (const cost of refusedCosts) expect(quota.remaining).toBeLessThan(cost);
          expect(quota.usageByCompany.reduce((sum, usage) => sum + usage.consumed, 0)).toBe(quota.consumed);
          expect(Object.fromEntries(quota.usageByCompany.map((u) => [u.airlineLoyalty, u.consumed]))).toEqual(
            Object.fromEntries(acceptedBy),
          );
        }
      }),
      { numRuns: 120 },
    );
  });

  it('QUOTA-1: usageByCompany lists only what this instance recorded; a preset consumed has no per-program breakdown (as openapi.yaml says)', async () => {
    const mock = createFlightSearchMock({ keys: [{ key: KEY, limit: 10, consumed: 4, products: ['search'] }] });
    expect(await quotaOf(mock)).toEqual({ limit: 10, consumed: 4, remaining: 6, usageByCompany: [] });
    expect(
      (await send(mock, { kind: 'search', tripType: 'ROUND_TRIP', program: 'PROGRAM_2', format: 'RAW' })).status,
    ).toBe(200);
    expect(await quotaOf(mock)).toEqual({
      limit: 10,
      consumed: 6,
      remaining: 4,
      usageByCompany: [{ airlineLoyalty: 'PROGRAM_2', consumed: 2 }],
    });
  });
});
