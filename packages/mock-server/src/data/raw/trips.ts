import type { RawFormatter } from './types.js';
import { familySeats } from './types.js';
import { PROGRAMS } from '../flights/programs.js';

/** A snake_case award engine nesting `trips[].segments` and `fare_options`. */
export const trips: RawFormatter = (flights, search, requestId) => ({
  firstOfferId: flights[0]?.id,
  block: {
    search_id: requestId,
    cabin_code: search.cabinType === 'BUSINESS' ? 'J' : 'Y',
    trips: flights.map((flight) => ({
      trip_id: flight.id,
      origin_code: flight.origin,
      destination_code: flight.destination,
      total_duration_min: flight.durationMinutes,
      number_of_stops: flight.stops,
      fare_source: flight.fareSource,
      segments: flight.legs.map((leg, index) => ({
        segment_number: index + 1,
        carrier_code: leg.airlineCode,
        flight_no: leg.flightNumber,
        dep_airport: leg.departureAirport,
        arr_airport: leg.arrivalAirport,
        dep_time_local: leg.departureDate,
        arr_time_local: leg.arrivalDate,
        equipment_code: leg.equipment,
        booking_class: leg.classOfService,
        is_connection: leg.isConnection,
      })),
      fare_options: flight.fares.map((fare, fareIndex) => ({
        fare_family: fare.fareType,
        product_class: fare.productClass,
        miles_required: fare.miles,
        base_miles: fare.baseMiles,
        taxes_amount: fare.taxes,
        fees_amount: fare.fees,
        currency_code: PROGRAMS[search.program].currency,
        seats_remaining: familySeats(flight.availableSeats, fareIndex, flight.fares.length),
      })),
    })),
  },
});
