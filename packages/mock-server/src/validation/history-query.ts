import type { CabinType, MilesProgram, ValidationIssue, ValidationIssueType } from '@flight-search/sdk';
import { HISTORY_ARRAY_PARAMETERS, HISTORY_PARAMETER_ORDER, HISTORY_RULES } from '../generated/contract.js';
import { validateHistoryQuerySchema } from '../generated/validate-history-query.js';
import { IssueList, issuesFromAjv } from './issues.js';

/** A valid history query, read as its declared types (D16). */
export interface HistoryQuery {
  origin: string;
  destination: string;
  cabinType: CabinType;
  airlineLoyalty: MilesProgram[];
  lookbackDays: number;
  onlyFutureDepartures: boolean;
  departureDate?: string[];
}

/** An integer query value as text: decimal digits, an optional minus sign. */
const DECIMAL_INTEGER = /^-?[0-9]+$/;

const ruleOf = (field: string): string | undefined => HISTORY_RULES.find((rule) => rule.field === field)?.id;

function message(field: string, type: ValidationIssueType, ajvMessage: string): string {
  const name = field.split('.').pop();
  const rule = field === 'query.destination' ? ruleOf('query.origin') : ruleOf(field);
  const text = type === 'missing' ? `${name} is required` : ajvMessage;
  return rule ? `${text} (${rule}).` : `${text}.`;
}

/**
 * Reads and checks the query of `GET /intelligence/flights/history`
 * (`HISTORY-1`..`HISTORY-5`). Repeatable parameters are arrays; a scalar
 * parameter given twice is `invalid_type`. Unknown parameters are ignored.
 */
export function validateHistoryQuery(params: URLSearchParams): { ok: true; query: HistoryQuery } | { ok: false; issues: ValidationIssue[] } {
  const raw: Record<string, unknown> = {};
  for (const name of HISTORY_PARAMETER_ORDER) {
    const values = params.getAll(name);
    if (values.length === 0) continue;
    raw[name] = (HISTORY_ARRAY_PARAMETERS as readonly string[]).includes(name) || values.length > 1 ? values : values[0];
  }
  const text = { ...raw };
  // The compiled validator coerces strings to the declared types in place ("30" -> 30).
  const valid = validateHistoryQuerySchema(raw);
  // ajv reads any text JavaScript takes for a number ("3e1", "0x1e", " 7", "+7", "7.0"); D16 reads decimal integers only.
  const notDecimal = Object.keys(raw).filter((name) => typeof raw[name] === 'number' && !DECIMAL_INTEGER.test(text[name] as string));
  if (valid && notDecimal.length === 0) {
    return { ok: true, query: { onlyFutureDepartures: false, ...(raw as Omit<HistoryQuery, 'onlyFutureDepartures'>) } };
  }
  const issues = new IssueList();
  for (const issue of issuesFromAjv(validateHistoryQuerySchema.errors ?? [], 'query', message, true)) issues.add(issue);
  for (const name of notDecimal) issues.add({ field: `query.${name}`, type: 'invalid_type', message: message(`query.${name}`, 'invalid_type', 'must be a decimal integer') });
  return { ok: false, issues: issues.list(HISTORY_PARAMETER_ORDER.map((name) => `query.${name}`)) };
}
