// A "local epoch" is a place's wall-clock time read as if it were UTC: plain integer arithmetic.
import { dictionary } from '@flight-search/contract';

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Each zone's offset changes over a UTC year, most recently used kept: a year costs some 60 Intl calls once. */
export const OFFSET_CACHE_CAP = 4_096;
const yearTables = new Map<string, YearTable>();

/** Entries (zone-years) in the offset cache (at most {@link OFFSET_CACHE_CAP}). */
export const offsetCacheSize = (): number => yearTables.size;

/** A zone's offsets over one UTC year: from `starts[i]` on (epoch ms) the offset is `offsets[i]` minutes. */
interface YearTable {
  from: number;
  to: number;
  starts: number[];
  offsets: number[];
}

/** The last tables used per zone: a search asks this year's and its date's. */
const recentTables = new Map<string, YearTable[]>();
const RECENT_PER_ZONE = 3;

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
  const fields = dictionary<number>();
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

/** No zone changes its offset twice within this: sampling at it finds every change. */
const SAMPLE = 7 * DAY;

function yearTable(timeZone: string, year: number): YearTable {
  const key = `${timeZone}@${year}`;
  let table = yearTables.get(key);
  if (table) {
    yearTables.delete(key);
  } else {
    const from = Date.UTC(year, 0, 1);
    const to = Date.UTC(year + 1, 0, 1);
    const starts = [from];
    const offsets = [exactOffset(timeZone, from)];
    let before = from;
    while (before < to) {
      const after = Math.min(before + SAMPLE, to);
      const offset = exactOffset(timeZone, after);
      if (offset !== offsets[offsets.length - 1]) {
        // The first second with the new offset: a binary search between the samples.
        let low = before;
        let high = after;
        while (high - low > 1000) {
          const middle = low + Math.floor((high - low) / 2000) * 1000;
          if (exactOffset(timeZone, middle) === offset) high = middle;
          else low = middle;
        }
        starts.push(high);
        offsets.push(offset);
      }
      before = after;
    }
    table = { from, to, starts, offsets };
    if (yearTables.size >= OFFSET_CACHE_CAP) yearTables.delete(yearTables.keys().next().value!);
  }
  yearTables.set(key, table);
  return table;
}

/** Minutes `timeZone` is ahead of UTC at the instant `utc`. */
export function offsetMinutes(timeZone: string, utc: number): number {
  let recent = recentTables.get(timeZone);
  if (!recent) {
    recent = [];
    recentTables.set(timeZone, recent);
  }
  // A loop, not find(): no closure per call.
  let table: YearTable | undefined;
  for (const each of recent) {
    if (utc >= each.from && utc < each.to) {
      table = each;
      break;
    }
  }
  if (!table) {
    table = yearTable(timeZone, new Date(utc).getUTCFullYear());
    recent.unshift(table);
    if (recent.length > RECENT_PER_ZONE) recent.pop();
  }
  const { starts, offsets } = table;
  let i = starts.length - 1;
  while (i > 0 && utc < (starts[i] as number)) i--;
  return offsets[i] as number;
}

/** The UTC instant of a local epoch in `timeZone`. */
export function localToUtc(timeZone: string, local: number): number {
  const guess = local - offsetMinutes(timeZone, local) * MINUTE;
  return local - offsetMinutes(timeZone, guess) * MINUTE;
}

/** The local epoch in `timeZone` of the instant `utc`. */
export function utcToLocal(timeZone: string, utc: number): number {
  return utc + offsetMinutes(timeZone, utc) * MINUTE;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => (value < 10 ? `0${value}` : `${value}`));
/** `YYYY-MM-DDT` per day number, most recent kept. */
const dayTexts = new Map<number, string>();
const DAY_TEXTS_CAP = 4_096;

/** `YYYY-MM-DDTHH:mm:ss` of a local epoch (no zone suffix, as the contract's LocalDateTime). */
export function formatLocal(local: number): string {
  const day = Math.floor(local / DAY);
  let text = dayTexts.get(day);
  if (text === undefined) {
    const date = new Date(day * DAY);
    const year = date.getUTCFullYear();
    // Years below 1000 keep four digits, as the contract's dates do.
    text = `${year < 1000 ? String(year).padStart(4, '0') : year}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}T`;
    if (dayTexts.size >= DAY_TEXTS_CAP) dayTexts.delete(dayTexts.keys().next().value!);
    dayTexts.set(day, text);
  }
  const seconds = Math.floor((local - day * DAY) / 1000);
  return `${text}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
}

/** `YYYY-MM-DDTHH:mm:ssZ` of a UTC instant. */
export function formatUtc(utc: number): string {
  return `${formatLocal(utc)}Z`;
}

export function parseLocalDate(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

export function formatLocalDate(local: number): string {
  return formatLocal(local).slice(0, 10);
}

export { DAY, MINUTE };
