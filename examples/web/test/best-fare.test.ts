import { describe, expect, it } from 'vitest';
import type { Fare, ParsedFlight } from '@flight-search/sdk';
import { bestFare, cheapest } from '../src/best-fare.js';

const fare = (miles: number, totalMoney: number, fareType = 'LIGHT'): Fare => ({
  fareType,
  miles,
  money: miles ? 0 : totalMoney,
  taxes: miles ? totalMoney : 0,
  fees: 0,
  totalMoney,
  baseMiles: miles || null,
  classOfService: 'Q',
  productClass: null,
});

let next = 0;
const flight = (over: Partial<ParsedFlight>): ParsedFlight => ({
  id: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
  airlineLoyalty: 'PROGRAM_1',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15T22:40:00',
  arrivalDate: '2026-12-16T06:55:00',
  cabinType: 'ECONOMY',
  tripType: 'ONE_WAY',
  direction: 'OUTBOUND',
  stops: 0,
  durationMinutes: 615,
  flightCode: 'P1 8040',
  availableSeats: 4,
  equipment: '77W',
  fareSource: null,
  fares: [fare(35_000, 61.2)],
  legs: [],
  ...over,
});

describe('bestFare', () => {
  it('picks the lowest miles fare across flights and fares of a MILES answer, with its taxes', () => {
    const flights = [
      flight({ flightCode: 'A', fares: [fare(40_000, 50), fare(52_000, 50)] }),
      flight({ flightCode: 'B', fares: [fare(90_000, 10), fare(31_000, 75.5, 'PLUS')] }),
    ];
    const best = bestFare(flights, 'MILES');
    expect(best?.price).toBe(31_000);
    expect(best?.taxes).toBe(75.5);
    expect(best?.outbound.flight.flightCode).toBe('B');
    expect(best?.outbound.fare.fareType).toBe('PLUS');
    expect(best?.flightsFound).toBe(2);
  });

  it('ranks CASH fares by total money, not miles', () => {
    const flights = [
      flight({ flightCode: 'A', fares: [fare(0, 812.4)] }),
      flight({ flightCode: 'B', fares: [fare(0, 640)] }),
    ];
    expect(bestFare(flights, 'CASH')).toMatchObject({
      price: 640,
      taxes: 0,
      outbound: { flight: { flightCode: 'B' } },
    });
  });

  it('breaks a tie on price with fewer stops, then a shorter flight', () => {
    const flights = [
      flight({ flightCode: 'long', stops: 1, durationMinutes: 700 }),
      flight({ flightCode: 'slow', stops: 0, durationMinutes: 650 }),
      flight({ flightCode: 'fast', stops: 0, durationMinutes: 600 }),
    ];
    expect(cheapest(flights, 'MILES', 'OUTBOUND')?.flight.flightCode).toBe('fast');
  });

  it('adds the cheapest return leg of a round trip to the price', () => {
    const flights = [
      flight({ tripType: 'ROUND_TRIP', fares: [fare(30_000, 40)] }),
      flight({ tripType: 'ROUND_TRIP', direction: 'RETURN', flightCode: 'R1', fares: [fare(28_000, 20)] }),
      flight({ tripType: 'ROUND_TRIP', direction: 'RETURN', flightCode: 'R2', fares: [fare(26_000, 35)] }),
    ];
    const best = bestFare(flights, 'MILES');
    expect(best?.price).toBe(56_000);
    expect(best?.taxes).toBe(75);
    expect(best?.inbound?.flight.flightCode).toBe('R2');
  });

  it('finds nothing bookable in an empty answer or a round trip without a return leg', () => {
    expect(bestFare([], 'MILES')).toBeUndefined();
    expect(bestFare([flight({ tripType: 'ROUND_TRIP' })], 'MILES')).toBeUndefined();
  });
});
