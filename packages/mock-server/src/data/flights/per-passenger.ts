import type { ParsedFlight } from '@flight-search/contract';

// History records need a fare's miles per passenger, which the contract's fields do not carry.
const perPassenger = new WeakMap<ParsedFlight, readonly number[]>();

export function rememberPerPassengerMiles(flight: ParsedFlight, miles: readonly number[]): void {
  perPassenger.set(flight, miles);
}

/** Miles per passenger of each fare: as generated, else `baseMiles`, else `miles`. */
export function perPassengerMiles(flight: ParsedFlight): number[] {
  const known = perPassenger.get(flight);
  return flight.fares.map((fare, index) => known?.[index] ?? fare.baseMiles ?? fare.miles);
}
