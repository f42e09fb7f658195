import type { ValidationIssue, ValidationIssueType } from '../types.js';
import { VALIDATION_ISSUE_TYPES } from '../generated/contract.js';

/**
 * A request schema of openapi.yaml as `scripts/generators/contract.mjs` writes it into
 * `generated/contract.ts`: only the keywords below, so the generator refuses a contract change
 * this interpreter would not understand.
 */
export interface SchemaNode {
  readonly type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  /** The value an absent optional field stands for. */
  readonly default?: unknown;
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly enum?: readonly string[];
  readonly pattern?: string;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** The text of an issue of this value (its size, for an array), where the contract or the mock's option table words it. */
  readonly 'x-message'?: string;
  /** A decision of ours that narrows the spec (`D9`): checked only when asked (see {@link CheckOptions}). */
  readonly 'x-decision'?: string;
  /** A code that must name a place the service knows (D107): checked only with {@link CheckOptions.place}. */
  readonly 'x-place'?: 'airport' | 'airport-or-city';
}

/** What a failed check says: the issue type and its text, before the rule id is added. */
export type Finding = readonly [type: ValidationIssueType, text: string];

export interface CheckOptions {
  /**
   * Also check what the contract narrows by decision (`x-decision`, such as D9's MILES-only history).
   * The mock does; a client does not, so it never refuses what the real service may accept.
   */
  decisions?: boolean | undefined;
  /**
   * What is wrong with a well-formed code where an `x-place` wants an airport (or, for history, a
   * city code too), or `undefined` when it names one (D107). Only a checker holding an airport
   * table passes it (the mock); without it only the code's format is checked.
   */
  place?: ((code: string, kind: 'airport' | 'airport-or-city') => string | undefined) | undefined;
  /**
   * Leave program codes open (D143): a code a program enum does not list passes when it has the
   * shape of every code (its `pattern`), and the service says whether it exists. The SDK does, so a
   * program added at the service needs no SDK release; the mock does not.
   */
  openCodes?: boolean | undefined;
}

/** A JSON object: not an array, not null. */
/**
 * An empty object for keys a client chooses (query and header names, record fields): it has no prototype,
 * so `constructor`, `__proto__` and `hasOwnProperty` are keys like any other (issue 39 item 1).
 * @example
 * const query = dictionary<string[]>(); query.constructor = ['1']; // an own key, nothing inherited
 */
export const dictionary = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An own property's value, `undefined` when absent: a `__proto__` key or a polluted prototype is never read. */
export const own = (object: Readonly<Record<string, unknown>>, name: string): unknown => (Object.hasOwn(object, name) ? object[name] : undefined);

/** The order in which one field's findings outrank each other: the first type of the contract's vocabulary wins (D6). */
export const rank = (type: string): number => (VALIDATION_ISSUE_TYPES as readonly string[]).indexOf(type);

/** The better of two findings of one field. */
export const better = (a: Finding | undefined, b: Finding | undefined): Finding | undefined => (!a || (b && rank(b[0]) < rank(a[0])) ? b : a);

/** A JSON type in plain words, with its article: `an integer`, `a string` (issue 30 item 7). */
export const aType = (type: string | undefined): string => `${/^[aeiou]/.test(type!) ? 'an' : 'a'} ${type}`;

/** The finding of a value of another type than `node` declares: `must be an integer`. */
export const typeMismatch = (node: SchemaNode): Finding => ['invalid_type', `must be ${aType(node.type)}`];

// Compiled once per pattern: a search checks two IATA codes and two dates on every call.
const patterns = new Map<string, RegExp>();
const matches = (pattern: string, text: string): boolean => {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern);
    patterns.set(pattern, compiled);
  }
  return compiled.test(text);
};

/** `YYYY-MM-DD` on the proleptic Gregorian calendar: no 2025-02-29, no 2026-04-31. */
export function isCalendarDate(text: string): boolean {
  // Date reads the text as that day's UTC midnight, rolling a day past its month's end over (or refusing it,
  // when toJSON gives null): only a day on the calendar is written back as the same text.
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(text).toJSON()?.startsWith(text) === true;
}

/**
 * The finding of a scalar value (string, integer, boolean) against `node`, or `undefined` when it
 * passes. Checks run in the vocabulary's order, so the first that fails is the one a field reports.
 */
export function checkScalar(node: SchemaNode, value: unknown, options: CheckOptions): Finding | undefined {
  return worded(node, scalarFinding(node, value, options));
}

/** A finding in the words of `node`'s `x-message`, when it has one. */
const worded = <F extends Finding | undefined>(node: SchemaNode, finding: F): F =>
  (finding && node['x-message'] !== undefined ? [finding[0], node['x-message']] : finding) as F;

const outOfRange = (relation: string, bound: number | undefined): Finding => ['out_of_range', `must be ${relation} ${bound}`];

function scalarFinding(node: SchemaNode, value: unknown, options: CheckOptions): Finding | undefined {
  switch (node.type) {
    case 'string': {
      if (typeof value !== 'string') return typeMismatch(node);
      // A value the enum does not list is refused, unless the set is left open here: a decision of
      // ours not applied (x-decision), or open codes (D143). Open, it must still have the pattern's shape.
      const open = (node['x-decision'] && !options.decisions) || (options.openCodes && node.pattern);
      if (node.enum && !node.enum.includes(value) && !(open && matches(node.pattern ?? '', value)))
        return ['invalid_enum', `must be one of ${node.enum.join(', ')}`];
      if (node.pattern && !matches(node.pattern, value)) return ['invalid_format', `must match ${node.pattern}`];
      if (node.format === 'date' && !isCalendarDate(value)) return ['invalid_date', 'must be a day on the calendar'];
      // A code that names no place the checker knows (D107); only a checker holding an airport table asks.
      const place = node['x-place'] && options.place?.(value, node['x-place']);
      return place ? ['invalid_enum', place] : undefined;
    }
    case 'integer':
    case 'number':
      if (!(node.type === 'integer' ? Number.isInteger(value) : Number.isFinite(value))) return typeMismatch(node);
      if ((value as number) < (node.minimum ?? -Infinity)) return outOfRange('>=', node.minimum);
      if ((value as number) <= (node.exclusiveMinimum ?? -Infinity)) return outOfRange('>', node.exclusiveMinimum);
      if ((value as number) > (node.maximum ?? Infinity)) return outOfRange('<=', node.maximum);
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : typeMismatch(node);
    default:
      throw new TypeError(`checkScalar: a ${String(node.type)} schema is not a scalar`);
  }
}

/** The finding of an array's own size, or `undefined`. */
export function checkSize(node: SchemaNode, length: number): Finding | undefined {
  const broken =
    length < (node.minItems ?? 0) ? `fewer than ${node.minItems}` : length > (node.maxItems ?? Infinity) ? `more than ${node.maxItems}` : undefined;
  return broken === undefined ? undefined : worded(node, ['out_of_range', `must NOT have ${broken} items`]);
}

/**
 * Every finding of a JSON value against `node`, one per field at most, in the schema's property
 * order, each under its dotted path from `field` (`body.passengers.adults`, `body.airlineLoyalty.0`).
 * `undefined` is an absent value: a required one is `missing`, an optional one passes.
 */
export function checkJson(
  node: SchemaNode,
  value: unknown,
  field: string,
  report: (field: string, finding: Finding) => void,
  options: CheckOptions = {},
): void {
  if (node.type === 'object') {
    if (!isPlainObject(value)) {
      report(field, worded(node, typeMismatch(node)));
      return;
    }
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const at = `${field}.${name}`;
      const present = own(value, name);
      if (present !== undefined) checkJson(child, present, at, report, options);
      else if (node.required?.includes(name)) report(at, ['missing', `${name} is required`]);
    }
  } else if (node.type === 'array') {
    if (!Array.isArray(value)) {
      report(field, typeMismatch(node));
      return;
    }
    const size = checkSize(node, value.length);
    if (size) report(field, size);
    // An index loop, not forEach: a hole of a sparse array is checked as the undefined it holds.
    if (node.items) for (let index = 0; index < value.length; index++) checkJson(node.items, value[index], `${field}.${index}`, report, options);
  } else {
    const finding = checkScalar(node, value, options);
    if (finding) report(field, finding);
  }
}

/** A field `node` does not declare, and the names it declares there (for a message, or a "did you mean"). */
export interface UnknownField {
  /** The dotted path of the field, from the `field` given (`body.passengers.childs`). */
  field: string;
  /** The names the object holding it declares, in the schema's order. */
  known: readonly string[];
}

/**
 * Every field of `value` that `node` does not declare, nested objects and arrays of objects
 * included, in the value's order. The contract leaves objects open (the service's rule for an
 * extra field is unstated), so this is not a finding of {@link checkJson}: each caller decides
 * what an unknown field costs (the mock warns or refuses it; its own settings refuse it).
 *
 * @example
 * unknownFields(SEARCH_REQUEST_SCHEMA, { passengers: { adults: 1, childs: 2 }, foo: 1 }, 'body');
 * // [{ field: 'body.passengers.childs', known: ['adults', 'children', 'infants'] }, { field: 'body.foo', known: [...] }]
 */
export function unknownFields(node: SchemaNode | undefined, value: unknown, field: string): UnknownField[] {
  // An array's entries are its items, all of them declared by `items`; an object's are its fields, each declared or not.
  const array = node?.type === 'array' && Array.isArray(value);
  if (!array && !(node?.type === 'object' && isPlainObject(value))) return [];
  const known = Object.keys(node.properties ?? {});
  // A hole of a sparse array holds no field: Object.entries skips it.
  return Object.entries(value).flatMap(([name, each]) =>
    array || known.includes(name)
      ? unknownFields(array ? node.items : node.properties?.[name], each, `${field}.${name}`)
      : [{ field: `${field}.${name}`, known }],
  );
}

/** Builds an issue: the finding's text, then the rule it breaks when the contract names one, and a full stop. */
export const issue = (field: string, [type, text]: Finding, rule: string | undefined): ValidationIssue => ({
  field,
  type,
  message: rule ? `${text} (${rule}).` : `${text}.`,
});
