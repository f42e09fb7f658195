import type { Fare, Leg, ParsedFlight } from '@flight-search/contract';
import type { NormalizedSearch } from '../types.js';
import { createRandom, type Random } from '../random/index.js';
import { formatLocal } from '../time/index.js';
import { PROGRAMS } from './programs.js';
import { baseMiles, baseMoney, cents, dayNumber, demand, inCurrency, roundMiles, taxesPerAdult } from './pricing.js';
import { hasCabin } from './aircraft.js';
import { localNow } from '../airports/index.js';
import { rememberPerPassengerMiles } from './per-passenger.js';
import { itinerariesOn, timetable, type DatedItinerary } from './schedule.js';

type Direction = ParsedFlight['direction'];

/** Seats a business award shows, drawn from this list: mostly 1 to 4 (D174). */
const BUSINESS_SEATS: readonly number[] = [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 7];

/** The last local minute `YYYY-MM-DDTHH:mm` can write. */
const LAST_WRITABLE_LOCAL = Date.UTC(9999, 11, 31, 23, 59);

/**
 * The flights a program offers for a search: OUTBOUND on `departureDate`, and for ROUND_TRIP also
 * RETURN on `returnDate`. The same seed and search give the same flights, ids included; an unknown airport `[]`.
 */
export function generateFlights(seed: number, search: NormalizedSearch, now?: number): ParsedFlight[] {
  const past = now === undefined ? { outbound: false, inbound: false } : pastDates(search, now);
  // A date gone sells nothing (D38), nor a flight of today that has left (D139).
  const flights = past.outbound
    ? []
    : directionFlights(seed, search, 'OUTBOUND', search.origin, search.destination, search.departureDate);
  if (search.tripType === 'ROUND_TRIP' && search.returnDate && !past.outbound && !past.inbound) {
    flights.push(...directionFlights(seed, search, 'RETURN', search.destination, search.origin, search.returnDate));
  }
  if (now === undefined) return flights;
  const cutoff = saleCutoff(search, now);
  return flights.filter(
    (flight) => flight.departureDate > (flight.direction === 'OUTBOUND' ? cutoff.outbound : cutoff.inbound),
  );
}

/** The local time at the origin and destination at `now`: a flight departing at or before it is not sold (D139). */
function saleCutoff(search: NormalizedSearch, now: number): { outbound: string; inbound: string } {
  return { outbound: localNow(search.origin, now), inbound: localNow(search.destination, now) };
}

/** What of {@link saleCutoff} changes a search's answer: the local minute at each end whose date is today, else ''. */
export function saleCutoffKey(search: NormalizedSearch, now: number): string {
  const { outbound, inbound } = saleCutoff(search, now);
  const out = outbound.startsWith(search.departureDate) ? outbound.slice(0, 16) : '';
  const back = search.returnDate !== undefined && inbound.startsWith(search.returnDate) ? inbound.slice(0, 16) : '';
  return `${out}|${back}`;
}

/** Whether the departure date (at the origin) and return date (at the destination) are before today there (D38). */
export function pastDates(search: NormalizedSearch, now: number): { outbound: boolean; inbound: boolean } {
  const outbound = search.departureDate < localNow(search.origin, now).slice(0, 10);
  const inbound =
    search.tripType === 'ROUND_TRIP' &&
    search.returnDate !== undefined &&
    search.returnDate < localNow(search.destination, now).slice(0, 10);
  return { outbound, inbound };
}

function directionFlights(
  seed: number,
  search: NormalizedSearch,
  direction: Direction,
  origin: string,
  destination: string,
  date: string,
): ParsedFlight[] {
  const { program, cabinType, tripType, priceType, passengers } = search;
  const random = createRandom(
    seed,
    'flights',
    program,
    priceType,
    origin,
    destination,
    date,
    cabinType,
    tripType,
    direction,
    passengers.adults,
    passengers.children,
    passengers.infants,
  );
  // Not sold: a flight landing after 9999-12-31T23:59, or a cabin the aircraft lacks (D40).
  const itineraries = itinerariesOn(timetable(seed, program, origin, destination), date).filter((itinerary) =>
    itinerary.legs.every(
      (leg) => leg.arrivalLocal <= LAST_WRITABLE_LOCAL && hasCabin(leg.equipment, cabinType, leg.carrier),
    ),
  );
  const dayDemand = demand(seed, program, `${origin}-${destination}`, dayNumber(date));
  return itineraries.map((itinerary) =>
    flightOf(random, search, { direction, origin, destination }, itinerary, dayDemand),
  );
}

function flightOf(
  random: Random,
  search: NormalizedSearch,
  { direction, origin, destination }: { direction: Direction; origin: string; destination: string },
  itinerary: DatedItinerary,
  dayDemand: number,
): ParsedFlight {
  const { program, cabinType, tripType } = search;
  const { fares, perPassenger } = faresFor(random, search, itinerary, dayDemand);
  const legs = legsOf(itinerary, cabinType, fares[0]?.classOfService ?? null);
  const first = legs[0] as Leg;
  const flight: ParsedFlight = {
    id: random.uuid(),
    airlineLoyalty: program,
    origin,
    destination,
    departureDate: first.departureDate,
    arrivalDate: (legs[legs.length - 1] as Leg).arrivalDate,
    cabinType,
    tripType,
    direction,
    stops: legs.length - 1,
    durationMinutes: itinerary.durationMinutes,
    flightCode: legs.map((leg) => `${leg.airlineCode} ${leg.flightNumber}`).join(', '),
    availableSeats: random.chance(0.15)
      ? null
      : cabinType === 'BUSINESS'
        ? random.pick(BUSINESS_SEATS)
        : random.int(1, 9),
    // The aircraft of the longest leg is the one a traveller books the trip for.
    equipment: legs.reduce((longest, leg) => (leg.durationMinutes > longest.durationMinutes ? leg : longest), first)
      .equipment,
    fareSource: random.pick(PROGRAMS[program].fareSources),
    fares,
    legs,
  };
  rememberPerPassengerMiles(flight, perPassenger);
  return flight;
}

const legsOf = (itinerary: DatedItinerary, cabinType: Leg['cabinType'], classOfService: string | null): Leg[] =>
  itinerary.legs.map((leg, index) => ({
    airlineCode: leg.carrier,
    flightNumber: leg.flightNumber,
    cabinType,
    departureAirport: leg.from.iata,
    arrivalAirport: leg.to.iata,
    departureDate: formatLocal(leg.departureLocal),
    arrivalDate: formatLocal(leg.arrivalLocal),
    equipment: leg.equipment,
    classOfService,
    durationMinutes: leg.blockMinutes,
    isConnection: index > 0,
  }));

function faresFor(
  random: Random,
  search: NormalizedSearch,
  itinerary: DatedItinerary,
  dayDemand: number,
): { fares: Fare[]; perPassenger: number[] } {
  const { program, cabinType, priceType, passengers } = search;
  const profile = PROGRAMS[program];
  const stops = itinerary.legs.length - 1;
  const km = itinerary.template.distanceKm;
  const paying = passengers.adults + passengers.children;
  const taxesAdult = taxesPerAdult(program, cabinType, itinerary.legs, priceType);
  const taxes = cents(taxesAdult * paying + taxesAdult * 0.1 * passengers.infants);
  const families = profile.families[cabinType];
  // The dearest family is sometimes sold out on a flight.
  const offered = random.chance(0.25) ? families.slice(0, -1) : families;
  const noise = 0.97 + random.next() * 0.06;
  const fares: Fare[] = [];
  const perPassenger: number[] = [];
  for (const family of offered) {
    const classOfService = random.chance(0.1) ? null : random.pick(family.classes);
    const fare = (miles: number, money: number, fees: number, base: number | null): Fare => ({
      fareType: family.name,
      miles,
      money,
      taxes,
      fees,
      totalMoney: cents(money + taxes + fees),
      baseMiles: base,
      classOfService,
      productClass: family.productClass,
    });
    if (priceType === 'MILES') {
      const adult = roundMiles(program, baseMiles(program, cabinType, km, stops) * family.factor * dayDemand * noise);
      const infant = roundMiles(program, adult * profile.infantShare);
      perPassenger.push(adult);
      fares.push(
        fare(
          adult * paying + infant * passengers.infants,
          0,
          cents(profile.bookingFee),
          random.chance(0.15) ? null : adult,
        ),
      );
    } else {
      const adult = cents(baseMoney(program, cabinType, km, stops) * family.factor * dayDemand * noise);
      perPassenger.push(0);
      const money = cents(adult * paying + adult * profile.infantShare * passengers.infants);
      fares.push(fare(0, money, cents(profile.bookingFee + inCurrency(program, paying * 4.9)), null));
    }
  }
  return { fares, perPassenger };
}
