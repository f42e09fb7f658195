import { isPlainObject } from '@flight-search/contract';
import { RE2JS } from 're2js';
import type { SettingIssue } from '../settings.js';

/**
 * The matchers of a stub's `request` and of journal queries: any value may be a literal or one of these.
 * `matches` runs on RE2, linear in the text times the pattern's program, which these bounds keep small.
 */
const KINDS = ['equalTo', 'contains', 'matches'] as const;
const MAX_PATTERN_LENGTH = 256;
const MAX_REPEAT = 100;
/** The longest value a `matches` reads; a longer one does not match. */
const MAX_MATCHED = 8 * 1024;
const MAX_DEPTH = 64;

type Matcher = { equalTo: unknown } | { contains: string } | { matches: string };

/** Whether `value` is a matcher object (exactly one key, one of {@link KINDS}). */
export const isMatcher = (value: unknown): value is Matcher =>
  isPlainObject(value) && Object.keys(value).length === 1 && KINDS.includes(Object.keys(value)[0] as never);

const compiled = new Map<string, RE2JS>();
/** A pattern compiled once per distinct text. */
function pattern(source: string): RE2JS {
  let found = compiled.get(source);
  if (found === undefined) {
    if (compiled.size >= 256) compiled.clear();
    found = RE2JS.compile(source);
    compiled.set(source, found);
  }
  return found;
}

/** Every problem of the matchers inside `value`, at `field`. */
export function matcherIssues(value: unknown, field: string, depth = 0): SettingIssue[] {
  if (depth > MAX_DEPTH)
    return [{ field, type: 'out_of_range', message: `is nested deeper than ${MAX_DEPTH} levels.` }];
  if (isMatcher(value)) {
    if ('equalTo' in value) return [];
    const text = 'contains' in value ? value.contains : value.matches;
    if (typeof text !== 'string')
      return [{ field, type: 'invalid_type', message: 'must have a string as its matcher value.' }];
    if ('contains' in value) return [];
    if (text.length > MAX_PATTERN_LENGTH)
      return [
        {
          field: `${field}.matches`,
          type: 'out_of_range',
          message: `must be at most ${MAX_PATTERN_LENGTH} characters.`,
        },
      ];
    if (
      [...text.matchAll(/\{(\d+)(?:,(\d*))?\}/g)].some(
        ([, low, high]) => Number(low) > MAX_REPEAT || Number(high || 0) > MAX_REPEAT,
      )
    )
      return [
        {
          field: `${field}.matches`,
          type: 'out_of_range',
          message: `repeats at most ${MAX_REPEAT} times ({n} and {n,m}).`,
        },
      ];
    try {
      pattern(text);
      return [];
    } catch (error) {
      // RE2's own words without the pattern: a pattern may be written from a key.
      return [
        {
          field: `${field}.matches`,
          type: 'invalid_format',
          message: `is no RE2 regular expression (${(error as { error?: string }).error ?? 'invalid'}).`,
        },
      ];
    }
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => matcherIssues(item, `${field}[${index}]`, depth + 1));
  if (isPlainObject(value))
    return Object.entries(value).flatMap(([name, item]) => matcherIssues(item, `${field}.${name}`, depth + 1));
  return [];
}

/**
 * Where `given` differs from `wanted`, as field paths under `field`: an object field by field (extra fields
 * ignored), an array item by item, another literal whole; `contains` and `matches` read a string, number or boolean.
 */
export function differences(wanted: unknown, given: unknown, field: string): string[] {
  if (isMatcher(wanted)) {
    if ('equalTo' in wanted) return same(wanted.equalTo, given) ? [] : [field];
    const text =
      typeof given === 'string'
        ? given
        : typeof given === 'number' || typeof given === 'boolean'
          ? String(given)
          : undefined;
    if (text === undefined) return [field];
    const hit =
      'contains' in wanted
        ? text.includes(wanted.contains)
        : text.length <= MAX_MATCHED && pattern(wanted.matches).matcher(text).find();
    return hit ? [] : [field];
  }
  if (isPlainObject(wanted)) {
    if (!isPlainObject(given)) return [field];
    return Object.entries(wanted).flatMap(([name, value]) =>
      differences(value, Object.hasOwn(given, name) ? given[name] : undefined, `${field}.${name}`),
    );
  }
  if (Array.isArray(wanted)) {
    if (!Array.isArray(given) || given.length !== wanted.length) return [field];
    return wanted.some((item, index) => differences(item, given[index], field).length > 0) ? [field] : [];
  }
  return same(wanted, given) ? [] : [field];
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
