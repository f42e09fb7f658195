import type { RawFormatter } from './types.js';

/**
 * A loyalty-program award API that lists flights with nested fare and leg
 * lists, camelCase, miles and taxes apart (PROGRAM_1, PROGRAM_4).
 */
export const flightList: RawFormatter = (flights, search, requestId) => ({
  firstOfferId: flights[0] ? `${flights[0].flightCode.split(',')[0]?.replace(' ', '-')}-${flights[0].direction === 'RETURN' ? 'IB' : 'OB'}` : undefined,
  block: {
    requestId,
    currency: 'BRL',
    flights: flights.map((flight) => ({
      uid: flight.id,
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
