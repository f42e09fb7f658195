import type { ParsedFlight } from '@flight-search/contract';
import type { RawFormatter } from './types.js';
import { PROGRAMS } from '../flights/programs.js';
import { familySeats, isoDuration } from './types.js';

const offerId = (flight: ParsedFlight, index: number): string =>
  `${flight.direction === 'RETURN' ? 'IB' : 'OB'}-${index + 1}`;

/** An NDC-style shopping API: `itineraries` and `offers` referencing them. Every cash search, and some programs' miles searches. */
export const offers: RawFormatter = (flights, search, requestId) => {
  const cash = search.priceType === 'CASH';
  const currency = PROGRAMS[search.program].currency;
  return {
    firstOfferId: flights[0] ? offerId(flights[0], 0) : undefined,
    block: {
      shoppingResponseId: requestId,
      itineraries: flights.map((flight, index) => ({
        itineraryId: `IT-${index + 1}`,
        duration: isoDuration(flight.durationMinutes),
        segments: flight.legs.map((leg) => ({
          marketingCarrier: leg.airlineCode,
          flightNumber: leg.flightNumber,
          from: leg.departureAirport,
          to: leg.arrivalAirport,
          departureTime: leg.departureDate,
          arrivalTime: leg.arrivalDate,
          aircraft: leg.equipment,
          duration: isoDuration(leg.durationMinutes),
        })),
      })),
      offers: flights.flatMap((flight, index) =>
        flight.fares.map((fare, fareIndex) => ({
          offerId: fareIndex === 0 ? offerId(flight, index) : `${offerId(flight, index)}-${fare.fareType}`,
          itineraryRef: `IT-${index + 1}`,
          brand: fare.fareType,
          bookingClass: fare.classOfService,
          seatsRemaining: familySeats(flight.availableSeats, fareIndex, flight.fares.length),
          price: cash ? { amount: fare.totalMoney, currency } : { points: fare.miles, basePoints: fare.baseMiles },
          taxes: { amount: fare.taxes, currency },
          fees: { amount: fare.fees, currency },
        })),
      ),
    },
  };
};
