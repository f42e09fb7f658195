/**
 * Independent oracles for the property tests: which fields of a search body or
 * a history query break a rule, written here from the rules of the service
 * specification (section 4) and of openapi.yaml (`SEARCH-1`..`SEARCH-10`,
 * `HISTORY-1`..`HISTORY-5`, D6, D13, D14, D16), without calling the mock's or
 * the SDK's validators and without ajv (the airports that exist are the mock's data
 * set, D107). An empty list means the request is valid.
 */

import { airport, expandCityCode } from '../../src/data/index.js';

// Section 2.1 of the spec / the program codes of openapi.yaml (D1), written out, not imported.
const MILES = [
  'PROGRAM_1',
  'PROGRAM_2',
  'PROGRAM_3',
  'PROGRAM_3_INTERLINE',
  'PROGRAM_4',
  'PROGRAM_5',
  'PROGRAM_6',
  'PROGRAM_7',
];
const CASH = ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_8'];
const ALL_PROGRAMS = [...new Set([...MILES, ...CASH])];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Own properties only: a `__proto__` key of JSON text is data, and nothing is read from a prototype. */
const own = (object: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined;

/** `YYYY-MM-DD` naming a day of the (proleptic Gregorian) calendar, checked by a round trip through Date. */
export function isCalendarDay(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // setUTCFullYear, unlike Date.UTC, keeps years 0..99 as they are
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isIata = (value: unknown) => typeof value === 'string' && /^[A-Z]{3}$/.test(value);
// D107: which codes exist is data, read from the mock's data set (not its validator): a search takes an
// airport, history an airport or a city code (one that expands to other codes than itself).
const isAirport = (value: unknown) => isIata(value) && airport(value as string) !== undefined;
const isAirportOrCity = (value: unknown) =>
  isAirport(value) || (isIata(value) && expandCityCode(value as string)[0] !== value);
const isIntegerIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * The fields of a parsed JSON search body that break a rule (`body` when it
 * is not an object), sorted. A cross-field rule is judged only when every
 * field it reads is fine on its own (D6).
 */
export function searchBodyProblems(body: unknown): string[] {
  if (!isObject(body)) return ['body'];
  const bad = new Set<string>();
  const check = (field: string, required: boolean, fine: (value: unknown) => boolean) => {
    const value = own(body, field);
    if (value === undefined ? required : !fine(value)) bad.add(`body.${field}`);
  };

  // SEARCH-1 and SEARCH-9: exactly one program, each item a program code.
  const programs = own(body, 'airlineLoyalty');
  if (!Array.isArray(programs)) bad.add('body.airlineLoyalty');
  else {
    if (programs.length !== 1) bad.add('body.airlineLoyalty');
    for (let i = 0; i < programs.length; i++)
      if (!ALL_PROGRAMS.includes(programs[i] as string)) bad.add(`body.airlineLoyalty.${i}`);
  }
  check('priceType', false, (v) => v === 'MILES' || v === 'CASH');
  check('tripType', true, (v) => v === 'ONE_WAY' || v === 'ROUND_TRIP');
  check('cabinType', true, (v) => v === 'ECONOMY' || v === 'BUSINESS');
  check('origin', true, isAirport);
  check('destination', true, isAirport);
  check('departureDate', true, isCalendarDay);
  check('returnDate', false, isCalendarDay); // D14: checked on a ONE_WAY too, otherwise ignored there
  check('responseFormat', false, (v) => v === 'RAW' || v === 'PARSED'); // SEARCH-8

  const passengers = own(body, 'passengers');
  if (!isObject(passengers)) bad.add('body.passengers');
  else {
    const count = (name: string, required: boolean, min: number, max: number) => {
      const value = own(passengers, name);
      if (value === undefined ? required : !isIntegerIn(value, min, max)) bad.add(`body.passengers.${name}`);
    };
    count('adults', true, 1, 9);
    count('children', false, 0, 8);
    count('infants', false, 0, 4);
  }

  const fine = (...fields: string[]) =>
    fields.every((field) => ![...bad].some((b) => b === `body.${field}` || b.startsWith(`body.${field}.`)));
  // SEARCH-2: the program is allowed for the priceType (MILES when absent).
  if (fine('airlineLoyalty', 'priceType')) {
    const allowed = own(body, 'priceType') === 'CASH' ? CASH : MILES;
    if (!allowed.includes((programs as string[])[0]!)) bad.add('body.airlineLoyalty');
  }
  if (isObject(passengers)) {
    const adults = own(passengers, 'adults') as number;
    const children = (own(passengers, 'children') ?? 0) as number;
    const infants = (own(passengers, 'infants') ?? 0) as number;
    if (fine('passengers.adults', 'passengers.children') && adults + children > 9) bad.add('body.passengers.children'); // SEARCH-3
    if (fine('passengers.adults', 'passengers.infants') && infants > adults) bad.add('body.passengers.infants'); // SEARCH-4
  }
  if (fine('origin', 'destination') && own(body, 'origin') === own(body, 'destination')) bad.add('body.destination'); // SEARCH-5
  if (fine('tripType') && own(body, 'tripType') === 'ROUND_TRIP') {
    const back = own(body, 'returnDate');
    if (back === undefined)
      bad.add('body.returnDate'); // SEARCH-7
    else if (fine('returnDate', 'departureDate') && !(String(back) > String(own(body, 'departureDate'))))
      bad.add('body.returnDate'); // SEARCH-6
  }
  return [...bad].sort();
}

/**
 * The fields of a history query string that break a rule, sorted. Query
 * values are text read as their declared types (D16): `lookbackDays` is a
 * decimal integer from 1 to 30 written as JSON writes it (no leading zero, D108),
 * `onlyFutureDepartures` is `true` or `false`.
 * A parameter that is not repeatable may appear once; unknown ones are ignored.
 */
export function historyQueryProblems(query: string): string[] {
  const params = new URLSearchParams(query);
  const bad = new Set<string>();
  const scalar = (name: string, required: boolean, fine: (value: string) => boolean) => {
    const values = params.getAll(name);
    if (values.length === 0 ? required : values.length > 1 || !fine(values[0]!)) bad.add(`query.${name}`);
  };
  scalar('origin', true, isAirportOrCity); // HISTORY-1, D107
  scalar('destination', true, isAirportOrCity);
  scalar('cabinType', true, (v) => v === 'ECONOMY' || v === 'BUSINESS');
  scalar('lookbackDays', true, (v) => /^(0|[1-9][0-9]*)$/.test(v) && Number(v) >= 1 && Number(v) <= 30); // HISTORY-3
  scalar('onlyFutureDepartures', false, (v) => v === 'true' || v === 'false'); // HISTORY-4
  const programs = params.getAll('airlineLoyalty'); // HISTORY-2: MILES programs only, 1 to 9 of them (D108)
  if (programs.length === 0 || programs.length > 9 || programs.some((p) => !MILES.includes(p)))
    bad.add('query.airlineLoyalty');
  const dates = params.getAll('departureDate'); // HISTORY-5: up to 366 calendar dates (D108)
  if (dates.length > 366 || dates.some((d) => !isCalendarDay(d))) bad.add('query.departureDate');
  return [...bad].sort();
}
