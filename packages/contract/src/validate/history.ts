import { HISTORY_QUERY_SCHEMA, HISTORY_RULE_OF_FIELD } from '../generated/contract.js';
import type { CabinType, MilesProgram, ValidationIssue } from '../types.js';
import {
  better,
  checkScalar,
  checkSize,
  issue,
  typeMismatch,
  type CheckOptions,
  type Finding,
  type SchemaNode,
} from './schema.js';

/** A valid history query, read as its declared types. */
export interface ParsedHistoryQuery {
  origin: string;
  destination: string;
  cabinType: CabinType;
  airlineLoyalty: MilesProgram[];
  lookbackDays: number;
  onlyFutureDepartures: boolean;
  departureDate?: string[];
}

const schema = HISTORY_QUERY_SCHEMA as SchemaNode & {
  properties: Readonly<Record<string, SchemaNode>>;
  required: readonly string[];
};

/**
 * An integer as JSON writes it, without leading zeros: `030` is 30 to one reader and 24 to another, so it is refused.
 */
const DECIMAL_INTEGER = /^-?(?:0|[1-9][0-9]*)$/;

/**
 * A parameter's text read as the scalar type `node` declares; any other text stays text, which the type's check refuses.
 */
const readText = (node: SchemaNode, text: string): unknown =>
  node.type === 'integer' && DECIMAL_INTEGER.test(text)
    ? Number(text)
    : node.type === 'boolean' && /^(true|false)$/.test(text)
      ? text === 'true'
      : text;

/**
 * Text another reader takes for an integer (`3e1`, `0x1e`, `7.0`) is refused in its own words, not read differently.
 */
const looksInteger = (text: string): boolean => {
  const number = Number(text);
  return text !== '' && !Number.isNaN(number) && !(number % 1);
};

/** The rule of a parameter's issue as `x-rules` names it; destination shares origin's `HISTORY-1` (IATA codes at either end). */
const ruleOf = (name: string): string | undefined =>
  (HISTORY_RULE_OF_FIELD as Readonly<Record<string, string>>)[
    name === 'destination' ? 'query.origin' : `query.${name}`
  ];

/**
 * Reads and checks the query of `GET /intelligence/flights/history` (`HISTORY-1`..`HISTORY-5`): at most one issue per
 * parameter, in the contract's order. A parameter other than `airlineLoyalty` and `departureDate` given twice is
 * `invalid_type`; unknown ones are ignored. `options.decisions` applies the contract's narrowing decisions (the mock).
 *
 * @example
 * const result = validateHistoryQuery(new URLSearchParams('origin=SAO&destination=NYC&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=31'));
 * // { ok: false, issues: [{ field: 'query.lookbackDays', type: 'out_of_range', message: 'must be <= 30 (HISTORY-3).' }] }
 */
export function validateHistoryQuery(
  params: URLSearchParams,
  options: CheckOptions & {
    /**
     * Parameters whose values a client could not write as query text (an object, a symbol): each is
     * reported as the wrong type, in its place among the others.
     */
    notText?: ReadonlySet<string> | undefined;
  } = {},
): { ok: true; query: ParsedHistoryQuery } | { ok: false; issues: ValidationIssue[] } {
  const query: Record<string, unknown> = {}; // own keys: the schema's parameter names, never a client's
  const issues: ValidationIssue[] = [];
  for (const [name, node] of Object.entries(schema.properties)) {
    const texts = params.getAll(name);
    let finding: Finding | undefined;
    if (options.notText?.has(name)) {
      finding = typeMismatch((node.type === 'array' && node.items) || node);
    } else if (texts.length === 0) {
      if (schema.required.includes(name)) finding = ['missing', `${name} is required`];
      else if (node.default !== undefined) query[name] = node.default;
    } else if (node.type === 'array') {
      finding = checkSize(node, texts.length);
      for (const text of texts) finding = better(finding, node.items && checkScalar(node.items, text, options));
      query[name] = texts;
    } else if (texts.length > 1) {
      // What is wrong is the repetition, so that is what is said.
      finding = ['invalid_type', `must be given once, not ${texts.length} times`];
    } else {
      const value = readText(node, texts[0] as string);
      finding =
        node.type === 'integer' && typeof value === 'string' && looksInteger(value)
          ? ['invalid_type', 'must be a decimal integer']
          : checkScalar(node, value, options);
      query[name] = value;
    }
    if (finding) issues.push(issue(`query.${name}`, finding, ruleOf(name)));
  }
  return issues.length ? { ok: false, issues } : { ok: true, query: query as unknown as ParsedHistoryQuery };
}
