import { isPlainObject } from '@flight-search/contract';
import { clockTime, unknownFields, type SettingIssue } from '../settings.js';
import type { EntryFilter } from './request-log.js';

/**
 * Checks a `requests(filter)` filter, as given to the JavaScript API or as the
 * query of `GET /__mock/requests` (where every value is a string, so a status
 * or a time may be given as text): the problems, or the filter to apply.
 */
export function checkRequestFilter(filter: unknown): { issues: SettingIssue[]; filter: EntryFilter } {
  const checked: EntryFilter = {};
  if (filter === undefined) return { issues: [], filter: checked };
  if (!isPlainObject(filter))
    return { issues: [{ field: '', type: 'invalid_type', message: 'must be an object { method?, path?, key?, status?, since? }.' }], filter: checked };
  const issues = unknownFields(filter, ['method', 'path', 'key', 'status', 'since']);
  for (const name of ['method', 'path', 'key'] as const) {
    const value = filter[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') issues.push({ field: name, type: 'invalid_type', message: 'must be a non-empty string.' });
    else checked[name] = value;
  }
  if (filter.status !== undefined) {
    const status = typeof filter.status === 'string' && /^\d{3}$/.test(filter.status) ? Number(filter.status) : filter.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
      issues.push({ field: 'status', type: 'out_of_range', message: 'must be an HTTP status from 100 to 599.' });
    else checked.status = status;
  }
  if (filter.since !== undefined) {
    const since = typeof filter.since === 'string' && /^\d+$/.test(filter.since) ? Number(filter.since) : filter.since;
    const time = clockTime(since);
    if (time === undefined)
      issues.push({ field: 'since', type: 'invalid_format', message: 'must be epoch milliseconds or an ISO 8601 date-time (2026-11-01T00:00:00Z).' });
    else checked.since = time;
  }
  return { issues, filter: checked };
}
