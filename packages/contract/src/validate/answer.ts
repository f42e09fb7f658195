import type { ValidationIssue } from '../types.js';
import { ANSWER_SCHEMAS } from '../generated/contract.js';
import { aType, checkScalar, checkSize, isPlainObject, own, type Finding, type SchemaNode } from './schema.js';

/**
 * An answer's schema as the generator writes it: the request keywords plus alternatives, constants and nullable types.
 */
interface AnswerNode {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, AnswerNode>>;
  readonly items?: AnswerNode;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly AnswerNode[];
  readonly oneOf?: readonly AnswerNode[];
  readonly allOf?: readonly AnswerNode[];
  readonly unevaluatedProperties?: boolean;
  readonly uniqueItems?: boolean;
  readonly [keyword: string]: unknown;
}

const operations = ANSWER_SCHEMAS.operations as unknown as Record<string, Record<string, AnswerNode | null>>;
const components = ANSWER_SCHEMAS.schemas as unknown as Record<string, AnswerNode>;

/** What {@link checkAnswer} says of an answer the contract does not allow. */
export type AnswerProblem =
  | { operation: 'undeclared' }
  | { status: 'undeclared'; declared: string[] }
  | { issues: ValidationIssue[] };

/**
 * Whether openapi.yaml allows `status` with `body` as an answer of `method path`: `undefined` when it does, else the
 * unknown operation, the undeclared status, or every issue of the body.
 *
 * @example
 * checkAnswer('GET', '/quota', 418, {}); // { status: 'undeclared', declared: ['200', '401', ...] }
 * checkAnswer('GET', '/quota', 200, { limit: 'x' })?.issues[0]; // { field: 'body.limit', type: 'invalid_type', message: 'must be an integer.' }
 */
export function checkAnswer(method: string, path: string, status: number, body: unknown): AnswerProblem | undefined {
  const statuses = operations[`${method.toUpperCase()} ${path}`];
  if (statuses === undefined) return { operation: 'undeclared' };
  const schema = statuses[String(status)];
  if (schema === undefined) return { status: 'undeclared', declared: Object.keys(statuses) };
  if (schema === null) return undefined;
  const issues = findings(schema, body, 'body');
  return issues.length === 0 ? undefined : { issues };
}

/** Every issue of `value` against `node`, one per field at most. */
function findings(node: AnswerNode, value: unknown, field: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const report = (at: string, [type, text]: Finding) => {
    if (!issues.some((issue) => issue.field === at)) issues.push({ field: at, type, message: `${text}.` });
  };
  check(node, value, field, report);
  return issues;
}

function check(
  node: AnswerNode,
  value: unknown,
  field: string,
  report: (field: string, finding: Finding) => void,
): void {
  if (node.$ref !== undefined) {
    check(components[node.$ref]!, value, field, report);
    return;
  }
  for (const part of node.allOf ?? []) check(part, value, field, report);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives !== undefined) {
    // The alternative that comes closest says what is wrong: its issues, the fewest of all.
    const each = alternatives.map((alternative) => findings(alternative, value, field));
    const passing = each.filter((found) => found.length === 0).length;
    if (node.oneOf !== undefined && passing > 1)
      report(field, ['invalid_type', `must match exactly one of ${alternatives.length} forms, and matches ${passing}`]);
    if (passing === 0)
      for (const issue of each.reduce((a, b) => (b.length < a.length ? b : a)))
        report(issue.field, [issue.type as Finding[0], issue.message.slice(0, -1)]);
  }
  if (node.const !== undefined && value !== node.const) {
    report(field, ['invalid_enum', `must be ${JSON.stringify(node.const)}`]);
    return;
  }
  if (node.type === undefined) return;
  const types = typeof node.type === 'string' ? [node.type] : node.type;
  if (value === null) {
    if (!types.includes('null'))
      report(field, ['invalid_type', `must be ${types.map((t) => (t === 'null' ? t : aType(t))).join(' or ')}`]);
    return;
  }
  const type = types.find((candidate) => candidate !== 'null');
  if (type === undefined) {
    report(field, ['invalid_type', 'must be null']);
    return;
  }
  if (type === 'object') {
    if (!isPlainObject(value)) {
      report(field, ['invalid_type', 'must be an object']);
      return;
    }
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const present = own(value, name);
      if (present !== undefined) check(child, present, `${field}.${name}`, report);
      else if (node.required?.includes(name)) report(`${field}.${name}`, ['missing', `${name} is required`]);
    }
    if (node.unevaluatedProperties === false)
      for (const name of Object.keys(value))
        if (!Object.hasOwn(node.properties ?? {}, name))
          report(`${field}.${name}`, ['invalid_type', 'is not a field here']);
  } else if (type === 'array') {
    if (!Array.isArray(value)) {
      report(field, ['invalid_type', 'must be an array']);
      return;
    }
    const size = checkSize(node as SchemaNode, value.length);
    if (size) report(field, size);
    if (node.uniqueItems && new Set(value.map((item) => JSON.stringify(item))).size < value.length)
      report(field, ['invalid_type', 'must hold no item twice']);
    if (node.items)
      for (let index = 0; index < value.length; index++) check(node.items, value[index], `${field}.${index}`, report);
  } else {
    const finding = checkScalar({ ...node, type } as SchemaNode, value, { decisions: true });
    if (finding) report(field, finding);
  }
}
