/**
 * fast-check generators of search bodies and history query strings: valid
 * requests, mutations of them (a field dropped, out of bounds, of the wrong
 * type, `__proto__`/`constructor` keys, huge numbers, 1e6-character strings,
 * nested junk), fully random JSON, non-object bodies and text that is not JSON.
 */
import fc from 'fast-check';
import { airport } from '../../src/data/index.js';

const MILES = [
  'PROGRAM_1',
  'PROGRAM_2',
  'PROGRAM_3',
  'PROGRAM_3_INTERLINE',
  'PROGRAM_4',
  'PROGRAM_5',
  'PROGRAM_6',
  'PROGRAM_7',
] as const;
const CASH = ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_8'] as const;

/** A number JSON text can hold but JSON.stringify cannot write (it parses to Infinity). */
const HUGE = '__HUGE_NUMBER__';
const LONG = 'A'.repeat(1_000_000);

export const day = fc
  .date({ min: new Date('1999-12-25T00:00:00Z'), max: new Date('2031-01-05T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Strings shaped like dates, many of them not on the calendar (month 13, day 31 of April, 29 February of 2025...). */
export const dateLike = fc
  .tuple(
    fc.constantFrom('0000', '1900', '2000', '2024', '2025', '2026', '9999'),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

const iata = fc.oneof(
  fc.constantFrom('GRU', 'JFK', 'LHR', 'CDG', 'NRT', 'NYC', 'LON', 'SAO'),
  fc.stringMatching(/^[A-Z]{3}$/),
);
/** A code a search takes (D107): an airport of the mock's data set, BER being a city code too. */
const airportCode = fc.oneof(
  fc.constantFrom('GRU', 'JFK', 'LHR', 'CDG', 'NRT', 'BER'),
  fc.stringMatching(/^[A-Z]{3}$/).filter((code) => airport(code) !== undefined),
);

/** Values that break some field somewhere, or fit another one: wrong types, bounds, formats, junk. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -0,
      -1,
      1,
      2,
      4,
      5,
      8,
      9,
      10,
      1.5,
      2 ** 31,
      2 ** 53 + 2,
      1e308,
      -1e308,
      HUGE,
      '',
      ' ',
      '2',
      '1',
      'ECONOMY',
      'economy',
      'BUSINESS',
      'RAW',
      'PARSED',
      'raw',
      'MILES',
      'CASH',
      'miles',
      'ONE_WAY',
      'ROUND_TRIP',
      'GRU',
      'JFK',
      'gru',
      'GRUU',
      'G1U',
      ' GRU',
      'PROGRAM_1',
      'PROGRAM_2',
      'PROGRAM_8',
      'PROGRAM_3_INTERLINE',
      'PROGRAM_9',
      'program_1',
      '2026-12-15',
      '2026-12-14',
      '2024-02-29',
      '2025-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '0000-01-01',
      '9999-12-31',
      '2026-1-1',
      '2026-12-15T00:00:00Z',
      '20261215',
      [],
      {},
      ['PROGRAM_1'],
      ['PROGRAM_8'],
      ['PROGRAM_1', 'PROGRAM_2'],
      [null],
      [['PROGRAM_1']],
      { adults: 1 },
      { adults: '1' },
      { adults: 9, children: 1 },
      { adults: 1, infants: 2 },
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: -20, max: 20 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: day },
  { weight: 2, arbitrary: dateLike },
  { weight: 1, arbitrary: iata },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** `nasty`, and now and then a 1e6-character string (about one value in a hundred: each costs a megabyte to send). */
const nastyOrLong: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 99, arbitrary: nasty },
  { weight: 1, arbitrary: fc.constant(LONG) },
);

export interface SearchFields {
  airlineLoyalty: string[];
  priceType?: string;
  tripType: string;
  cabinType: string;
  origin: string;
  destination: string;
  departureDate: string;
  returnDate?: string;
  passengers: { adults: number; children?: number; infants?: number };
  responseFormat?: string;
}

/** Requests valid under every rule, by construction (defaults left out at random). */
export const validSearch: fc.Arbitrary<SearchFields> = fc
  .record({
    priceType: fc.constantFrom('MILES', 'CASH', undefined),
    tripType: fc.constantFrom('ONE_WAY', 'ROUND_TRIP'),
    cabinType: fc.constantFrom('ECONOMY', 'BUSINESS'),
    route: fc.tuple(airportCode, airportCode).filter(([a, b]) => a !== b),
    departureDate: day,
    stay: fc.integer({ min: 1, max: 40 }),
    oneWayReturn: fc.boolean(),
    adults: fc.integer({ min: 1, max: 9 }),
    children: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
    infants: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    program: fc.nat(),
    responseFormat: fc.constantFrom('RAW', 'PARSED', undefined),
  })
  .filter((r) => r.adults + (r.children ?? 0) <= 9 && (r.infants ?? 0) <= r.adults)
  .map((r) => {
    const programs = r.priceType === 'CASH' ? CASH : MILES;
    const back = new Date(Date.parse(r.departureDate) + r.stay * 86_400_000).toISOString().slice(0, 10);
    const passengers: SearchFields['passengers'] = { adults: r.adults };
    if (r.children !== undefined) passengers.children = r.children;
    if (r.infants !== undefined) passengers.infants = r.infants;
    return {
      airlineLoyalty: [programs[r.program % programs.length]!],
      ...(r.priceType ? { priceType: r.priceType } : {}),
      tripType: r.tripType,
      cabinType: r.cabinType,
      origin: r.route[0],
      destination: r.route[1],
      departureDate: r.departureDate,
      // D14: a ONE_WAY may carry any calendar returnDate; it is ignored.
      ...(r.tripType === 'ROUND_TRIP' || r.oneWayReturn ? { returnDate: back } : {}),
      passengers,
      ...(r.responseFormat ? { responseFormat: r.responseFormat } : {}),
    };
  });

const TOP = [
  'airlineLoyalty',
  'priceType',
  'tripType',
  'cabinType',
  'origin',
  'destination',
  'departureDate',
  'returnDate',
  'passengers',
  'responseFormat',
];
const PASSENGERS = ['adults', 'children', 'infants'];

export type Mutation =
  | { kind: 'drop'; path: string[] }
  | { kind: 'set'; path: string[]; value: unknown }
  | { kind: 'own-key'; path: string[]; key: '__proto__' | 'constructor' | 'prototype'; value: unknown }
  | {
      kind: 'cross';
      rule: 'same-airports' | 'return-before' | 'no-return' | 'program-for-price' | 'too-many' | 'infants';
    };

const path: fc.Arbitrary<string[]> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TOP).map((k) => [k]) },
  { weight: 2, arbitrary: fc.constantFrom(...PASSENGERS).map((k) => ['passengers', k]) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string[]>(
      ['airlineLoyalty', '0'],
      ['airlineLoyalty', '1'],
      ['extra'],
      ['passengers', 'extra'],
    ),
  },
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: path.map((p) => ({ kind: 'drop' as const, path: p })) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), path, value: nastyOrLong }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('own-key' as const),
      path: fc.constantFrom<string[]>([], ['passengers']),
      key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const),
      value: fc.oneof(nasty, fc.constant({ adults: 1 }), fc.constant({ origin: 'GRU', passengers: { adults: 1 } })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('same-airports', 'return-before', 'no-return', 'program-for-price', 'too-many', 'infants')
      .map((rule) => ({ kind: 'cross' as const, rule })),
  },
);

/** Sets `key` as an own, enumerable data property, even `__proto__` (as JSON.parse does). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function apply(body: Record<string, any>, m: Mutation): void {
  if (m.kind === 'cross') {
    if (m.rule === 'same-airports') body.destination = body.origin;
    if (m.rule === 'return-before') Object.assign(body, { tripType: 'ROUND_TRIP', returnDate: body.departureDate });
    if (m.rule === 'no-return') {
      body.tripType = 'ROUND_TRIP';
      delete body.returnDate;
    }
    if (m.rule === 'program-for-price')
      Object.assign(
        body,
        body.priceType === 'CASH' ? { airlineLoyalty: ['PROGRAM_1'] } : { airlineLoyalty: ['PROGRAM_8'] },
      );
    if (m.rule === 'too-many' && body.passengers && typeof body.passengers === 'object')
      Object.assign(body.passengers, { adults: 5, children: 5 });
    if (m.rule === 'infants' && body.passengers && typeof body.passengers === 'object')
      Object.assign(body.passengers, { adults: 1, infants: 2 });
    return;
  }
  let target: any = body;
  const at = m.path;
  for (const key of at.slice(0, m.kind === 'own-key' ? at.length : -1)) {
    if (!target || typeof target !== 'object') return;
    target = target[key];
  }
  if (!target || typeof target !== 'object') return;
  if (m.kind === 'own-key') {
    setOwn(target, m.key, copy(m.value));
    return;
  }
  const last = at[at.length - 1]!;
  if (m.kind === 'drop') delete target[last];
  else setOwn(target, last, copy(m.value));
}

/**
 * A value as a body may keep it: the generators hand out the same constant objects run after run,
 * and a later mutation of this body must not change them (or tie one into a cycle through itself).
 */
const copy = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? structuredClone(value) : value;

/** JSON text of a body; `HUGE` strings become `1e400` (a JSON number beyond double). */
export const toText = (body: unknown): string => JSON.stringify(body).replaceAll(`"${HUGE}"`, '1e400');

/** Valid requests with one to four mutations, as JSON text. */
export const mutatedSearchText: fc.Arbitrary<string> = fc
  .tuple(validSearch, fc.array(mutation, { minLength: 1, maxLength: 4 }))
  .map(([valid, mutations]) => {
    const body = structuredClone(valid) as Record<string, any>;
    for (const m of mutations) apply(body, m);
    return toText(body);
  });

/** Any JSON at all: scalars, arrays, objects with random or known keys. */
export const randomJsonText: fc.Arbitrary<string> = fc
  .oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.dictionary(fc.constantFrom(...TOP, '__proto__', 'constructor', 'extra'), nasty, { maxKeys: 10 }),
    fc.dictionary(fc.constantFrom(...TOP), fc.jsonValue({ maxDepth: 2 }), { minKeys: 5 }),
  )
  .map(toText);

/** Text that is not JSON: random strings, cut or broken JSON, empty. */
export const notJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"airlineLoyalty":',
    "{'a':1}",
    '{"a":1,}',
    'undefined',
    'NaN',
    '[1,]',
    '\u00ef\u00bb\u00bf{}',
    '{"a":1}{"b":2}',
  ),
  validSearch.chain((v) => {
    const text = JSON.stringify(v);
    return fc.integer({ min: 1, max: text.length - 1 }).map((cut) => text.slice(0, cut));
  }),
);

// ---------------------------------------------------------------- history query strings

const HISTORY_NAMES = [
  'origin',
  'destination',
  'cabinType',
  'airlineLoyalty',
  'lookbackDays',
  'onlyFutureDepartures',
  'departureDate',
];
type Pairs = [string, string][];

/**
 * History routes from a small pool (airports, a city code, an unknown code):
 * the mock caches each route's generated baseline, and thousands of fresh
 * random routes would spend the run generating baselines, not checking rules.
 */
const historyAirport = fc.constantFrom('GRU', 'JFK', 'NYC', 'LHR', 'ZZZ');

export const validHistoryPairs: fc.Arbitrary<Pairs> = fc
  .record({
    origin: historyAirport,
    destination: historyAirport,
    cabinType: fc.constantFrom('ECONOMY', 'BUSINESS'),
    programs: fc.uniqueArray(fc.constantFrom(...MILES), { minLength: 1, maxLength: 3 }),
    lookbackDays: fc.integer({ min: 1, max: 30 }),
    future: fc.constantFrom('true', 'false', undefined),
    dates: fc.array(day, { maxLength: 3 }),
  })
  .chain((r) =>
    fc.shuffledSubarray(
      [
        ['origin', r.origin],
        ['destination', r.destination],
        ['cabinType', r.cabinType],
        ...r.programs.map((p) => ['airlineLoyalty', p]),
        ['lookbackDays', String(r.lookbackDays)],
        ...(r.future ? [['onlyFutureDepartures', r.future]] : []),
        ...r.dates.map((d) => ['departureDate', d]),
      ] as Pairs,
      { minLength: 4 + r.programs.length + r.dates.length + (r.future ? 1 : 0) }, // all of them, in any order
    ),
  );

const historyValue = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '1',
      '30',
      '31',
      '-1',
      '-0',
      '1.5',
      '07',
      '3e1',
      '0x1e',
      ' 7',
      '7 ',
      '+7',
      '1_0',
      '99999999999999999999',
      'NaN',
      'Infinity',
      'true',
      'false',
      'TRUE',
      '1 ',
      'yes',
      'ECONOMY',
      'economy',
      'PREMIUM',
      'PROGRAM_1',
      'PROGRAM_8',
      'PROGRAM_3_INTERLINE',
      'program_1',
      'PROGRAM_9',
      'GRU',
      'gru',
      'GRUU',
      'NYC',
      'ZZZ',
      '2026-12-15',
      '2025-02-29',
      '2024-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-1-1',
      '0000-01-01',
      '__proto__',
      '%',
      '%%32',
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 40 }).map(String) },
  { weight: 2, arbitrary: dateLike },
  { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: fc.constant('A'.repeat(10_000)) },
);

type HistoryMutation =
  | { kind: 'drop' | 'repeat' | 'empty'; name: string }
  | { kind: 'set' | 'add'; name: string; value: string };

const historyName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HISTORY_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'Origin', 'extra', '') },
);

const historyMutation: fc.Arbitrary<HistoryMutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('drop' as const, 'repeat' as const, 'empty' as const), name: historyName }),
  fc.record({ kind: fc.constantFrom('set' as const, 'add' as const), name: historyName, value: historyValue }),
);

function applyHistory(pairs: Pairs, m: HistoryMutation): Pairs {
  const index = pairs.findIndex(([name]) => name === m.name);
  switch (m.kind) {
    case 'drop':
      return pairs.filter(([name]) => name !== m.name);
    case 'repeat':
      return index === -1 ? pairs : [...pairs, pairs[index]!];
    case 'empty':
      return index === -1 ? [...pairs, [m.name, '']] : pairs.map((pair, i) => (i === index ? [m.name, ''] : pair));
    case 'set':
      return index === -1
        ? [...pairs, [m.name, m.value]]
        : pairs.map((pair, i) => (i === index ? [m.name, m.value] : pair));
    case 'add':
      return [...pairs, [m.name, m.value]];
  }
}

const encode = (pairs: Pairs): string => new URLSearchParams(pairs).toString();

export const validHistoryQuery = validHistoryPairs.map(encode);

export const mutatedHistoryQuery: fc.Arbitrary<string> = fc
  .tuple(validHistoryPairs, fc.array(historyMutation, { minLength: 1, maxLength: 4 }))
  .map(([pairs, mutations]) => encode(mutations.reduce(applyHistory, pairs)));

/** Query strings from random text, and from random name/value pairs. */
export const randomHistoryQuery: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.array(fc.tuple(historyName, historyValue), { maxLength: 10 }).map(encode),
);
