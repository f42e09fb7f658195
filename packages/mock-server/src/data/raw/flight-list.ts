import type { ParsedFlight } from '@flight-search/contract';
import type { RawFormatter } from './types.js';
import { PROGRAMS } from '../flights/programs.js';

/** `P1-8040-OB`: the first leg's code and the direction, as this provider names offers. */
const offerId = (flight: ParsedFlight): string =>
  `${(flight.flightCode.split(',')[0] ?? '').replace(' ', '-')}-${flight.direction === 'RETURN' ? 'IB' : 'OB'}`;

/** An award API listing flights with nested fare and leg lists, camelCase. */
export const flightList: RawFormatter = (flights, search, requestId) => ({
  firstOfferId: flights[0] ? offerId(flights[0]) : undefined,
  block: {
    requestId,
    currency: PROGRAMS[search.program].currency,
    flights: flights.map((flight) => ({
      uid: flight.id,
      offerId: offerId(flight),
      code: flight.flightCode,
      cabin: flight.cabinType,
      stops: flight.stops,
      availableSeats: flight.availableSeats,
      departure: { airport: flight.origin, date: flight.departureDate },
      arrival: { airport: flight.destination, date: flight.arrivalDate },
      duration: { hours: Math.floor(flight.durationMinutes / 60), minutes: flight.durationMinutes % 60 },
      miles: flight.fares[0]?.miles ?? 0,
      fareList: flight.fares.map((fare) => ({
        type: fare.fareType,
        miles: fare.miles,
        baseMiles: fare.baseMiles,
        airlineFareClass: fare.classOfService,
        money: fare.money,
        taxes: fare.taxes,
        fees: fare.fees,
      })),
      legList: flight.legs.map((leg) => ({
        flightNumber: `${leg.airlineCode}${leg.flightNumber}`,
        operatedBy: leg.airlineCode,
        departure: { airport: leg.departureAirport, date: leg.departureDate },
        arrival: { airport: leg.arrivalAirport, date: leg.arrivalDate },
        aircraftCode: leg.equipment,
        durationMinutes: leg.durationMinutes,
      })),
    })),
    passengers: { ADT: search.passengers.adults, CHD: search.passengers.children, INF: search.passengers.infants },
  },
});
