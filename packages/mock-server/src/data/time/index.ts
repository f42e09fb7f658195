// Airport-local wall-clock arithmetic. A "local epoch" is the wall-clock time
// of a place read as if it were UTC, so adding minutes and formatting stay
// plain integer arithmetic; time zones only enter through `offsetMinutes`.

const MINUTE = 60_000;
const DAY = 86_400_000;

/** One formatter per time zone: the zones are the airports' own, a fixed set. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Offsets at the start of UTC days, most recently used kept: any date from
 * 0001 to 9999 can be asked for, so the cache is bounded; a miss costs one
 * `formatToParts` call (some microseconds).
 */
export const OFFSET_CACHE_CAP = 16_384;
const offsetsByDay = new Map<string, number>();

/** Entries in the per-day offset cache (at most {@link OFFSET_CACHE_CAP}). */
export const offsetCacheSize = (): number => offsetsByDay.size;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Wall-clock time in `timeZone` at the instant `utc`, as a local epoch (Intl, exact). */
export function wallClock(timeZone: string, utc: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(utc)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

function exactOffset(timeZone: string, utc: number): number {
  const whole = Math.floor(utc / 1000) * 1000;
  return Math.round((wallClock(timeZone, whole) - whole) / MINUTE);
}

function dayOffset(timeZone: string, dayStart: number): number {
  const key = `${timeZone}@${dayStart}`;
  let offset = offsetsByDay.get(key);
  if (offset !== undefined) {
    // Most recently used last, so the first key is the one to drop.
    offsetsByDay.delete(key);
  } else {
    offset = exactOffset(timeZone, dayStart);
    if (offsetsByDay.size >= OFFSET_CACHE_CAP) offsetsByDay.delete(offsetsByDay.keys().next().value!);
  }
  offsetsByDay.set(key, offset);
  return offset;
}

/**
 * Minutes `timeZone` is ahead of UTC at the instant `utc`. Cached per UTC day:
 * when the offsets at both ends of the day agree (every day but a DST change)
 * the cache answers without Intl, which keeps bulk history generation cheap.
 */
export function offsetMinutes(timeZone: string, utc: number): number {
  const start = Math.floor(utc / DAY) * DAY;
  const atStart = dayOffset(timeZone, start);
  return atStart === dayOffset(timeZone, start + DAY) ? atStart : exactOffset(timeZone, utc);
}

/** The UTC instant of a wall-clock time (local epoch) in `timeZone`. */
export function localToUtc(timeZone: string, local: number): number {
  const guess = local - offsetMinutes(timeZone, local) * MINUTE;
  return local - offsetMinutes(timeZone, guess) * MINUTE;
}

/** The wall-clock time (local epoch) in `timeZone` of the instant `utc`. */
export function utcToLocal(timeZone: string, utc: number): number {
  return utc + offsetMinutes(timeZone, utc) * MINUTE;
}

const pad = (value: number): string => (value < 10 ? `0${value}` : `${value}`);

/** `YYYY-MM-DDTHH:mm:ss` of a local epoch (no zone suffix, as the contract's LocalDateTime). */
export function formatLocal(local: number): string {
  const date = new Date(local);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** `YYYY-MM-DDTHH:mm:ssZ` of a UTC instant, without milliseconds. */
export function formatUtc(utc: number): string {
  return `${formatLocal(utc)}Z`;
}

/** Local epoch of midnight of a `YYYY-MM-DD` date. */
export function parseLocalDate(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** `YYYY-MM-DD` of a local epoch. */
export function formatLocalDate(local: number): string {
  return formatLocal(local).slice(0, 10);
}

export { DAY, MINUTE };
