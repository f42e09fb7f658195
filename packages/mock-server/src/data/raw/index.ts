import type { ParsedFlight, ProgramCode, RawProviderData } from '@flight-search/contract';
import type { NormalizedSearch } from '../types.js';
import { createRandom } from '../random/index.js';
import { flightList } from './flight-list.js';
import { journeys } from './journeys.js';
import { offers } from './offers.js';
import { trips } from './trips.js';
import type { RawFormatter } from './types.js';

const MILES_FORMATS: Readonly<Record<ProgramCode, RawFormatter>> = {
  PROGRAM_1: flightList,
  PROGRAM_2: offers,
  PROGRAM_3: trips,
  PROGRAM_3_INTERLINE: trips,
  PROGRAM_4: flightList,
  PROGRAM_5: offers,
  PROGRAM_6: trips,
  PROGRAM_7: journeys,
  PROGRAM_8: offers,
};

/**
 * The provider's own answer for a search, as RAW `data`, in each program family's format. Round trip:
 * `{ outbound, inbound, selectedOutboundOfferId }`; one-way cash: `{ outbound, inbound: null }`; miles: `{ outbound }`.
 */
export function toRawData(search: NormalizedSearch, flights: readonly ParsedFlight[], seed: number): RawProviderData {
  const format = search.priceType === 'CASH' ? offers : MILES_FORMATS[search.program];
  const requestId = createRandom(
    seed,
    'raw',
    search.program,
    search.origin,
    search.destination,
    search.departureDate,
    search.returnDate ?? '',
  ).uuid();
  const of = (direction: ParsedFlight['direction']) =>
    format(
      flights.filter((flight) => flight.direction === direction),
      search,
      requestId,
    );
  const outbound = of('OUTBOUND');
  if (search.tripType === 'ROUND_TRIP') {
    const inbound = of('RETURN');
    return { outbound: outbound.block, inbound: inbound.block, selectedOutboundOfferId: outbound.firstOfferId ?? '' };
  }
  return search.priceType === 'CASH' ? { outbound: outbound.block, inbound: null } : { outbound: outbound.block };
}
