import type { ValidationIssue, ValidationIssueType } from '../types.js';
import { VALIDATION_ISSUE_TYPES } from '../generated/contract.js';

/**
 * A request schema of openapi.yaml as the generator writes it: only the keywords below.
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
  /** The text of an issue of this value, where the contract or the mock words it. */
  readonly 'x-message'?: string;
  /** A decision of ours that narrows the spec: checked only when asked ({@link CheckOptions}). */
  readonly 'x-decision'?: string;
  /** A code that must name a place the service knows: checked only with {@link CheckOptions.place}. */
  readonly 'x-place'?: 'airport' | 'airport-or-city';
}

/** What a failed check says: the issue type and its text, before the rule id is added. */
export type Finding = readonly [type: ValidationIssueType, text: string];

export interface CheckOptions {
  /**
   * Also check what the contract narrows by decision (`x-decision`): the mock does, a client does not.
   */
  decisions?: boolean | undefined;
  /**
   * What is wrong with a well-formed code where an `x-place` wants an airport (or city), `undefined` when it names one.
   */
  place?: ((code: string, kind: 'airport' | 'airport-or-city') => string | undefined) | undefined;
  /**
   * Leave program codes open: a code no enum lists passes when it has the shape of every code (the SDK; the mock does not).
   */
  openCodes?: boolean | undefined;
}

/** A JSON object: not an array, not null. */
/**
 * An empty object for keys a client chooses: no prototype, so `constructor` and `__proto__` are keys like any other.
 * @example
 * const query = dictionary<string[]>(); query.constructor = ['1']; // an own key, nothing inherited
 */
export const dictionary = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An own property's value, `undefined` when absent: a `__proto__` key or a polluted prototype is never read. */
export const own = (object: Readonly<Record<string, unknown>>, name: string): unknown =>
  Object.hasOwn(object, name) ? object[name] : undefined;

/** The order in which one field's findings outrank each other. */
export const rank = (type: string): number => (VALIDATION_ISSUE_TYPES as readonly string[]).indexOf(type);

/** The better of two findings of one field. */
export const better = (a: Finding | undefined, b: Finding | undefined): Finding | undefined =>
  !a || (b && rank(b[0]) < rank(a[0])) ? b : a;

/** A JSON type in plain words, with its article: `an integer`. */
export const aType = (type: string | undefined): string => `${/^[aeiou]/.test(type!) ? 'an' : 'a'} ${type}`;

/** The finding of a value of another type than `node` declares: `must be an integer`. */
export const typeMismatch = (node: SchemaNode): Finding => ['invalid_type', `must be ${aType(node.type)}`];

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
  // Date rolls a day past its month's end over: only a day on the calendar keeps its day of the month.
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(text).getUTCDate() === +text.slice(8);
}

/**
 * The finding of a scalar value against `node`, or `undefined`; checks run in the vocabulary's order.
 */
export function checkScalar(node: SchemaNode, value: unknown, options: CheckOptions): Finding | undefined {
  return worded(node, scalarFinding(node, value, options));
}

/** A finding in the words of `node`'s `x-message`, when it has one. */
const worded = <F extends Finding | undefined>(node: SchemaNode, finding: F): F =>
  (finding && node['x-message'] !== undefined ? [finding[0], node['x-message']] : finding) as F;

const outOfRange = (relation: string, bound: number | undefined): Finding => [
  'out_of_range',
  `must be ${relation} ${bound}`,
];

function scalarFinding(node: SchemaNode, value: unknown, options: CheckOptions): Finding | undefined {
  switch (node.type) {
    case 'string': {
      if (typeof value !== 'string') return typeMismatch(node);
      // Refused unless left open here (a decision not applied, or open codes); open, it must still fit the pattern.
      const open = (node['x-decision'] && !options.decisions) || (options.openCodes && node.pattern);
      if (node.enum && !node.enum.includes(value) && !(open && matches(node.pattern ?? '', value)))
        return ['invalid_enum', `must be one of ${node.enum.join(', ')}`];
      if (node.pattern && !matches(node.pattern, value)) return ['invalid_format', `must match ${node.pattern}`];
      if (node.format === 'date' && !isCalendarDate(value)) return ['invalid_date', 'must be a day on the calendar'];
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
    length < (node.minItems ?? 0)
      ? `fewer than ${node.minItems}`
      : length > (node.maxItems ?? Infinity)
        ? `more than ${node.maxItems}`
        : undefined;
  return broken === undefined ? undefined : worded(node, ['out_of_range', `must NOT have ${broken} items`]);
}

/**
 * Every finding of a JSON value against `node`, one per field at most, under its dotted path from `field`;
 * `undefined` is an absent value.
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
    for (const name of Object.keys(node.properties ?? {})) {
      const present = own(value, name);
      if (present !== undefined) checkJson(node.properties![name]!, present, `${field}.${name}`, report, options);
      else if (node.required?.includes(name)) report(`${field}.${name}`, ['missing', `${name} is required`]);
    }
  } else if (node.type === 'array') {
    if (!Array.isArray(value)) {
      report(field, typeMismatch(node));
      return;
    }
    const size = checkSize(node, value.length);
    if (size) report(field, size);
    // An index loop: a hole of a sparse array is checked as the undefined it holds.
    if (node.items)
      for (let index = 0; index < value.length; index++)
        checkJson(node.items, value[index], `${field}.${index}`, report, options);
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
 * Every field of `value` that `node` does not declare, nested ones included: not a finding of {@link checkJson},
 * since the contract leaves objects open; each caller decides what an unknown field costs.
 *
 * @example
 * unknownFields(SEARCH_REQUEST_SCHEMA, { passengers: { adults: 1, childs: 2 }, foo: 1 }, 'body');
 * // [{ field: 'body.passengers.childs', known: ['adults', 'children', 'infants'] }, { field: 'body.foo', known: [...] }]
 */
export function unknownFields(node: SchemaNode | undefined, value: unknown, field: string): UnknownField[] {
  const array = node?.type === 'array' && Array.isArray(value);
  if (!array && !(node?.type === 'object' && isPlainObject(value))) return [];
  const known = Object.keys(node.properties ?? {});
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
