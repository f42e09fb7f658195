import { AIRPORTS, CITY_CODES, TIME_ZONES } from '../generated/airports.js';
import { formatLocal, utcToLocal } from '../time/index.js';

/** An airport of the mock's data set. */
export interface Airport {
  iata: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** IANA time zone. */
  timeZone: string;
  lat: number;
  lon: number;
  continent: string;
  /** Longest runway in feet, when the data set knows it. */
  runwayFt: number | undefined;
}

let index: Map<string, Airport> | undefined;

// Parsed on first use, not at import.
function airports(): Map<string, Airport> {
  if (!index) {
    index = new Map();
    for (const line of AIRPORTS.split('\n')) {
      const [iata = '', name = '', country = '', zone = '0', lat = '0', lon = '0', continent = '', runway = '0'] =
        line.split('|');
      const runwayFt = Number(runway) > 0 ? Number(runway) : undefined;
      index.set(iata, {
        iata,
        name,
        country,
        timeZone: TIME_ZONES[Number(zone)] ?? 'UTC',
        lat: Number(lat),
        lon: Number(lon),
        continent,
        runwayFt,
      });
    }
  }
  return index;
}

/** The airport with this IATA code, or `undefined`. */
export function airport(iata: string): Airport | undefined {
  return airports().get(iata);
}

/** The airports of an IATA city code (`HISTORY-1`, `NYC`: JFK, LGA, EWR); any other code expands to itself. */
export function expandCityCode(code: string): string[] {
  return [...(cityMembers(code) ?? [code])];
}

const cityMembers = (code: string) => (Object.hasOwn(CITY_CODES, code) ? CITY_CODES[code] : undefined);

/**
 * What is wrong with a code where a search wants an airport, or history an airport or city (D107);
 * `undefined` when it names one. A code that is both (BER) is the airport.
 *
 * @example
 * placeProblem('SAO', 'airport'); // 'SAO is a city code; a search takes one of its airports: GRU, CGH, VCP'
 * placeProblem('SAO', 'airport-or-city'); // undefined
 */
export function placeProblem(code: string, kind: 'airport' | 'airport-or-city'): string | undefined {
  if (airport(code)) return undefined;
  const members = cityMembers(code);
  if (kind === 'airport-or-city') return members ? undefined : `${code} is no airport or city code this service knows`;
  return members
    ? `${code} is a city code; a search takes one of its airports: ${members.join(', ')}`
    : `${code} is no airport this service knows`;
}

/**
 * The wall-clock time at an airport (UTC for an unknown one) as `YYYY-MM-DDTHH:mm:ss`.
 *
 * @example
 * localNow('GRU', Date.parse('2026-12-15T12:00:00Z')); // '2026-12-15T09:00:00'
 */
export function localNow(iata: string, now: number): string {
  return formatLocal(utcToLocal(airport(iata)?.timeZone ?? 'UTC', now));
}

/** Great-circle distance in km between two airports (haversine). */
export function distanceKm(from: Airport, to: Airport): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLon = (to.lon - from.lon) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}
