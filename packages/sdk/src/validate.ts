import { CASH_PROGRAMS, MILES_PROGRAMS } from './programs.js';
import type { ValidationIssue, ValidationIssueType } from './types.js';

type Issue = [ValidationIssueType, string] | false | undefined;
type Check = (value: any) => Issue;

// searchFlights runs this before every search, so the valid path allocates little: no string
// splitting, no Date objects, issue texts built only for an issue. The texts are the service's own
// (the mock's ajv messages and rules), so a list from here equals its `details.errors`.
const type = (name: string): Issue => ['invalid_type', 'must be ' + name];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v == 'object' && !!v && !Array.isArray(v);

const oneOf = (...values: string[]): Check => (v) =>
  typeof v != 'string' ? type('string') : !values.includes(v) && ['invalid_enum', 'must be one of ' + values.join(', ')];

const pattern = (re: RegExp): Check => (v) => (typeof v != 'string' ? type('string') : !re.test(v) && ['invalid_format', 'must match ' + re.source]);

const iata = pattern(/^[A-Z]{3}$/);

const day = pattern(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);
// A day of the proleptic Gregorian calendar, as the service checks it (2026-04-31 and 2025-02-29 are not).
const date: Check = (v) => {
  if (day(v)) return day(v);
  const y = +v.slice(0, 4);
  const m = +v.slice(5, 7);
  const d = +v.slice(8);
  // February: 29 days in leap years; otherwise 31 for months 1, 3, 5, 7, 8, 10, 12 and 30 for the others.
  const days = m == 2 ? (y % 4 || (!(y % 100) && y % 400) ? 28 : 29) : 30 + ((m + (m >> 3)) & 1);
  return !(m && m < 13 && d && d <= days) && ['invalid_date', 'must be a day on the calendar'];
};

const int = (min: number, max: number): Check => (v) =>
  !Number.isInteger(v) ? type('integer') : (v < min || v > max) && ['out_of_range', 'must be ' + (v < min ? '>= ' + min : '<= ' + max)];

const program = oneOf(...MILES_PROGRAMS, 'PROGRAM_8');

// Schema order of SearchRequest: [property, property inside it or '', required, check]; each field's
// first failing check is its issue.
const FIELDS: [string, string, boolean, Check][] = [
  ['airlineLoyalty', '', true, (v) => (!Array.isArray(v) ? type('array') : v.length != 1 && ['out_of_range', 'must hold exactly one program'])],
  ['priceType', '', false, oneOf('MILES', 'CASH')],
  ['tripType', '', true, oneOf('ONE_WAY', 'ROUND_TRIP')],
  ['cabinType', '', true, oneOf('ECONOMY', 'BUSINESS')],
  ['origin', '', true, iata],
  ['destination', '', true, iata],
  ['departureDate', '', true, date],
  ['returnDate', '', false, date],
  ['passengers', '', true, (v) => !isObject(v) && type('object')],
  ['passengers', 'adults', true, int(1, 9)],
  ['passengers', 'children', false, int(0, 8)],
  ['passengers', 'infants', false, int(0, 4)],
  ['responseFormat', '', false, oneOf('RAW', 'PARSED')],
];

// The rule a field's schema issue names (a missing field names SEARCH-9).
const RULE: Record<string, string> = { airlineLoyalty: ' (SEARCH-1).', responseFormat: ' (SEARCH-8).' };

/**
 * Checks a search request locally exactly as the service does (`SEARCH-1`..`SEARCH-10`, decisions
 * D6 and D14) and returns the list the service puts in `details.errors`, messages included: at most
 * one `{ field, message, type }` per field, in schema order then cross-field rules; `[]` when valid.
 * @example
 * validateSearchRequest({ ...request, destination: request.origin });
 * // [{ field: 'body.destination', type: 'cross_field', message: 'origin and destination must differ (SEARCH-5).' }]
 */
export function validateSearchRequest(request: unknown): ValidationIssue[] {
  if (!isObject(request)) return [{ field: 'body', type: 'invalid_type', message: 'The body must be a JSON object (SEARCH-10).' }];
  const issues: ValidationIssue[] = [];
  // Names (`adults` for `passengers.adults`) with an issue; an element's issue marks its array.
  const bad: Record<string, boolean> = {};
  // A schema issue: its text, then the rule it breaks, if the service names one, and a full stop.
  const add = (field: string, issue: Issue, name = field) =>
    issue &&
    (bad[name] = true) &&
    issues.push({ field: 'body.' + field, type: issue[0], message: issue[1] + (issue[0] == 'missing' ? ' (SEARCH-9).' : (RULE[field] ?? '.')) });
  // Valid on its own: no issue at the field or in its elements.
  const ok = (a: string, b = a) => !bad[a] && !bad[b];
  const values: Record<string, any> = {};
  for (const [key, sub, required, check] of FIELDS) {
    const parent = sub ? values[key] : request;
    if (!isObject(parent)) continue;
    const name = sub || key;
    // Own properties only: a JSON.parse'd "__proto__" key or a polluted prototype is never read.
    const v = (values[name] = Object.hasOwn(parent, name) ? parent[name] : undefined);
    add(sub ? key + '.' + sub : key, v === undefined ? required && ['missing', name + ' is required'] : check(v), name);
    // A for loop, not forEach: a hole in a sparse array is an invalid element too.
    if (name == 'airlineLoyalty' && Array.isArray(v)) for (let i = 0; i < v.length; i++) add('airlineLoyalty.' + i, program(v[i]), name);
  }
  const { airlineLoyalty, priceType = 'MILES', tripType, origin, destination, returnDate, departureDate, adults, children = 0, infants = 0 } = values;
  // A cross-field issue reads only fields without issues and never marks one: no later rule reads its field.
  const cross = (field: string, message: string, type: ValidationIssueType = 'cross_field') => issues.push({ field: 'body.' + field, type, message });
  // Strict equality: an invalid priceType may be any value, and == would try to make text of it.
  const allowed: readonly string[] = priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;

  // Cross-field rules, each only when every field it reads is valid on its own (D6).
  if (ok('airlineLoyalty', 'priceType') && !allowed.includes(airlineLoyalty[0]))
    cross('airlineLoyalty', `${airlineLoyalty[0]} cannot be searched with priceType ${priceType}; allowed: ${allowed.join(', ')} (SEARCH-2).`);
  // Without a valid passengers object `adults` is undefined and both comparisons are false.
  if (ok('adults', 'children') && adults + children > 9) cross('passengers.children', 'adults + children must be at most 9 (SEARCH-3).');
  if (ok('adults', 'infants') && infants > adults) cross('passengers.infants', 'infants must not outnumber adults (SEARCH-4).');
  if (ok('origin', 'destination') && origin == destination) cross('destination', 'origin and destination must differ (SEARCH-5).');
  if (ok('tripType', 'returnDate') && tripType == 'ROUND_TRIP')
    returnDate === undefined
      ? cross('returnDate', 'returnDate is required when tripType is ROUND_TRIP (SEARCH-7).', 'missing')
      : ok('departureDate') && returnDate <= departureDate && cross('returnDate', 'returnDate must be later than departureDate (SEARCH-6).');
  return issues;
}

// The history query's parameters in the service's order, each with its rule (the mock's HISTORY_RULES;
// destination shares origin's) and its check of a present value. airlineLoyalty is checked for presence
// only: which programs history accepts is not in the spec (the mock's MILES-only answer is its decision, D9).
const HISTORY: [string, string, boolean, Check][] = [
  ['origin', '1', true, iata],
  ['destination', '1', true, iata],
  ['cabinType', '', true, oneOf('ECONOMY', 'BUSINESS')],
  ['airlineLoyalty', '2', true, () => false],
  ['lookbackDays', '3', true, int(1, 30)],
  ['onlyFutureDepartures', '4', false, (v) => typeof v != 'boolean' && type('boolean')],
  // Repeatable: the issue is the parameter's, and a bad format (any date) outranks a day not on the calendar, as the service reports it.
  ['departureDate', '5', false, (v) => {
    const found = ([] as unknown[]).concat(v).map(date);
    return found.find((i) => i && i[0] != 'invalid_date') || found.find(Boolean);
  }],
];

/**
 * Checks a price-history query locally as the service does, for what the spec states (`HISTORY-1`, `HISTORY-3`..`HISTORY-5`:
 * IATA codes, the cabin, a program given, `lookbackDays` 1..30, a boolean, calendar dates) and returns the list the
 * service puts in `details.errors`, messages included: at most one `{ field, message, type }` per parameter, in the
 * service's order; `[]` when valid. Which programs have history is the service's to say, so any program passes.
 * @example
 * validateHistoryQuery({ origin: 'SAO', destination: 'NYC', cabinType: 'ECONOMY', airlineLoyalty: 'PROGRAM_1', lookbackDays: 31 });
 * // [{ field: 'query.lookbackDays', type: 'out_of_range', message: 'must be <= 30 (HISTORY-3).' }]
 */
export function validateHistoryQuery(query: unknown): ValidationIssue[] {
  if (!isObject(query)) return [{ field: 'query', type: 'invalid_type', message: 'The query must be an object.' }];
  const issues: ValidationIssue[] = [];
  for (const [name, rule, required, check] of HISTORY) {
    const v = Object.hasOwn(query, name) ? query[name] : undefined;
    // Absent, null and an empty list are all sent as nothing.
    const issue = v == null || (Array.isArray(v) && !v.length) ? required && (['missing', name + ' is required'] as Issue) : check(v);
    if (issue) issues.push({ field: 'query.' + name, type: issue[0], message: issue[1] + (rule ? ` (HISTORY-${rule}).` : '.') });
  }
  return issues;
}
