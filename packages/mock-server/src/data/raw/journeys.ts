import type { RawFormatter } from './types.js';
import { familySeats } from './types.js';
import { PROGRAMS } from '../flights/programs.js';

/** A PascalCase award API wrapping `Journeys` in a result envelope. */
export const journeys: RawFormatter = (flights, search, requestId) => ({
  firstOfferId: flights[0] ? `JK~${flights[0].id.slice(0, 8)}` : undefined,
  block: {
    Status: 'OK',
    CorrelationId: requestId,
    Result: {
      Journeys: flights.map((flight) => ({
        JourneyKey: `JK~${flight.id.slice(0, 8)}`,
        Origin: flight.origin,
        Destination: flight.destination,
        DepartureLocal: flight.departureDate,
        ArrivalLocal: flight.arrivalDate,
        ElapsedMinutes: flight.durationMinutes,
        Cabin: search.cabinType,
        Segments: flight.legs.map((leg) => ({
          Carrier: leg.airlineCode,
          Number: Number(leg.flightNumber),
          Board: leg.departureAirport,
          Off: leg.arrivalAirport,
          STD: leg.departureDate,
          STA: leg.arrivalDate,
          Equipment: leg.equipment,
          Rbd: leg.classOfService,
        })),
        Fares: flight.fares.map((fare, fareIndex) => ({
          FareFamily: fare.fareType,
          PointsPrice: fare.miles,
          TaxesAndFees: {
            Amount: Math.round((fare.taxes + fare.fees) * 100) / 100,
            Currency: PROGRAMS[search.program].currency,
          },
          SeatsAvailable: familySeats(flight.availableSeats, fareIndex, flight.fares.length),
        })),
      })),
    },
  },
});
