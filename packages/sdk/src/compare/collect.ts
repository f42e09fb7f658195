import type { ExactCompare, ParsedFlight, ParsedResultItem, PriceType, Program, RawResultItem } from '../types.js';
import { compareProgramsStreaming } from './stream.js';
import type {
  CheapestFare,
  CompareClient,
  CompareInput,
  CompareOptions,
  CompareOutcome,
  CompareRequest,
  CompareResult,
  ItemFor,
} from './types.js';

/**
 * The cheapest fare among `flights`: for MILES the fewest `miles`, then the lowest `totalMoney`; for CASH the lowest `totalMoney`.
 * @example
 * const best = cheapestFare(item.flights, 'MILES');
 * if (best) console.log(best.flight.flightCode, best.fare.miles, best.fare.totalMoney);
 */
export function cheapestFare(
  flights: readonly ParsedFlight[],
  priceType: PriceType = 'MILES',
): CheapestFare | undefined {
  let best: CheapestFare | undefined;
  for (const flight of flights)
    for (const fare of flight.fares)
      if (
        !best ||
        ((priceType === 'CASH' ? 0 : fare.miles - best.fare.miles) || fare.totalMoney - best.fare.totalMoney) < 0
      )
        best = { flight, fare };
  return best;
}

/**
 * Runs {@link compareProgramsStreaming} to the end: every outcome, a `summary` in the service's terms and each program's
 * cheapest PARSED fare ({@link cheapestFare}). Rejects as the stream does.
 * @example
 * const { summary, cheapest } = await comparePrograms(client, {
 *   tripType: 'ONE_WAY', cabinType: 'ECONOMY', origin: 'GRU', destination: 'JFK',
 *   departureDate: '2026-12-15', passengers: { adults: 1 }, responseFormat: 'PARSED',
 *   programs: ['PROGRAM_1', 'PROGRAM_4'],
 * }, { maxRetries: 0, headers: { 'x-team': 'pricing' } }); // per-call options of each search
 * console.log(summary.successfulSearches, cheapest.PROGRAM_1?.fare.miles);
 */
export async function comparePrograms<const R extends CompareInput>(
  client: CompareClient,
  request: R & ExactCompare<R, CompareRequest>,
  options?: CompareOptions,
): Promise<CompareResult<ItemFor<R['responseFormat']>>> {
  const outcomes: CompareOutcome<ItemFor<R['responseFormat']>>[] = [];
  const summary = { totalAirlinesRequested: 0, successfulSearches: 0, failedSearches: 0 };
  const cheapest: Partial<Record<Program, CheapestFare>> = {};
  for await (const o of compareProgramsStreaming<R>(client, request, options)) {
    outcomes.push(o);
    summary.totalAirlinesRequested = o.total;
    const item = (o as { item?: RawResultItem | ParsedResultItem }).item;
    if (o.kind === 'skipped') continue;
    if (!item?.success) summary.failedSearches++;
    else {
      summary.successfulSearches++;
      const best = 'flights' in item && cheapestFare(item.flights, request.priceType);
      if (best) cheapest[o.program] = best;
    }
  }
  return { outcomes, summary, cheapest };
}
