import { CASH_PROGRAMS, MILES_PROGRAMS, SEARCH_REQUEST_SCHEMA, SEARCH_RULE_OF_FIELD } from '../generated/contract.js';
import type { ValidationIssue, ValidationIssueType } from '../types.js';
import { checkJson, isPlainObject, issue, own, type CheckOptions, type SchemaNode } from './schema.js';

const schema = SEARCH_REQUEST_SCHEMA as SchemaNode;

/** What a cross-field rule would read of a field that has a schema issue of its own, or under it. */
const INVALID = Symbol('invalid');

/**
 * A cross-field rule of `POST /flights/search`: the fields it reads, the field its issue names, and what is wrong
 * (falsy when nothing is), asked only when every field it reads is valid on its own (absent ones as their default).
 */
type CrossFieldRule = readonly [
  rule: string,
  reads: readonly string[],
  field: string,
  // biome-ignore lint/suspicious/noExplicitAny: values the schema check has already typed, each rule reads them as it declares
  broken: (values: any[]) => string | false,
  type?: ValidationIssueType,
];

/** In the order the list reports them; SEARCH-7 before SEARCH-6, which both speak of returnDate. */
const CROSS_FIELD_RULES: readonly CrossFieldRule[] = [
  // SEARCH-2: the program is allowed for the priceType.
  [
    'SEARCH-2',
    ['airlineLoyalty', 'priceType'],
    'airlineLoyalty',
    ([[program], priceType]) => {
      const allowed: readonly string[] = priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;
      const other: readonly string[] = priceType === 'CASH' ? MILES_PROGRAMS : CASH_PROGRAMS;
      // A program of the other priceType only: a code neither table knows is the service's to judge.
      return (
        !allowed.includes(program) &&
        other.includes(program) &&
        `${program} cannot be searched with priceType ${priceType}; allowed: ${allowed.join(', ')}`
      );
    },
  ],
  // SEARCH-3: adults + children is at most 9.
  [
    'SEARCH-3',
    ['passengers.adults', 'passengers.children'],
    'passengers.children',
    ([adults, children]) => adults + children > 9 && 'adults + children must be at most 9',
  ],
  // SEARCH-4: infants is at most adults.
  [
    'SEARCH-4',
    ['passengers.adults', 'passengers.infants'],
    'passengers.infants',
    ([adults, infants]) => infants > adults && 'infants must not outnumber adults',
  ],
  // SEARCH-5: origin and destination differ.
  [
    'SEARCH-5',
    ['origin', 'destination'],
    'destination',
    ([origin, destination]) => origin === destination && 'origin and destination must differ',
  ],
  // SEARCH-7: a ROUND_TRIP has a returnDate.
  [
    'SEARCH-7',
    ['tripType', 'returnDate'],
    'returnDate',
    ([tripType, back]) =>
      tripType === 'ROUND_TRIP' && back === undefined && 'returnDate is required when tripType is ROUND_TRIP',
    'missing',
  ],
  // SEARCH-6: a ROUND_TRIP returns after it departs.
  [
    'SEARCH-6',
    ['tripType', 'departureDate', 'returnDate'],
    'returnDate',
    ([tripType, departure, back]) =>
      tripType === 'ROUND_TRIP' &&
      back !== undefined &&
      back <= departure &&
      'returnDate must be later than departureDate',
  ],
];

/**
 * Every problem of a search body, as the service lists them in a 422's `details.errors`: the schema's (at most one
 * issue per field), then the cross-field rules `SEARCH-2`..`SEARCH-7` on valid fields. `[]` when valid. `options.place`
 * (the mock's) also checks that airports exist.
 *
 * @example
 * validateSearchRequest({ airlineLoyalty: ['PROGRAM_1'], tripType: 'ONE_WAY', cabinType: 'ECONOMY',
 *   origin: 'GRU', destination: 'GRU', departureDate: '2026-12-15', passengers: { adults: 1 } });
 * // [{ field: 'body.destination', type: 'cross_field', message: 'origin and destination must differ' }]
 */
export function validateSearchRequest(body: unknown, options: CheckOptions = {}): ValidationIssue[] {
  if (!isPlainObject(body))
    return [{ field: 'body', type: 'invalid_type', message: 'The body must be a JSON object (SEARCH-10).' }];
  const issues: ValidationIssue[] = [];
  // SEARCH-9 for any missing field, else the field's own rule (SEARCH-1, SEARCH-8), as x-rules names them.
  const rules: Readonly<Record<string, string>> = SEARCH_RULE_OF_FIELD;
  checkJson(
    schema,
    body,
    'body',
    (field, finding) => issues.push(issue(field, finding, rules[finding[0] === 'missing' ? '*' : field])),
    options,
  );

  const read = (path: string): unknown => {
    const field = `body.${path}`;
    if (issues.some(({ field: known }) => `${known}.`.startsWith(`${field}.`) || `${field}.`.startsWith(`${known}.`)))
      return INVALID;
    let value: unknown = body;
    let node: SchemaNode | undefined = schema;
    for (const name of path.split('.')) {
      node = node?.properties?.[name];
      value = isPlainObject(value) ? own(value, name) : undefined;
    }
    return value === undefined ? node?.default : value;
  };
  for (const [rule, reads, name, broken, type = 'cross_field'] of CROSS_FIELD_RULES) {
    const values = reads.map(read);
    const text = !values.includes(INVALID) && broken(values);
    if (text && !issues.some((known) => known.field === `body.${name}`))
      issues.push(issue(`body.${name}`, [type, text], rule));
  }
  return issues;
}
