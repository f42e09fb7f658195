import type { CabinType, HistoryFare, HistoryLeg, HistoryRecord, MilesProgram } from '@flight-search/sdk';
import { baseMiles, cents, demand, roundMiles, taxesPerAdult } from '../flights/pricing.js';
import { PROGRAMS } from '../flights/programs.js';
import { itinerariesOn, timetable, type DatedItinerary } from '../flights/schedule.js';
import { createRandom, hashKey } from '../random/index.js';
import { DAY, formatLocal, formatLocalDate, formatUtc } from '../time/index.js';

const HOUR = 3_600_000;
/** Days of collections before today. */
const COLLECTION_DAYS = 30;
/** A collection looks at watched departures up to this many days ahead. */
const HORIZON_DAYS = 21;
/** Flights per departure date a collector keeps (the first of the day). */
const FLIGHTS_PER_DATE = 3;

/** The route of a baseline: concrete airports (expand city codes first), cabin and program. */
export interface BaselineRoute {
  origin: string;
  destination: string;
  cabinType: CabinType;
  program: MilesProgram;
}

/** Prices rise as departure nears: +30 % at the day of departure, nothing three weeks out. */
const advance = (daysAhead: number): number => 1 + 0.3 * Math.max(0, 1 - daysAhead / HORIZON_DAYS);

interface WatchedDate {
  day: number;
  itineraries: DatedItinerary[];
  legs: HistoryLeg[][];
}

/**
 * Price history the mock "collected" before anyone searched: for each of the
 * 30 UTC days before the day of `now`, one to three collections at fixed UTC
 * hours of the program, each recording the first flights of the watched
 * departure dates (one weekday of the route, up to three weeks ahead) at one
 * adult's price. Prices drift smoothly with the departure day and rise as
 * departure nears, so a chart of them is a believable series. Deterministic
 * for a seed, route and UTC day of `now`; unknown airports give `[]`.
 *
 * @example
 * baselineHistory(42, { origin: 'GRU', destination: 'JFK', cabinType: 'ECONOMY', program: 'PROGRAM_1' }, Date.now());
 */
export function baselineHistory(seed: number, route: BaselineRoute, now: number): HistoryRecord[] {
  const { origin, destination, cabinType, program } = route;
  const entries = timetable(seed, program, origin, destination);
  if (entries.length === 0) return [];
  const profile = PROGRAMS[program];
  const routeKey = `${origin}-${destination}`;
  const routeHash = hashKey(seed, 'baseline', program, routeKey, cabinType);
  const today = Math.floor(now / DAY);
  const hours = collectionHours(routeHash);
  const watchedWeekday = routeHash % 7;
  const families = profile.families[cabinType];
  const watched = new Map<number, WatchedDate>();
  const watch = (day: number): WatchedDate => {
    let date = watched.get(day);
    if (!date) {
      const itineraries = itinerariesOn(entries, formatLocalDate(day * DAY)).slice(0, FLIGHTS_PER_DATE);
      date = { day, itineraries, legs: itineraries.map(historyLegs(cabinType)) };
      watched.set(day, date);
    }
    return date;
  };

  const records: HistoryRecord[] = [];
  for (let collectionDay = today - COLLECTION_DAYS; collectionDay < today; collectionDay++) {
    for (const hour of hours) {
      const createdAt = collectionDay * DAY + hour * HOUR + (routeHash % 3600) * 1000;
      const random = createRandom(routeHash, createdAt);
      for (let day = collectionDay + 1; day <= collectionDay + HORIZON_DAYS; day++) {
        // 1970-01-01 was a Thursday: (day + 4) % 7 is the weekday, 0 = Sunday.
        if ((day + 4) % 7 !== watchedWeekday) continue;
        const date = watch(day);
        const dayDemand = demand(seed, program, routeKey, day) * advance(day - collectionDay);
        date.itineraries.forEach((itinerary, index) => {
          const stops = itinerary.legs.length - 1;
          const km = itinerary.template.distanceKm;
          const base = baseMiles(program, cabinType, km, stops) * dayDemand * (0.99 + random.next() * 0.02);
          const first = itinerary.legs[0];
          const last = itinerary.legs[stops];
          if (!first || !last) return;
          const taxes = taxesPerAdult(km, itinerary.legs.length, itinerary.legs.some((leg) => leg.to.country !== first.from.country));
          const fees = cents(profile.bookingFee);
          const fares: HistoryFare[] = families.map((family) => ({
            fareType: family.name,
            miles: roundMiles(program, base * family.factor),
            money: 0,
            taxes,
            fees,
            totalMoney: cents(taxes + fees),
            productClass: family.productClass,
            classOfService: family.classes[0] ?? null,
          }));
          const cheapest = fares[0] as HistoryFare;
          const record: HistoryRecord = {
            id: random.uuid(),
            airlineLoyalty: program,
            departureDate: formatLocal(first.departureLocal),
            arrivalDate: formatLocal(last.arrivalLocal),
            cabinType,
            concierge: cabinType === 'BUSINESS' && random.chance(0.05) ? 'Concierge booking available by phone' : null,
            origin,
            destination,
            flightCode: itinerary.legs.map((leg) => `${leg.carrier} ${leg.flightNumber}`).join(', '),
            fareType: cheapest.fareType,
            basePrice: cheapest.miles,
            milesClubPrice: Math.min(cheapest.miles - 1, Math.round(cheapest.miles * profile.clubShare)),
            createdAt: formatUtc(createdAt),
          };
          // What the provider returned at collection time varies (spec 2.3): some fields are absent.
          if (!random.chance(0.05)) {
            record.tripType = 'ONE_WAY';
            record.roundTrip = 'OUTBOUND';
          }
          if (!random.chance(0.12)) record.availableSeats = random.int(1, 9);
          if (!random.chance(0.1)) record.fares = fares;
          if (!random.chance(0.1)) record.legs = date.legs[index] ?? [];
          records.push(record);
        });
      }
    }
  }
  return records;
}

/** One to three fixed UTC hours a day at which the program's collector runs on this route. */
function collectionHours(routeHash: number): number[] {
  const count = 1 + (routeHash % 3);
  const start = (routeHash >>> 4) % 8;
  return Array.from({ length: count }, (_, i) => start + i * 8);
}

const historyLegs = (cabinType: CabinType) => (itinerary: DatedItinerary): HistoryLeg[] =>
  itinerary.legs.map((leg) => ({
    equipment: leg.equipment,
    cabinType,
    airlineCode: leg.carrier,
    arrivalDate: formatLocal(leg.arrivalLocal),
    flightNumber: leg.flightNumber,
    departureDate: formatLocal(leg.departureLocal),
    arrivalAirport: leg.to.iata,
    classOfService: null,
    departureAirport: leg.from.iata,
  }));
