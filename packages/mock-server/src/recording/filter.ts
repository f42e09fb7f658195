import { isPlainObject } from '@flight-search/contract';
import { clockTime, unknownFields, type SettingIssue } from '../settings.js';
import type { EntryFilter } from './request-log.js';

/** The most entries one page of `requests()` lists (D82). */
export const MAX_REQUESTS_PAGE = 10_000;

/** Checks a `requests(filter)` filter, or the query of `GET /__mock/requests` (numbers as text): its problems, or the filter. */
export function checkRequestFilter(filter: unknown): { issues: SettingIssue[]; filter: EntryFilter } {
  const checked: EntryFilter = {};
  if (filter === undefined) return { issues: [], filter: checked };
  if (!isPlainObject(filter))
    return {
      issues: [
        {
          field: '',
          type: 'invalid_type',
          message: 'must be an object { method?, path?, key?, status?, since?, after?, limit? }.',
        },
      ],
      filter: checked,
    };
  const issues = unknownFields(filter, ['method', 'path', 'key', 'status', 'since', 'after', 'limit']);
  const issue = (field: string, type: SettingIssue['type'], message: string) => issues.push({ field, type, message });
  for (const name of ['method', 'path', 'key'] as const) {
    const value = filter[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') issue(name, 'invalid_type', 'must be a non-empty string.');
    else checked[name] = value;
  }
  if (filter.status !== undefined) {
    const status =
      typeof filter.status === 'string' && /^\d{3}$/.test(filter.status) ? Number(filter.status) : filter.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
      issue('status', 'out_of_range', 'must be an HTTP status from 100 to 599.');
    else checked.status = status;
  }
  if (filter.since !== undefined) {
    const time = clockTime(
      typeof filter.since === 'string' && /^\d+$/.test(filter.since) ? Number(filter.since) : filter.since,
    );
    if (time === undefined)
      issue('since', 'invalid_format', 'must be epoch milliseconds or an ISO 8601 date-time (2026-11-01T00:00:00Z).');
    else checked.since = time;
  }
  const after = integerOf(filter.after);
  if (filter.after !== undefined) {
    if (after === undefined || after < 0) issue('after', 'out_of_range', 'must be an entry id (an integer >= 0).');
    else checked.after = after;
  }
  const limit = integerOf(filter.limit);
  if (filter.limit !== undefined) {
    if (limit === undefined || limit < 1 || limit > MAX_REQUESTS_PAGE)
      issue('limit', 'out_of_range', `must be an integer from 1 to ${MAX_REQUESTS_PAGE}.`);
    else checked.limit = limit;
  }
  return { issues, filter: checked };
}

/** A safe integer given as a number or, in a query, as its digits. */
function integerOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
}
