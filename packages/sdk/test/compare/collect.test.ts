import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  cheapestFare,
  comparePrograms,
  compareProgramsStreaming,
  TimeoutError,
  type CompareOutcome,
  type ParsedFlight,
  type ParsedResultItem,
  type RawResultItem,
} from '../../src/index.js';
import { client, fakeService, oneWay } from './support.js';

describe('comparePrograms', () => {
  it('PROVIDER-1: collects every outcome with a summary in the service terms and the cheapest MILES fare per program', async () => {
    fakeService({
      PROGRAM_1: {
        latencyMs: 10,
        fares: [
          [30000, 120.5],
          [25000, 300],
          [25000, 80.1],
        ],
      },
      PROGRAM_4: { latencyMs: 80, fares: [] },
      PROGRAM_5: { latencyMs: 160, providerFailure: 502 },
      PROGRAM_6: { latencyMs: 5000 },
    });
    const { outcomes, summary, cheapest } = await comparePrograms(
      client(),
      { ...oneWay, responseFormat: 'PARSED', programs: ['PROGRAM_1', 'PROGRAM_4', 'PROGRAM_5', 'PROGRAM_6'] },
      { timeoutMs: 400 },
    );
    expect(outcomes.map((o) => o.program)).toEqual(['PROGRAM_1', 'PROGRAM_4', 'PROGRAM_5', 'PROGRAM_6']);
    expect(summary).toEqual({ totalAirlinesRequested: 4, successfulSearches: 2, failedSearches: 2 });
    expect(Object.keys(cheapest)).toEqual(['PROGRAM_1']);
    expect(cheapest.PROGRAM_1!.fare).toMatchObject({ miles: 25000, totalMoney: 80.1 });
    expect(cheapest.PROGRAM_1!.flight.flightCode).toBe('F 2');
    const last = outcomes[3]!;
    expect(last.kind === 'error' && last.error).toBeInstanceOf(TimeoutError);
  });

  it('picks the lowest totalMoney for CASH, whatever the miles', async () => {
    fakeService({
      PROGRAM_8: {
        fares: [
          [0, 950],
          [5000, 420],
          [0, 610],
        ],
      },
    });
    const { cheapest, summary } = await comparePrograms(client(), {
      ...oneWay,
      priceType: 'CASH',
      responseFormat: 'PARSED',
      programs: ['PROGRAM_8'],
    });
    expect(cheapest.PROGRAM_8!.fare.totalMoney).toBe(420);
    expect(summary).toEqual({ totalAirlinesRequested: 1, successfulSearches: 1, failedSearches: 0 });
  });

  it('counts skipped programs as requested but neither successful nor failed, and gives RAW answers no cheapest fare', async () => {
    fakeService({}, 1);
    const { outcomes, summary, cheapest } = await comparePrograms(
      client(),
      { ...oneWay, programs: ['PROGRAM_1', 'PROGRAM_2'] },
      { quotaCheck: 'partial' },
    );
    expect(outcomes.map((o) => o.kind)).toEqual(['skipped', 'result']);
    expect(summary).toEqual({ totalAirlinesRequested: 2, successfulSearches: 1, failedSearches: 0 });
    expect(cheapest).toEqual({});
  });
});

describe('cheapestFare', () => {
  const flight = (code: string, fares: [number, number][]) =>
    ({
      flightCode: code,
      fares: fares.map(([miles, totalMoney]) => ({ miles, totalMoney })),
    }) as unknown as ParsedFlight;

  it('MILES: fewest miles first, then the lowest totalMoney; the first flight wins a full tie', () => {
    const flights = [
      flight('A', [[40000, 10]]),
      flight('B', [
        [20000, 99],
        [20000, 50],
      ]),
      flight('C', [[20000, 50]]),
    ];
    expect(cheapestFare(flights)).toMatchObject({
      flight: { flightCode: 'B' },
      fare: { miles: 20000, totalMoney: 50 },
    });
  });

  it('CASH: the lowest totalMoney', () => {
    expect(cheapestFare([flight('A', [[0, 300]]), flight('B', [[9000, 120]])], 'CASH')?.flight.flightCode).toBe('B');
  });

  it('is undefined without fares', () => {
    expect(cheapestFare([])).toBeUndefined();
    expect(cheapestFare([flight('A', [])])).toBeUndefined();
  });
});

describe('outcome types', () => {
  it('narrow the item by responseFormat and the outcome by kind', () => {
    const c = client();
    const parsed = compareProgramsStreaming(c, { ...oneWay, responseFormat: 'PARSED' });
    const raw = compareProgramsStreaming(c, oneWay);
    type Of<T> = T extends AsyncIterable<infer O> ? O : never;
    expectTypeOf<Extract<Of<typeof parsed>, { kind: 'result' }>['item']>().toEqualTypeOf<ParsedResultItem>();
    expectTypeOf<Extract<Of<typeof raw>, { kind: 'result' }>['item']>().toEqualTypeOf<RawResultItem>();
    const show = (o: CompareOutcome<ParsedResultItem>) => {
      switch (o.kind) {
        case 'result':
          return o.item.success ? o.item.flights.length : o.item.error.providerStatusCode;
        case 'error':
          return o.error.message;
        case 'skipped':
          // @ts-expect-error a skipped outcome has neither item nor error
          return o.item;
      }
    };
    expect(typeof show).toBe('function');
    void parsed.return();
    void raw.return();
    // @ts-expect-error PROGRAM_8 is a CASH airline, not a MILES program
    expect(() => compareProgramsStreaming(c, { ...oneWay, priceType: 'MILES', programs: ['PROGRAM_8'] })).toThrow(
      TypeError,
    );
  });
});
