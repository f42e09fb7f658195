import type { ProgramCode } from '@flight-search/sdk';
import { airport, distanceKm, type Airport } from '../airports/index.js';
import { createRandom, type Random } from '../random/index.js';
import { DAY, MINUTE, localToUtc, parseLocalDate, utcToLocal } from '../time/index.js';
import { PROGRAMS, WORLD_HUBS } from './programs.js';

/** One leg of a timetable entry, independent of the date. */
export interface LegTemplate {
  from: Airport;
  to: Airport;
  carrier: string;
  flightNumber: string;
  equipment: string;
  distanceKm: number;
  blockMinutes: number;
  /** Ground time before this leg (0 for the first). */
  layoverMinutes: number;
}

/** A timetable entry: the same itinerary flies on the days of `weekdays`. */
export interface ItineraryTemplate {
  /** Local minute of the day of the first departure. */
  departureMinute: number;
  legs: readonly LegTemplate[];
  /** Bit i set: operates on weekday i (0 = Sunday). */
  weekdays: number;
  /** Great-circle km origin to destination (the award chart's distance). */
  distanceKm: number;
}

/** A leg on a date, in local wall-clock epochs (see time/index.ts). */
export interface DatedLeg extends LegTemplate {
  departureLocal: number;
  arrivalLocal: number;
}

/** An itinerary on a date. */
export interface DatedItinerary {
  template: ItineraryTemplate;
  legs: readonly DatedLeg[];
  durationMinutes: number;
}

// Below this no airline flies (e.g. JFK-LGA): such routes get no flights.
const MIN_ROUTE_KM = 160;
// Beyond this no aircraft flies non-stop with a payload worth selling.
const MAX_DIRECT_KM = 15_500;

const cruiseSpeed = (km: number): number => (km < 800 ? 600 : km < 3000 ? 760 : 850);

/** Block time: taxi and climb overhead plus cruise at a speed that grows with stage length. */
function blockMinutes(km: number, random: Random): number {
  const minutes = 28 + (km / cruiseSpeed(km)) * 60 + random.int(0, 12);
  return Math.round(minutes / 5) * 5;
}

function equipmentFor(km: number, random: Random): string {
  if (km < 600) return random.pick(['E95', 'AT7', 'E90', '319']);
  if (km < 2500) return random.pick(['320', '32N', '738', '7M8', '321']);
  if (km < 5500) return random.pick(['32Q', '788', '763', '332', '7M9']);
  return random.pick(['77W', '789', '359', '333', '388', '781']);
}

/** Connection points for a route: program hubs first, then world hubs, only modest detours. */
function connectionPoints(program: ProgramCode, from: Airport, to: Airport, direct: number): Airport[] {
  const maxDetour = direct > 3000 ? 1.3 : 1.6;
  const seen = new Set<string>([from.iata, to.iata]);
  const points: Airport[] = [];
  for (const code of [...PROGRAMS[program].hubs, ...WORLD_HUBS]) {
    const hub = seen.has(code) ? undefined : airport(code);
    seen.add(code);
    if (!hub) continue;
    const first = distanceKm(from, hub);
    const second = distanceKm(hub, to);
    if (first >= MIN_ROUTE_KM && second >= MIN_ROUTE_KM && first <= MAX_DIRECT_KM && second <= MAX_DIRECT_KM && first + second <= direct * maxDetour) {
      points.push(hub);
    }
  }
  return points;
}

function departureMinute(km: number, random: Random): number {
  // Long-haul departs in the evening or late morning banks, short-haul all day.
  const hour = km > 4000 ? random.pick([9, 10, 11, 19, 20, 21, 22, 23]) : random.int(6, 21);
  return hour * 60 + random.int(0, 11) * 5;
}

function legTemplate(from: Airport, to: Airport, carrier: string, number: number, layover: number, random: Random): LegTemplate {
  const km = distanceKm(from, to);
  return { from, to, carrier, flightNumber: String(number), equipment: equipmentFor(km, random), distanceKm: km, blockMinutes: blockMinutes(km, random), layoverMinutes: layover };
}

const timetables = new Map<string, ItineraryTemplate[]>();

/**
 * The program's timetable on a route: direct and one-stop itineraries that
 * fly on most days, the same every week (like a real airline), so a search
 * and the price history see the same flight codes.
 */
export function timetable(seed: number, program: ProgramCode, origin: string, destination: string): ItineraryTemplate[] {
  const key = `${seed}|${program}|${origin}|${destination}`;
  const cached = timetables.get(key);
  if (cached) return cached;
  const from = airport(origin);
  const to = airport(destination);
  const entries: ItineraryTemplate[] = [];
  if (from && to && origin !== destination) {
    const random = createRandom(seed, 'timetable', program, origin, destination);
    const profile = PROGRAMS[program];
    const km = distanceKm(from, to);
    const numbers = new Set<number>();
    const flightNumber = (): number => {
      let number = profile.flightBase + random.int(0, 899);
      while (numbers.has(number)) number++;
      numbers.add(number);
      return number;
    };
    const weekdays = (): number => (random.chance(0.75) ? 0b1111111 : 0b1111111 & ~(1 << random.int(0, 6)) & ~(1 << random.int(0, 6)));
    if (km >= MIN_ROUTE_KM) {
      const atHub = profile.hubs.includes(origin) || profile.hubs.includes(destination);
      const directs = km > MAX_DIRECT_KM ? 0 : random.int(atHub ? 1 : 0, atHub ? 3 : 2);
      for (let i = 0; i < directs; i++) {
        entries.push({ departureMinute: departureMinute(km, random), legs: [legTemplate(from, to, profile.carrier, flightNumber(), 0, random)], weekdays: weekdays(), distanceKm: km });
      }
      const points = connectionPoints(program, from, to, km);
      const connections = Math.min(points.length, random.int(1, 4));
      for (let i = 0; i < connections; i++) {
        const hub = points[i] as Airport;
        const first = legTemplate(from, hub, profile.carrier, flightNumber(), 0, random);
        const secondCarrier = profile.partner && random.chance(0.6) ? profile.partner : profile.carrier;
        const second = legTemplate(hub, to, secondCarrier, flightNumber(), random.int(14, 48) * 5, random);
        entries.push({ departureMinute: departureMinute(km, random), legs: [first, second], weekdays: weekdays(), distanceKm: km });
      }
      entries.sort((a, b) => a.departureMinute - b.departureMinute);
    }
  }
  // Bounded so a long-running mock asked about many routes stays small.
  if (timetables.size > 5000) timetables.clear();
  timetables.set(key, entries);
  return entries;
}

/** The itineraries of a timetable that operate on a local `YYYY-MM-DD`, with local times from each airport's zone. */
export function itinerariesOn(entries: readonly ItineraryTemplate[], date: string): DatedItinerary[] {
  const day = parseLocalDate(date);
  const weekday = new Date(day).getUTCDay();
  const dated: DatedItinerary[] = [];
  for (const template of entries) {
    if (!(template.weekdays & (1 << weekday))) continue;
    const legs: DatedLeg[] = [];
    let departureUtc = localToUtc(template.legs[0]?.from.timeZone ?? 'UTC', day + template.departureMinute * MINUTE);
    const firstUtc = departureUtc;
    let arrivalUtc = departureUtc;
    for (const leg of template.legs) {
      departureUtc = legs.length === 0 ? departureUtc : arrivalUtc + leg.layoverMinutes * MINUTE;
      arrivalUtc = departureUtc + leg.blockMinutes * MINUTE;
      legs.push({ ...leg, departureLocal: utcToLocal(leg.from.timeZone, departureUtc), arrivalLocal: utcToLocal(leg.to.timeZone, arrivalUtc) });
    }
    dated.push({ template, legs, durationMinutes: Math.round((arrivalUtc - firstUtc) / MINUTE) });
  }
  return dated;
}

export { DAY };
