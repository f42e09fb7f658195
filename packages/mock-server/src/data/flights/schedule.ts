import type { ProgramCode } from '@flight-search/contract';
import { airport, distanceKm, type Airport } from '../airports/index.js';
import { limitsOf } from '../airports/limits.js';
import { createRandom, hashKey, type Random } from '../random/index.js';
import { DAY, MINUTE, localToUtc, parseLocalDate, utcToLocal } from '../time/index.js';
import { AIRCRAFT, typesForStage } from './aircraft.js';
import { ALLIANCES, type PartnerCarrier } from '../generated/carriers.js';
import { PROGRAMS, WORLD_HUBS } from './programs.js';

/** One leg of a timetable entry. */
export interface LegTemplate {
  from: Airport;
  to: Airport;
  carrier: string;
  flightNumber: string;
  equipment: string;
  distanceKm: number;
  blockMinutes: number;
  /** Local minute of the day it departs. */
  departureMinute: number;
  /** Days after the itinerary's date it departs, in its airport's clock: -1, 0 or 1. */
  dayOffset: number;
  /** Ground time before this leg on the first reference day (0 for the first leg). */
  layoverMinutes: number;
}

/** A timetable entry, flying on the days of `weekdays`. */
export interface ItineraryTemplate {
  departureMinute: number;
  legs: readonly LegTemplate[];
  /** Bit i set: operates on weekday i (0 = Sunday). */
  weekdays: number;
  /** Great-circle km origin to destination. */
  distanceKm: number;
}

/** A leg on a date, in local epochs. */
export interface DatedLeg extends LegTemplate {
  departureLocal: number;
  arrivalLocal: number;
}

export interface DatedItinerary {
  template: ItineraryTemplate;
  legs: readonly DatedLeg[];
  durationMinutes: number;
}

// Below this no airline flies (JFK-LGA); TLL-HEL (101 km, Finnair) is above.
const MIN_ROUTE_KM = 90;
const MAX_DIRECT_KM = 15_500;

/** Still-air block speed by stage length, km/h (D171). */
function cruiseSpeed(km: number): number {
  if (km < 800) return 600;
  if (km < 3000) return 760;
  for (let i = 1; i < CRUISE.length; i++) {
    const [x1, y1] = CRUISE[i] as readonly [number, number];
    if (km <= x1) {
      const [x0, y0] = CRUISE[i - 1] as readonly [number, number];
      return y0 + ((y1 - y0) * (km - x0)) / (x1 - x0);
    }
  }
  return (CRUISE[CRUISE.length - 1] as readonly [number, number])[1];
}
const CRUISE: readonly (readonly [number, number])[] = [
  [3000, 745],
  [5500, 790],
  [9000, 850],
  [12000, 870],
];
/** Westerly wind at full strength, km/h: the jet streams' mean along a track (D171). */
const JET_STREAM_KMH = 80;
const MAX_GROUND_KMH = 915;
const WIND_SAMPLES = 16;

/** Strength of the westerlies at a latitude, 0..1: none in the tropics, full from 30 to 55 degrees, 0.4 from 75. */
function westerlies(latitude: number): number {
  const lat = Math.abs(latitude);
  if (lat < 15) return 0;
  if (lat < 30) return (lat - 15) / 15;
  if (lat <= 55) return 1;
  return Math.max(0.4, 1 - ((lat - 55) / 20) * 0.6);
}

/** The wind along a leg, km/h (positive: tailwind), averaged over points of the great circle (D171). */
function windKmh(from: Airport, to: Airport): number {
  const rad = Math.PI / 180;
  const [lat1, lon1, lat2, lon2] = [from.lat * rad, from.lon * rad, to.lat * rad, to.lon * rad];
  const angle = distanceKm(from, to) / 6371;
  if (angle === 0) return 0;
  const [ax, ay, az] = [Math.cos(lat1) * Math.cos(lon1), Math.cos(lat1) * Math.sin(lon1), Math.sin(lat1)];
  const [bx, by, bz] = [Math.cos(lat2) * Math.cos(lon2), Math.cos(lat2) * Math.sin(lon2), Math.sin(lat2)];
  let sum = 0;
  for (let i = 0; i < WIND_SAMPLES; i++) {
    const t = (i + 0.5) / WIND_SAMPLES;
    const wa = Math.sin((1 - t) * angle) / Math.sin(angle);
    const wb = Math.sin(t * angle) / Math.sin(angle);
    const [x, y, z] = [wa * ax + wb * bx, wa * ay + wb * by, wa * az + wb * bz];
    const lat = Math.atan2(z, Math.hypot(x, y));
    const lon = Math.atan2(y, x);
    const dLon = lon2 - lon;
    const bearing = Math.atan2(
      Math.sin(dLon) * Math.cos(lat2),
      Math.cos(lat) * Math.sin(lat2) - Math.sin(lat) * Math.cos(lat2) * Math.cos(dLon),
    );
    sum += westerlies(lat / rad) * Math.sin(bearing);
  }
  return (JET_STREAM_KMH * sum) / WIND_SAMPLES;
}

/** Block time: taxi and climb plus cruise. */
function blockMinutes(km: number, wind: number, random: Random): number {
  const ground = Math.min(MAX_GROUND_KMH, cruiseSpeed(km) + wind);
  const minutes = 28 + (km / ground) * 60 + random.int(0, 6);
  return Math.round(minutes / 5) * 5;
}

/** Whether an aircraft type can use an airport. */
function fits(code: string, at: Airport): boolean {
  const type = AIRCRAFT[code];
  if (!type) return false;
  const approved = limitsOf(at.iata).equipment;
  return (at.runwayFt === undefined || at.runwayFt >= type.minRunwayFt) && (!approved || approved.includes(code));
}

/** The aircraft for a leg from a fleet; a wide-body stands in for a narrow-body only from 1,500 km. */
function equipmentFor(
  fleet: readonly string[],
  from: Airport,
  to: Airport,
  km: number,
  random: Random,
): string | undefined {
  const usable = (code: string): boolean => (AIRCRAFT[code]?.rangeKm ?? 0) >= km && fits(code, from) && fits(code, to);
  const preferred = typesForStage(km).filter((code) => fleet.includes(code) && usable(code));
  if (preferred.length > 0) return random.pick(preferred);
  const any = fleet.filter((code) => usable(code) && (km >= 1500 || (AIRCRAFT[code]?.rangeKm ?? 0) <= 7_400));
  return any.length > 0 ? random.pick(any) : undefined;
}

/** Whether a non-stop may operate between two airports, by their limits (D39, D173). */
function legAllowed(from: Airport, to: Airport, km: number): boolean {
  for (const [here, there] of [
    [from, to],
    [to, from],
  ] as const) {
    const limits = limitsOf(here.iata);
    if (limits.lowCostOnly) return false;
    if (limits.maxStageKm !== undefined && km > limits.maxStageKm) return false;
    if (limits.domesticOnly && there.country !== here.country) return false;
    if (
      limits.perimeterKm !== undefined &&
      km > limits.perimeterKm &&
      !limits.perimeterExceptions?.includes(there.iata)
    )
      return false;
  }
  return true;
}

/**
 * The airlines that may fly a leg for a program, preferred first (D136): its own airline when the leg
 * touches a home country, else its alliance's members based at the leg's departure, then its arrival.
 */
function carriersFor(
  program: ProgramCode,
  from: Airport,
  to: Airport,
): readonly { code: string; fleet: readonly string[] }[] {
  const profile = PROGRAMS[program];
  if (profile.home.includes(from.country) || profile.home.includes(to.country))
    return [{ code: profile.carrier, fleet: profile.fleet }];
  const members: readonly PartnerCarrier[] = ALLIANCES[profile.alliance];
  return [
    ...members.filter((member) => member.country === from.country),
    ...members.filter((member) => member.country === to.country && to.country !== from.country),
  ];
}

/** Connection points for a route: program hubs, then world hubs, modest detours. */
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
    if (
      first >= MIN_ROUTE_KM &&
      second >= MIN_ROUTE_KM &&
      first <= MAX_DIRECT_KM &&
      second <= MAX_DIRECT_KM &&
      first + second <= direct * maxDetour &&
      legAllowed(from, hub, first) &&
      legAllowed(hub, to, second)
    ) {
      points.push(hub);
    }
  }
  return points;
}

function departureMinute(km: number, random: Random): number {
  // Long-haul in the morning and evening banks, short-haul all day.
  const hour = km > 4000 ? random.pick([9, 10, 11, 19, 20, 21, 22, 23]) : random.int(6, 21);
  return hour * 60 + random.int(0, 11) * 5;
}

/** One of a carrier's daily flights on a route, shared by every itinerary that uses it (D179). */
interface RouteFlight {
  flightNumber: string;
  equipment: string;
  blockMinutes: number;
  departureMinute: number;
  weekdays: number;
}

/** Most flights a carrier flies on one route a day: the numbers reserved per route. */
const MAX_DAILY = 4;
const MIN_NUMBER = 100;
const MAX_NUMBER = 9999;

let homes: Map<string, ReadonlySet<string>> | undefined;
let hubs: readonly Airport[] | undefined;
const coreRoutes = new Map<string, Map<string, number>>();

function homeCountries(carrier: string): ReadonlySet<string> {
  if (!homes) {
    const all = new Map<string, Set<string>>();
    const add = (code: string, countries: readonly string[]): void => {
      all.set(code, new Set([...(all.get(code) ?? []), ...countries]));
    };
    for (const profile of Object.values(PROGRAMS)) add(profile.carrier, profile.home);
    for (const members of Object.values(ALLIANCES)) for (const member of members) add(member.code, [member.country]);
    homes = all;
  }
  return homes.get(carrier) ?? new Set();
}

/** A carrier's routes between the hubs it may fly (D136), numbered 0..n-1 (at most 666). */
function coreRoutesOf(carrier: string): Map<string, number> {
  let routes = coreRoutes.get(carrier);
  if (routes) return routes;
  hubs ??= [...new Set([...WORLD_HUBS, ...Object.values(PROGRAMS).flatMap((profile) => profile.hubs)])].flatMap(
    (code) => airport(code) ?? [],
  );
  const home = homeCountries(carrier);
  routes = new Map();
  for (const from of hubs)
    for (const to of hubs)
      if (from !== to && (home.has(from.country) || home.has(to.country))) routes.set(from.iata + to.iata, routes.size);
  coreRoutes.set(carrier, routes);
  return routes;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The number of a carrier's `k`-th daily flight on a route (D179): each route takes a block of
 * {@link MAX_DAILY} numbers; hub routes a block each through a seeded permutation, any other route a
 * hashed block of the rest (shared by two routes about once in 1,800 pairs).
 */
export function flightNumber(seed: number, carrier: string, from: string, to: string, k: number): number {
  const routes = coreRoutesOf(carrier);
  const index = routes.get(from + to);
  if (index !== undefined) {
    // a * i + b modulo the count is one to one when a and the count are coprime.
    let a = (hashKey(seed, carrier, 'numbers') % routes.size) | 1;
    while (gcd(a, routes.size) !== 1) a += 2;
    const block = (index * a + hashKey(seed, carrier, 'offset')) % routes.size;
    return MIN_NUMBER + block * MAX_DAILY + k;
  }
  const first = MIN_NUMBER + routes.size * MAX_DAILY;
  const blocks = Math.floor((MAX_NUMBER + 1 - first) / MAX_DAILY);
  return first + (hashKey(seed, carrier, from, to) % blocks) * MAX_DAILY + k;
}

/** The local minute nearest `minute`, by whole hours, at which a leg keeps the night rules on every reference day (D138). */
function nightSafeMinute(from: Airport, to: Airport, minute: number, block: number): number | undefined {
  for (let hours = 0; hours <= 18; hours++) {
    for (const sign of hours === 0 ? [1] : [1, -1]) {
      const candidate = minute + sign * hours * 60;
      if (candidate < FIRST_DEPARTURE || candidate >= DAY_MINUTES) continue;
      const safe = REFERENCE_DAYS.every((day) => {
        const departureUtc = localToUtc(from.timeZone, day + candidate * MINUTE);
        const arrivalUtc = departureUtc + block * MINUTE;
        return nightDelay(from, to, utcToLocal(from.timeZone, departureUtc), utcToLocal(to.timeZone, arrivalUtc)) === 0;
      });
      if (safe) return candidate;
    }
  }
  return undefined;
}

const routeFlightCache = new Map<string, readonly RouteFlight[]>();

/** `make()`'s value for `key`, kept in `cache` (cleared past `cap` entries). */
function cached<T>(cache: Map<string, T>, cap: number, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size > cap) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/** A carrier's 3 to {@link MAX_DAILY} daily flights on a route (D179); `[]` when its fleet cannot fly it. */
function routeFlights(
  seed: number,
  carrier: string,
  fleet: readonly string[],
  from: Airport,
  to: Airport,
  km: number,
): readonly RouteFlight[] {
  return cached(routeFlightCache, 20_000, `${seed}|${carrier}|${from.iata}|${to.iata}|${fleet.join()}`, () => {
    const random = createRandom(seed, 'route', carrier, from.iata, to.iata);
    const wind = windKmh(from, to);
    const count = random.int(3, MAX_DAILY);
    const flights: RouteFlight[] = [];
    const minutes = new Set<number>();
    for (let k = 0; k < count; k++) {
      const equipment = equipmentFor(fleet, from, to, km, random);
      if (!equipment) break;
      const blockTime = blockMinutes(km, wind, random);
      const minute = nightSafeMinute(from, to, departureMinute(km, random), blockTime);
      const weekdays = random.chance(0.85)
        ? 0b1111111
        : 0b1111111 & ~(1 << random.int(0, 6)) & ~(1 << random.int(0, 6));
      if (minute === undefined || minutes.has(minute)) continue;
      minutes.add(minute);
      flights.push({
        flightNumber: String(flightNumber(seed, carrier, from.iata, to.iata, k)),
        equipment,
        blockMinutes: blockTime,
        departureMinute: minute,
        weekdays,
      });
    }
    return flights;
  });
}

/** The airline that flies a leg for a program, and its flights. */
function flightsFor(
  seed: number,
  program: ProgramCode,
  from: Airport,
  to: Airport,
): { carrier: string; flights: readonly RouteFlight[] } | undefined {
  const km = distanceKm(from, to);
  for (const { code, fleet } of carriersFor(program, from, to)) {
    const flights = routeFlights(seed, code, fleet, from, to, km);
    if (flights.length > 0) return { carrier: code, flights };
  }
  return undefined;
}

function legOf(
  flight: RouteFlight,
  carrier: string,
  from: Airport,
  to: Airport,
  dayOffset: number,
  layover: number,
): LegTemplate {
  return {
    from,
    to,
    carrier,
    flightNumber: flight.flightNumber,
    equipment: flight.equipment,
    distanceKm: distanceKm(from, to),
    blockMinutes: flight.blockMinutes,
    departureMinute: flight.departureMinute,
    dayOffset,
    layoverMinutes: layover,
  };
}

/** Shortest connection: 70 min, 90 arriving in the US from abroad (D175). */
const minLayover = (from: Airport, hub: Airport): number => (hub.country === 'US' && from.country !== 'US' ? 90 : 70);

/** A one-stop itinerary of two flights that connect at `hub` on every reference day (D179), or `undefined`. */
function connection(
  seed: number,
  program: ProgramCode,
  from: Airport,
  hub: Airport,
  to: Airport,
  km: number,
  random: Random,
): ItineraryTemplate | undefined {
  const first = flightsFor(seed, program, from, hub);
  const second = flightsFor(seed, program, hub, to);
  if (!first || !second) return undefined;
  const shortest = minLayover(from, hub);
  const start = random.int(0, first.flights.length - 1);
  for (let i = 0; i < first.flights.length; i++) {
    const one = first.flights[(start + i) % first.flights.length] as RouteFlight;
    const fits: { two: RouteFlight; dayOffset: number; layover: number }[] = [];
    for (const two of second.flights) {
      for (const dayOffset of [-1, 0, 1]) {
        let layover = 0;
        const ok = REFERENCE_DAYS.every((day, index) => {
          const arrivalUtc = localToUtc(from.timeZone, day + one.departureMinute * MINUTE) + one.blockMinutes * MINUTE;
          const minutes =
            (localToUtc(hub.timeZone, day + dayOffset * DAY + two.departureMinute * MINUTE) - arrivalUtc) / MINUTE;
          if (index === 0) layover = minutes;
          return minutes >= shortest && minutes <= MAX_LAYOVER;
        });
        if (ok) fits.push({ two, dayOffset, layover });
      }
    }
    if (fits.length === 0) continue;
    const { two, dayOffset, layover } = random.pick(fits);
    // It sells on the days both fly.
    let weekdays = 0;
    for (let day = 0; day < 7; day++)
      if (one.weekdays & (1 << day) && two.weekdays & (1 << ((day + dayOffset + 7) % 7))) weekdays |= 1 << day;
    if (weekdays === 0) continue;
    return {
      departureMinute: one.departureMinute,
      legs: [legOf(one, first.carrier, from, hub, 0, 0), legOf(two, second.carrier, hub, to, dayOffset, layover)],
      weekdays,
      distanceKm: km,
    };
  }
  return undefined;
}

const timetables = new Map<string, ItineraryTemplate[]>();

/**
 * The program's weekly timetable on a route: direct and one-stop itineraries of the carriers' daily
 * flights (D179), so a search and the price history see the same flight codes.
 */
export function timetable(
  seed: number,
  program: ProgramCode,
  origin: string,
  destination: string,
): ItineraryTemplate[] {
  return cached(timetables, 5000, `${seed}|${program}|${origin}|${destination}`, () => {
    const from = airport(origin);
    const to = airport(destination);
    return from && to && origin !== destination ? itineraries(seed, program, from, to) : [];
  });
}

function itineraries(seed: number, program: ProgramCode, from: Airport, to: Airport): ItineraryTemplate[] {
  const km = distanceKm(from, to);
  const domesticOnly = limitsOf(from.iata).domesticOnly || limitsOf(to.iata).domesticOnly;
  if (km < MIN_ROUTE_KM || (domesticOnly && from.country !== to.country)) return [];
  const random = createRandom(seed, 'timetable', program, from.iata, to.iata);
  const hubs = PROGRAMS[program].hubs;
  const atHub = hubs.includes(from.iata) || hubs.includes(to.iata);
  const directs = km > MAX_DIRECT_KM || !legAllowed(from, to, km) ? 0 : random.int(atHub ? 1 : 0, atHub ? 3 : 2);
  const nonstop = directs > 0 ? flightsFor(seed, program, from, to) : undefined;
  const entries: ItineraryTemplate[] = (nonstop?.flights.slice(0, directs) ?? []).map((flight) => ({
    departureMinute: flight.departureMinute,
    legs: [legOf(flight, nonstop!.carrier, from, to, 0, 0)],
    weekdays: flight.weekdays,
    distanceKm: km,
  }));
  const points = connectionPoints(program, from, to, km);
  const connections = random.int(1, 4);
  for (let i = 0, found = 0; i < points.length && found < connections; i++) {
    const entry = connection(seed, program, from, points[i] as Airport, to, km, random);
    if (entry) {
      entries.push(entry);
      found++;
    }
  }
  return entries.sort((a, b) => a.departureMinute - b.departureMinute);
}

/**
 * A timetable entry's legs on the local day `day`, and its minutes door to door. A connection that two
 * clocks changing apart make too short or too long keeps its reference layover (D138).
 */
function dateTemplate(template: ItineraryTemplate, day: number): { legs: DatedLeg[]; durationMinutes: number } {
  const legs: DatedLeg[] = [];
  const firstUtc = localToUtc(template.legs[0]?.from.timeZone ?? 'UTC', day + template.departureMinute * MINUTE);
  let arrivalUtc = firstUtc;
  let previous: LegTemplate | undefined;
  for (const leg of template.legs) {
    let departureUtc = firstUtc;
    if (previous) {
      departureUtc = localToUtc(leg.from.timeZone, day + leg.dayOffset * DAY + leg.departureMinute * MINUTE);
      const layover = (departureUtc - arrivalUtc) / MINUTE;
      if (layover < minLayover(previous.from, leg.from) || layover > MAX_LAYOVER)
        departureUtc = arrivalUtc + leg.layoverMinutes * MINUTE;
    }
    arrivalUtc = departureUtc + leg.blockMinutes * MINUTE;
    // Written out: a spread of the templates' several shapes was a third of this function's time.
    legs.push({
      from: leg.from,
      to: leg.to,
      carrier: leg.carrier,
      flightNumber: leg.flightNumber,
      equipment: leg.equipment,
      distanceKm: leg.distanceKm,
      blockMinutes: leg.blockMinutes,
      departureMinute: leg.departureMinute,
      dayOffset: leg.dayOffset,
      layoverMinutes: leg.layoverMinutes,
      departureLocal: utcToLocal(leg.from.timeZone, departureUtc),
      arrivalLocal: utcToLocal(leg.to.timeZone, arrivalUtc),
    });
    previous = leg;
  }
  return { legs, durationMinutes: Math.round((arrivalUtc - firstUtc) / MINUTE) };
}

/** No departure anywhere before this local minute of the day (D138). */
const FIRST_DEPARTURE = 5 * 60;
const DAY_MINUTES = 24 * 60;
const minuteOfDay = (local: number): number =>
  Math.floor((((local / MINUTE) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES);
const inWindow = (minute: number, from: number, to: number): boolean =>
  from <= to ? minute >= from && minute < to : minute >= from || minute < to;

/** How many minutes later a leg must depart to keep the night rules and curfews (D138), 0 when it keeps them. */
function nightDelay(from: Airport, to: Airport, departureLocal: number, arrivalLocal: number): number {
  const departs = minuteOfDay(departureLocal);
  const lands = minuteOfDay(arrivalLocal);
  let delay = departs < FIRST_DEPARTURE ? FIRST_DEPARTURE - departs : 0;
  const out = limitsOf(from.iata).curfew;
  if (out && inWindow(departs, out.from, out.to))
    delay = Math.max(delay, (out.to - departs + DAY_MINUTES) % DAY_MINUTES);
  const into = limitsOf(to.iata).curfew;
  if (into && inWindow(lands, into.from, into.to))
    delay = Math.max(delay, (into.to - lands + DAY_MINUTES) % DAY_MINUTES);
  return delay;
}

const MAX_LAYOVER = 240;
/** Winter, summer, and a day in each gap between the US and EU clock changes: every pair of offsets a year has. */
const REFERENCE_DAYS = [Date.UTC(2027, 0, 15), Date.UTC(2027, 2, 20), Date.UTC(2027, 6, 15), Date.UTC(2027, 10, 3)];

/** The itineraries of a timetable that operate on a local `YYYY-MM-DD`. */
export function itinerariesOn(entries: readonly ItineraryTemplate[], date: string): DatedItinerary[] {
  const day = parseLocalDate(date);
  const weekday = new Date(day).getUTCDay();
  const dated: DatedItinerary[] = [];
  for (const template of entries) {
    if (!(template.weekdays & (1 << weekday))) continue;
    dated.push({ template, ...dateTemplate(template, day) });
  }
  return dated;
}
