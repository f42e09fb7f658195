import {
  cheapestFare,
  compareProgramsStreaming,
  MILES_PROGRAMS,
  QuotaExceededError,
  TimeoutError,
  type CabinType,
  type CompareClient,
  type MilesProgram,
} from '@flight-search/sdk';

// The "application code" under test: find the cheapest award fare for a trip
// across the loyalty programs, showing what it can when programs fail, are
// slow, or the quota runs short.

export interface Trip {
  origin: string;
  destination: string;
  departureDate: string;
  /** Makes it a round trip (2 quota units per program). */
  returnDate?: string;
  cabinType?: CabinType;
  adults?: number;
  /** Programs to compare, in order of preference. Default: every MILES program. */
  programs?: readonly MilesProgram[];
}

export interface BestFare {
  program: MilesProgram;
  flightCode: string;
  miles: number;
  /** Taxes and fees paid on top of the miles. */
  totalMoney: number;
}

export type CheapestFareAnswer =
  | {
      kind: 'found' | 'nothing-found';
      /** Undefined for 'nothing-found'. */
      best: BestFare | undefined;
      /** Programs that answered, in the order their answers arrived. */
      arrivals: MilesProgram[];
      /** Programs that could not answer, with a reason to show the user. */
      failed: { program: MilesProgram; reason: string }[];
      /** Programs not searched, or refused by the service, because the quota ran out. */
      outOfQuota: MilesProgram[];
    }
  | { kind: 'out-of-quota'; requiredUnits: number; remainingUnits: number };

/**
 * Searches every program of `trip` at once (quota permitting, in order of
 * preference) and picks the fewest miles, ties broken by the lower taxes.
 * Never throws for one program's trouble; only an abort or a failed quota
 * read rejects.
 */
export async function findCheapestFare(
  client: CompareClient,
  trip: Trip,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<CheapestFareAnswer> {
  const programs = trip.programs ?? MILES_PROGRAMS;
  const perSearch = trip.returnDate === undefined ? 1 : 2;
  const arrivals: MilesProgram[] = [];
  const failed: { program: MilesProgram; reason: string }[] = [];
  const outOfQuota: MilesProgram[] = [];
  let best: BestFare | undefined;

  const outcomes = compareProgramsStreaming(
    client,
    {
      tripType: trip.returnDate === undefined ? 'ONE_WAY' : 'ROUND_TRIP',
      cabinType: trip.cabinType ?? 'ECONOMY',
      priceType: 'MILES',
      origin: trip.origin,
      destination: trip.destination,
      departureDate: trip.departureDate,
      ...(trip.returnDate !== undefined && { returnDate: trip.returnDate }),
      passengers: { adults: trip.adults ?? 1 },
      responseFormat: 'PARSED',
      programs,
    },
    // 'partial': reads the free GET /quota first and searches only what it can pay for.
    { quotaCheck: 'partial', ...options },
  );
  for await (const outcome of outcomes) {
    const program = outcome.program as MilesProgram;
    if (outcome.kind === 'skipped') {
      outOfQuota.push(program);
    } else if (outcome.kind === 'error') {
      // The quota read was stale (someone else spent it meanwhile): the service refused this search.
      if (outcome.error instanceof QuotaExceededError) outOfQuota.push(program);
      else
        failed.push({
          program,
          reason: outcome.error instanceof TimeoutError ? 'did not answer in time' : outcome.error.message,
        });
    } else if (!outcome.item.success) {
      failed.push({
        program,
        reason: `provider error ${outcome.item.error.providerStatusCode}: ${outcome.item.error.message}`,
      });
    } else {
      arrivals.push(program);
      const cheapest = cheapestFare(outcome.item.flights, 'MILES');
      if (
        cheapest &&
        (!best ||
          cheapest.fare.miles < best.miles ||
          (cheapest.fare.miles === best.miles && cheapest.fare.totalMoney < best.totalMoney))
      ) {
        best = {
          program,
          flightCode: cheapest.flight.flightCode,
          miles: cheapest.fare.miles,
          totalMoney: cheapest.fare.totalMoney,
        };
      }
    }
  }

  if (outOfQuota.length === programs.length) {
    const { remaining } = await client.getQuota({ signal: options.signal });
    return { kind: 'out-of-quota', requiredUnits: perSearch, remainingUnits: remaining };
  }
  return { kind: best ? 'found' : 'nothing-found', best, arrivals, failed, outOfQuota };
}
