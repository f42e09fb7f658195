import type { ValidationIssue, ValidationIssueType } from '@flight-search/sdk';
import { VALIDATION_ISSUE_TYPES } from '../generated/contract.js';
import type { CompiledError } from './compiled.js';

/** ajv keyword -> issue type of the contract's vocabulary (D6). */
const TYPE_OF_KEYWORD: Readonly<Record<string, ValidationIssueType>> = {
  required: 'missing',
  type: 'invalid_type',
  enum: 'invalid_enum',
  const: 'invalid_enum',
  minItems: 'out_of_range',
  maxItems: 'out_of_range',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  pattern: 'invalid_format',
  format: 'invalid_date',
};

// `ValidationIssue.type` is open in the contract (D22); the mock only ever adds types of its own vocabulary.
const rank = (type: ValidationIssue['type']): number => (VALIDATION_ISSUE_TYPES as readonly string[]).indexOf(type);

/** Keeps one issue per field: the first type of the vocabulary's order wins (D6). */
export class IssueList {
  readonly #byField = new Map<string, ValidationIssue>();

  add(issue: ValidationIssue): void {
    const current = this.#byField.get(issue.field);
    if (!current || rank(issue.type) < rank(current.type)) this.#byField.set(issue.field, issue);
  }

  has(field: string): boolean {
    return this.#byField.has(field);
  }

  /** Issues in the order of `fieldOrder` (the schema's property order), then the rest as added. */
  list(fieldOrder: readonly string[] = []): ValidationIssue[] {
    const position = (field: string) => {
      const index = fieldOrder.findIndex((prefix) => field === prefix || field.startsWith(`${prefix}.`));
      return index === -1 ? fieldOrder.length : index;
    };
    return [...this.#byField.values()].sort((a, b) => position(a.field) - position(b.field));
  }

  get size(): number {
    return this.#byField.size;
  }
}

/**
 * Turns ajv errors into issues under `root` (`body` or `query`). `collapse`
 * reports array items at their parameter (`query.airlineLoyalty`), for
 * repeated query parameters; bodies keep the index (`body.airlineLoyalty.0`).
 */
export function issuesFromAjv(
  errors: readonly CompiledError[],
  root: 'body' | 'query',
  messages: (field: string, type: ValidationIssueType, ajvMessage: string) => string,
  collapse = false,
): ValidationIssue[] {
  return errors.flatMap((error) => {
    const type = TYPE_OF_KEYWORD[error.keyword];
    if (!type) return [];
    let segments = error.instancePath.split('/').slice(1);
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    if (collapse) segments = segments.slice(0, 1);
    const field = [root, ...segments].join('.');
    return [{ field, type, message: messages(field, type, readable(error)) }];
  });
}

function readable(error: CompiledError): string {
  if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) return `must be one of ${error.params.allowedValues.join(', ')}`;
  if (error.keyword === 'format') return 'must be a day on the calendar';
  if (error.keyword === 'pattern') return `must match ${String(error.params.pattern)}`;
  return error.message ?? 'is invalid';
}
