import type { ProgramCode } from '@flight-search/contract';
import { airport, distanceKm, type Airport } from '../airports/index.js';
import { limitsOf } from '../airports/limits.js';
import { createRandom, type Random } from '../random/index.js';
import { MINUTE, localToUtc, parseLocalDate, utcToLocal } from '../time/index.js';
import { AIRCRAFT, typesForStage } from './aircraft.js';
import { ALLIANCES, type PartnerCarrier } from '../generated/carriers.js';
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

// Below this no airline flies (JFK-LGA, LHR-LGW, GIG-SDU): such routes get no flights.
// TLL-HEL (101 km) is the shortest hop a major airline sells (Finnair), so it is above (D135).
const MIN_ROUTE_KM = 90;
// Beyond this no aircraft flies non-stop with a payload worth selling.
const MAX_DIRECT_KM = 15_500;

/**
 * Still-air block speed by stage length, km/h: short hops spend most of their time climbing and
 * descending; from 3,000 km it rises with the stage to what a wide-body averages on the longest (D171).
 */
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
/** Westerly wind at full strength, km/h: the mean of the jet streams along a track, not their core (D41, D171). */
const JET_STREAM_KMH = 80;
/** Fastest ground speed a tailwind gives: keeps block speed under 900 km/h up to the longest non-stop. */
const MAX_GROUND_KMH = 915;
/** Points along a track at which the wind is read. */
const WIND_SAMPLES = 16;

/**
 * Strength of the westerlies at a latitude, 0..1, the same in either hemisphere: none in the tropics
 * (below 15 degrees), rising to full from 30 to 55 degrees (the jet streams' band), then falling to 0.4
 * at 75 and beyond, so a polar track meets less of it than a mid-latitude one.
 */
function westerlies(latitude: number): number {
  const lat = Math.abs(latitude);
  if (lat < 15) return 0;
  if (lat < 30) return (lat - 15) / 15;
  if (lat <= 55) return 1;
  return Math.max(0.4, 1 - ((lat - 55) / 20) * 0.6);
}

/**
 * The wind component along a leg, km/h (positive: tailwind): the mean, over points of the great
 * circle, of the westerlies' strength at each point's latitude times the eastward share of the track
 * there (D171). Read along the track, not at its mean latitude, so a route across the equator
 * (LAX-SYD) meets each hemisphere's westerlies and a polar one (LHR-LAX) the weaker winds of the Arctic.
 */
function windKmh(from: Airport, to: Airport): number {
  const rad = Math.PI / 180;
  const [lat1, lon1, lat2, lon2] = [from.lat * rad, from.lon * rad, to.lat * rad, to.lon * rad];
  const angle = distanceKm(from, to) / 6371;
  if (angle === 0) return 0;
  // Unit vectors of the ends; a point of the great circle is their spherical interpolation.
  const a = [Math.cos(lat1) * Math.cos(lon1), Math.cos(lat1) * Math.sin(lon1), Math.sin(lat1)];
  const b = [Math.cos(lat2) * Math.cos(lon2), Math.cos(lat2) * Math.sin(lon2), Math.sin(lat2)];
  let sum = 0;
  for (let i = 0; i < WIND_SAMPLES; i++) {
    const t = (i + 0.5) / WIND_SAMPLES;
    const wa = Math.sin((1 - t) * angle) / Math.sin(angle);
    const wb = Math.sin(t * angle) / Math.sin(angle);
    const x = wa * (a[0] as number) + wb * (b[0] as number);
    const y = wa * (a[1] as number) + wb * (b[1] as number);
    const z = wa * (a[2] as number) + wb * (b[2] as number);
    const lat = Math.atan2(z, Math.hypot(x, y));
    const lon = Math.atan2(y, x);
    // Direction of travel there: the initial bearing from the point towards the destination.
    const dLon = lon2 - lon;
    const bearing = Math.atan2(Math.sin(dLon) * Math.cos(lat2), Math.cos(lat) * Math.sin(lat2) - Math.sin(lat) * Math.cos(lat2) * Math.cos(dLon));
    sum += westerlies(lat / rad) * Math.sin(bearing);
  }
  return (JET_STREAM_KMH * sum) / WIND_SAMPLES;
}

/** Block time: taxi and climb overhead plus cruise at a ground speed from stage length and wind. */
function blockMinutes(km: number, wind: number, random: Random): number {
  const ground = Math.min(MAX_GROUND_KMH, cruiseSpeed(km) + wind);
  const minutes = 28 + (km / ground) * 60 + random.int(0, 6);
  return Math.round(minutes / 5) * 5;
}

/** Whether an aircraft type can use an airport: its runway (when the data set knows it) and the airport's approved types. */
function fits(code: string, at: Airport): boolean {
  const type = AIRCRAFT[code];
  if (!type) return false;
  const approved = limitsOf(at.iata).equipment;
  return (at.runwayFt === undefined || at.runwayFt >= type.minRunwayFt) && (!approved || approved.includes(code));
}

/**
 * The aircraft for a leg from a fleet: a type of the stage length that both airports take and that has
 * the range; `undefined` when the fleet has none that can fly it. A wide-body stands in for a missing
 * narrow-body only from 1,500 km (no one flies an A350 on a 300 km hop for want of an A320).
 */
function equipmentFor(fleet: readonly string[], from: Airport, to: Airport, km: number, random: Random): string | undefined {
  const usable = (code: string): boolean => (AIRCRAFT[code]?.rangeKm ?? 0) >= km && fits(code, from) && fits(code, to);
  const preferred = typesForStage(km).filter((code) => fleet.includes(code) && usable(code));
  if (preferred.length > 0) return random.pick(preferred);
  // A short runway or an approved-types list can rule out the usual types: another of the fleet that fits still flies it.
  const any = fleet.filter((code) => usable(code) && (km >= 1500 || (AIRCRAFT[code]?.rangeKm ?? 0) <= 7_400));
  return any.length > 0 ? random.pick(any) : undefined;
}

/** Whether a non-stop may operate between two airports: domestic-only airports and perimeter rules (D39), hot-and-high and low-cost airports (D173). */
function legAllowed(from: Airport, to: Airport, km: number): boolean {
  for (const [here, there] of [
    [from, to],
    [to, from],
  ] as const) {
    const limits = limitsOf(here.iata);
    if (limits.lowCostOnly) return false;
    if (limits.maxStageKm !== undefined && km > limits.maxStageKm) return false;
    if (limits.domesticOnly && there.country !== here.country) return false;
    if (limits.perimeterKm !== undefined && km > limits.perimeterKm && !limits.perimeterExceptions?.includes(there.iata)) return false;
  }
  return true;
}

/**
 * The airlines that may operate a leg for a program, in the order it prefers them (D136): its own
 * airline when the leg starts or ends in one of its home countries (no cabotage, no fifth freedom),
 * else the members of its alliance based in the leg's departure country, then in its arrival country
 * (a domestic leg abroad only by an airline of that country). Each with its fleet (D137).
 */
function carriersFor(program: ProgramCode, from: Airport, to: Airport): readonly { code: string; fleet: readonly string[] }[] {
  const profile = PROGRAMS[program];
  if (profile.home.includes(from.country) || profile.home.includes(to.country)) return [{ code: profile.carrier, fleet: profile.fleet }];
  const members: readonly PartnerCarrier[] = ALLIANCES[profile.alliance];
  return [
    ...members.filter((member) => member.country === from.country),
    ...members.filter((member) => member.country === to.country && to.country !== from.country),
  ];
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
  // Long-haul departs in the evening or late morning banks, short-haul all day.
  const hour = km > 4000 ? random.pick([9, 10, 11, 19, 20, 21, 22, 23]) : random.int(6, 21);
  return hour * 60 + random.int(0, 11) * 5;
}

/** A leg the program sells, or `undefined` when no airline that may fly it has an aircraft that can. Partner legs carry the partner's own flight number. */
function legTemplate(program: ProgramCode, from: Airport, to: Airport, ownNumber: () => number, layover: number, random: Random): LegTemplate | undefined {
  const km = distanceKm(from, to);
  for (const { code: carrier, fleet } of carriersFor(program, from, to)) {
    const equipment = equipmentFor(fleet, from, to, km, random);
    if (!equipment) continue;
    const number = carrier === PROGRAMS[program].carrier ? ownNumber() : random.int(1, 2999);
    return {
      from,
      to,
      carrier,
      flightNumber: String(number),
      equipment,
      distanceKm: km,
      blockMinutes: blockMinutes(km, windKmh(from, to), random),
      layoverMinutes: layover,
    };
  }
  return undefined;
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
    // A domestic-only airport sells no international itinerary, through any connection (D39).
    const domesticOnly = limitsOf(origin).domesticOnly || limitsOf(destination).domesticOnly;
    if (km >= MIN_ROUTE_KM && !(domesticOnly && from.country !== to.country)) {
      const atHub = profile.hubs.includes(origin) || profile.hubs.includes(destination);
      const directs = km > MAX_DIRECT_KM || !legAllowed(from, to, km) ? 0 : random.int(atHub ? 1 : 0, atHub ? 3 : 2);
      for (let i = 0; i < directs; i++) {
        const leg = legTemplate(program, from, to, flightNumber, 0, random);
        const entry = leg && keepingNightRules({ departureMinute: departureMinute(km, random), legs: [leg], weekdays: weekdays(), distanceKm: km });
        if (entry) entries.push(entry);
      }
      const points = connectionPoints(program, from, to, km);
      const connections = Math.min(points.length, random.int(1, 4));
      for (let i = 0; i < connections; i++) {
        const hub = points[i] as Airport;
        const first = legTemplate(program, from, hub, flightNumber, 0, random);
        // Arriving from abroad in the US, a passenger clears immigration and customs before any connection: 90 min at least (D175).
        const fromAbroad = hub.country === 'US' && from.country !== 'US';
        const second = legTemplate(program, hub, to, flightNumber, random.int(fromAbroad ? 18 : 14, 48) * 5, random);
        const entry =
          first && second && keepingNightRules({ departureMinute: departureMinute(km, random), legs: [first, second], weekdays: weekdays(), distanceKm: km });
        if (entry) entries.push(entry);
      }
      entries.sort((a, b) => a.departureMinute - b.departureMinute);
    }
  }
  // Bounded so a long-running mock asked about many routes stays small.
  if (timetables.size > 5000) timetables.clear();
  timetables.set(key, entries);
  return entries;
}

/** A timetable entry's legs on the local day `day` (epoch of its midnight), and its door-to-door minutes. */
function dateTemplate(template: ItineraryTemplate, day: number): { legs: DatedLeg[]; durationMinutes: number } {
  const legs: DatedLeg[] = [];
  let departureUtc = localToUtc(template.legs[0]?.from.timeZone ?? 'UTC', day + template.departureMinute * MINUTE);
  const firstUtc = departureUtc;
  let arrivalUtc = departureUtc;
  for (const leg of template.legs) {
    departureUtc = legs.length === 0 ? departureUtc : arrivalUtc + leg.layoverMinutes * MINUTE;
    arrivalUtc = departureUtc + leg.blockMinutes * MINUTE;
    // Written out rather than spread: one object shape for every dated leg, made once per leg of every search.
    legs.push({
      from: leg.from,
      to: leg.to,
      carrier: leg.carrier,
      flightNumber: leg.flightNumber,
      equipment: leg.equipment,
      distanceKm: leg.distanceKm,
      blockMinutes: leg.blockMinutes,
      layoverMinutes: leg.layoverMinutes,
      departureLocal: utcToLocal(leg.from.timeZone, departureUtc),
      arrivalLocal: utcToLocal(leg.to.timeZone, arrivalUtc),
    });
  }
  return { legs, durationMinutes: Math.round((arrivalUtc - firstUtc) / MINUTE) };
}

/** No departure anywhere before this local minute of the day (D138). */
const FIRST_DEPARTURE = 5 * 60;
const DAY_MINUTES = 24 * 60;
const minuteOfDay = (local: number): number => Math.floor((((local / MINUTE) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES);
const inWindow = (minute: number, from: number, to: number): boolean => (from <= to ? minute >= from && minute < to : minute >= from || minute < to);

/**
 * How many minutes later a dated leg must depart to keep the night rules (D138), 0 when it keeps them:
 * no departure from 00:00 to 05:00 local, and none departing or landing in an airport's curfew.
 */
function nightDelay(leg: DatedLeg): number {
  const departs = minuteOfDay(leg.departureLocal);
  const lands = minuteOfDay(leg.arrivalLocal);
  let delay = departs < FIRST_DEPARTURE ? FIRST_DEPARTURE - departs : 0;
  const out = limitsOf(leg.from.iata).curfew;
  if (out && inWindow(departs, out.from, out.to)) delay = Math.max(delay, (out.to - departs + DAY_MINUTES) % DAY_MINUTES);
  const into = limitsOf(leg.to.iata).curfew;
  if (into && inWindow(lands, into.from, into.to)) delay = Math.max(delay, (into.to - lands + DAY_MINUTES) % DAY_MINUTES);
  return delay;
}

/** Longest connection the mock sells, minutes. */
const MAX_LAYOVER = 240;
/**
 * A winter and a summer day, and a day of each gap between the US and the EU clock changes (2027):
 * between them every pair of clocks shows each combination of offsets it has in a year.
 */
const REFERENCE_DAYS = [Date.UTC(2027, 0, 15), Date.UTC(2027, 2, 20), Date.UTC(2027, 6, 15), Date.UTC(2027, 10, 3)];

/**
 * The entry moved to keep the night rules on the reference days (D138): a connection waits for the
 * morning (up to {@link MAX_LAYOVER}), else the whole itinerary leaves an hour or more earlier or later
 * that day (as an airline times a bank); `undefined` when no time of the day keeps them.
 */
function keepingNightRules(template: ItineraryTemplate): ItineraryTemplate | undefined {
  for (let hours = 0; hours <= 18; hours++) {
    for (const sign of hours === 0 ? [1] : [1, -1]) {
      const departureMinute = template.departureMinute + sign * hours * 60;
      if (departureMinute < FIRST_DEPARTURE || departureMinute >= DAY_MINUTES) continue;
      const entry = waitingForMorning({ ...template, departureMinute });
      if (entry) return entry;
    }
  }
  return undefined;
}

/** The entry with its connections waiting out the night, or `undefined` when its first leg breaks the rules or a wait is too long. */
function waitingForMorning(template: ItineraryTemplate): ItineraryTemplate | undefined {
  let entry = template;
  for (let attempt = 0; attempt < 4; attempt++) {
    let changed = false;
    for (const day of REFERENCE_DAYS) {
      const { legs } = dateTemplate(entry, day);
      const index = legs.findIndex((leg) => nightDelay(leg) > 0);
      if (index < 0) continue;
      const leg = entry.legs[index] as LegTemplate;
      const layover = leg.layoverMinutes + Math.ceil(nightDelay(legs[index] as DatedLeg) / 5) * 5;
      if (index === 0 || layover > MAX_LAYOVER) return undefined;
      entry = { ...entry, legs: entry.legs.map((each, i) => (i === index ? { ...each, layoverMinutes: layover } : each)) };
      changed = true;
    }
    if (!changed) return entry;
  }
  return undefined;
}

/** The itineraries of a timetable that operate on a local `YYYY-MM-DD`, with local times from each airport's zone. */
export function itinerariesOn(entries: readonly ItineraryTemplate[], date: string): DatedItinerary[] {
  const day = parseLocalDate(date);
  const weekday = new Date(day).getUTCDay();
  const dated: DatedItinerary[] = [];
  for (const template of entries) {
    if (!(template.weekdays & (1 << weekday))) continue;
    // Vetted on the reference days (D138); in the odd week two clocks change apart a leg may sit an hour off, as a
    // timetable does until its season turns: it still flies, so a watched route's calendar keeps every date (D101).
    const { legs, durationMinutes } = dateTemplate(template, day);
    dated.push({ template, legs, durationMinutes });
  }
  return dated;
}
