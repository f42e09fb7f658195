import type { CabinType, HistoryLeg, HistoryRecord, MilesProgram } from '@flight-search/contract';
import { hasCabin } from '../data/flights/aircraft.js';
import { baseMiles, cents, demand, roundMiles, taxesPerAdult } from '../data/flights/pricing.js';
import { PROGRAMS } from '../data/flights/programs.js';
import { itinerariesOn, timetable, type DatedItinerary } from '../data/flights/schedule.js';
import { createRandom, hashKey } from '../data/random/index.js';
import { DAY, formatLocal, formatLocalDate, formatUtc } from '../data/time/index.js';

const HOUR = 3_600_000;
/** Days of collections before today. */
const COLLECTION_DAYS = 30;
/** Prices start to rise this many days before departure. */
const HORIZON_DAYS = 21;
/** The collector visits a route, program and cabin once every this many days (D44). */
const CADENCE_DAYS = 3;
/** Flights per departure date a collector keeps: the cheapest (D44). */
const FLIGHTS_PER_DATE = 1;
/** Departure dates in a visit's calendar: the watched weekday this week and the next ones (D101). */
const CALENDAR_WEEKS = 3;
/** One visit in this many also opens its nearest departure's itinerary (fares, legs, seats) (D101). */
const DETAIL_EVERY = 5;

/** The route of a baseline: concrete airports (expand city codes first), cabin and program. */
export interface BaselineRoute {
  origin: string;
  destination: string;
  cabinType: CabinType;
  program: MilesProgram;
}

/** Prices rise as departure nears: +30 % on the day of departure, nothing three weeks out (the calendar's horizon, D101). */
const advance = (daysAhead: number): number => 1 + 0.3 * Math.max(0, 1 - daysAhead / HORIZON_DAYS);

/** A watched departure's itinerary, with everything that does not change between collections worked out once. */
interface WatchedFlight {
  departureDate: string;
  arrivalDate: string;
  flightCode: string;
  /** Cheapest family's miles for one adult before demand. */
  base: number;
  taxes: number;
  legs: HistoryLeg[];
}

/**
 * Price history the mock "collected" before anyone searched (D44, D101): over the 30 UTC days before `now`'s,
 * a visit every 3 days at a fixed UTC hour records the cheapest itinerary of the next 3 departures on a watched
 * weekday, at one adult's price; one visit in 5 keeps the nearest one's fares, legs and seats. Deterministic for
 * a seed, route and UTC day; a route without service gives `[]`.
 *
 * @example
 * baselineHistory(42, { origin: 'GRU', destination: 'JFK', cabinType: 'ECONOMY', program: 'PROGRAM_1' }, Date.now());
 */
export function baselineHistory(seed: number, route: BaselineRoute, now: number): HistoryRecord[] {
  const { origin, destination, cabinType, program } = route;
  const entries = timetable(seed, program, origin, destination);
  if (entries.length === 0) return [];
  const routeKey = `${origin}-${destination}`;
  const routeHash = hashKey(seed, 'baseline', program, routeKey, cabinType);
  const today = Math.floor(now / DAY);
  const collectionHour = collectionHourOf(routeHash);
  const watchedWeekday = routeHash % 7;
  const watched = new Map<number, WatchedFlight[]>();
  const watch = (day: number): WatchedFlight[] => {
    let flights = watched.get(day);
    if (!flights) {
      flights = itinerariesOn(entries, formatLocalDate(day * DAY))
        .filter((itinerary) => itinerary.legs.every((leg) => hasCabin(leg.equipment, cabinType, leg.carrier)))
        .map((itinerary) => watchedFlight(program, cabinType, itinerary))
        .sort((a, b) => a.base - b.base)
        .slice(0, FLIGHTS_PER_DATE);
      watched.set(day, flights);
    }
    return flights;
  };

  const records: HistoryRecord[] = [];
  for (let collectionDay = today - COLLECTION_DAYS; collectionDay < today; collectionDay++) {
    if ((collectionDay + routeHash) % CADENCE_DAYS !== 0) continue;
    const collectedAt = collectionDay * DAY + collectionHour * HOUR + (routeHash % 3600) * 1000;
    const createdAt = formatUtc(collectedAt);
    const visit = Math.floor((collectionDay + routeHash) / CADENCE_DAYS);
    // The next departures on the watched weekday, a week apart (D101); (day + 4) % 7 is the weekday, 0 = Sunday.
    const nearest = collectionDay + 1 + ((watchedWeekday - ((collectionDay + 1 + 4) % 7) + 7) % 7);
    for (let week = 0; week < CALENDAR_WEEKS; week++) {
      const day = nearest + 7 * week;
      const random = createRandom(routeHash, collectedAt, week);
      const dayDemand = demand(seed, program, routeKey, day) * advance(day - collectionDay);
      // One visit in DETAIL_EVERY opens the nearest departure's itinerary.
      const detailed = week === 0 && visit % DETAIL_EVERY === 0;
      for (const flight of watch(day)) {
        const base = flight.base * dayDemand * (0.99 + random.next() * 0.02);
        records.push(baselineRecord(route, flight, base, { createdAt, detailed, random }));
      }
    }
  }
  return records;
}

/** A watched flight's record at one visit; `random`'s draws in a fixed order. */
function baselineRecord(
  route: BaselineRoute,
  flight: WatchedFlight,
  base: number,
  { createdAt, detailed, random }: { createdAt: string; detailed: boolean; random: ReturnType<typeof createRandom> },
): HistoryRecord {
  const { origin, destination, cabinType, program } = route;
  const profile = PROGRAMS[program];
  const families = profile.families[cabinType];
  const fees = cents(profile.bookingFee);
  const basePrice = roundMiles(program, base);
  const record: HistoryRecord = {
    id: random.uuid(),
    airlineLoyalty: program,
    departureDate: flight.departureDate,
    arrivalDate: flight.arrivalDate,
    cabinType,
    concierge: cabinType === 'BUSINESS' && random.chance(0.05) ? 'Concierge booking available by phone' : null,
    origin,
    destination,
    flightCode: flight.flightCode,
    fareType: families[0]?.name ?? 'UNKNOWN',
    basePrice,
    milesClubPrice: Math.min(basePrice - 1, Math.round(basePrice * profile.clubShare)),
    createdAt,
  };
  // What the provider returned at collection time varies (spec 2.3): some fields are absent.
  if (random.next() >= 0.05) {
    record.tripType = 'ONE_WAY';
    record.roundTrip = 'OUTBOUND';
  }
  if (detailed) {
    if (random.next() >= 0.12) record.availableSeats = random.int(1, 9);
    if (random.next() >= 0.1) {
      record.fares = families.map((family, index) => ({
        fareType: family.name,
        miles: index === 0 ? basePrice : roundMiles(program, base * family.factor),
        money: 0,
        taxes: flight.taxes,
        fees,
        totalMoney: cents(flight.taxes + fees),
        productClass: family.productClass,
        classOfService: family.classes[0] ?? null,
      }));
    }
    if (random.next() >= 0.1) record.legs = flight.legs;
  }
  return record;
}

function watchedFlight(program: MilesProgram, cabinType: CabinType, itinerary: DatedItinerary): WatchedFlight {
  const legs = itinerary.legs;
  const first = legs[0];
  const last = legs[legs.length - 1];
  const km = itinerary.template.distanceKm;
  return {
    departureDate: first ? formatLocal(first.departureLocal) : '',
    arrivalDate: last ? formatLocal(last.arrivalLocal) : '',
    flightCode: legs.map((leg) => `${leg.carrier} ${leg.flightNumber}`).join(', '),
    base: baseMiles(program, cabinType, km, legs.length - 1),
    taxes: taxesPerAdult(program, cabinType, legs),
    legs: legs.map((leg) => ({
      equipment: leg.equipment,
      cabinType,
      airlineCode: leg.carrier,
      arrivalDate: formatLocal(leg.arrivalLocal),
      flightNumber: leg.flightNumber,
      departureDate: formatLocal(leg.departureLocal),
      arrivalAirport: leg.to.iata,
      classOfService: null,
      departureAirport: leg.from.iata,
    })),
  };
}

/** The fixed UTC hour at which the program's collector visits this route (D44). */
const collectionHourOf = (routeHash: number): number => (routeHash >>> 4) % 24;
