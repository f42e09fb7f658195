import type { Fare, ParsedFlight, PriceType } from '@flight-search/sdk';

export interface FareChoice {
  flight: ParsedFlight;
  fare: Fare;
}

/** What a card shows for a successful program. */
export interface BestFare {
  priceType: PriceType;
  /** Miles (MILES) or money (CASH) of the cheapest outbound fare, plus the cheapest return fare for a round trip. */
  price: number;
  /** Taxes and fees in money that come on top of a MILES price. */
  taxes: number;
  outbound: FareChoice;
  inbound?: FareChoice;
  /** Flights the program returned, both directions. */
  flightsFound: number;
}

/** The number fares are ranked by: miles for a MILES search, total money for CASH. */
export const fareCost = (fare: Fare, priceType: PriceType): number =>
  priceType === 'MILES' ? fare.miles : fare.totalMoney;

/** The cheapest fare among `flights` of one direction; ties go to fewer stops, then a shorter flight. */
export function cheapest(
  flights: readonly ParsedFlight[],
  priceType: PriceType,
  direction: ParsedFlight['direction'],
): FareChoice | undefined {
  let best: FareChoice | undefined;
  for (const flight of flights) {
    if (flight.direction !== direction) continue;
    for (const fare of flight.fares) {
      if (!best || isBetter({ flight, fare }, best, priceType)) best = { flight, fare };
    }
  }
  return best;
}

function isBetter(a: FareChoice, b: FareChoice, priceType: PriceType): boolean {
  const byCost = fareCost(a.fare, priceType) - fareCost(b.fare, priceType);
  if (byCost) return byCost < 0;
  const byStops = a.flight.stops - b.flight.stops;
  if (byStops) return byStops < 0;
  return a.flight.durationMinutes < b.flight.durationMinutes;
}

/**
 * The best fare of one program's PARSED answer: its cheapest outbound fare
 * and, for a round trip, its cheapest return fare. `undefined` when the
 * program found nothing bookable (`flights: []` or no fares).
 */
export function bestFare(flights: readonly ParsedFlight[], priceType: PriceType): BestFare | undefined {
  const outbound = cheapest(flights, priceType, 'OUTBOUND');
  if (!outbound) return undefined;
  const roundTrip = outbound.flight.tripType === 'ROUND_TRIP';
  const inbound = roundTrip ? cheapest(flights, priceType, 'RETURN') : undefined;
  // A round trip without a bookable return leg is not a bookable trip.
  if (roundTrip && !inbound) return undefined;
  const legs = inbound ? [outbound, inbound] : [outbound];
  return {
    priceType,
    price: legs.reduce((sum, leg) => sum + fareCost(leg.fare, priceType), 0),
    taxes: priceType === 'MILES' ? legs.reduce((sum, leg) => sum + leg.fare.totalMoney, 0) : 0,
    outbound,
    ...(inbound && { inbound }),
    flightsFound: flights.length,
  };
}
