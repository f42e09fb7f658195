import type { ParsedFlight } from '@flight-search/contract';

// A fare's `miles` is the total for every passenger; history records need the
// price of one passenger. The generator remembers it here for the flights it
// made, without adding fields the contract does not have.
const perPassenger = new WeakMap<ParsedFlight, readonly number[]>();

export function rememberPerPassengerMiles(flight: ParsedFlight, miles: readonly number[]): void {
  perPassenger.set(flight, miles);
}

/**
 * Miles per passenger of each fare of a flight: what the generator recorded,
 * else the fare's `baseMiles` (the adult price), else its total `miles`.
 */
export function perPassengerMiles(flight: ParsedFlight): number[] {
  const known = perPassenger.get(flight);
  return flight.fares.map((fare, index) => known?.[index] ?? fare.baseMiles ?? fare.miles);
}
