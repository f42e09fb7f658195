/**
 * Format checks the generated validators call (`format: date` in openapi.yaml).
 * Kept here, not in ajv-formats, so the browser bundle carries only this one.
 */
export const formats = {
  /** A `YYYY-MM-DD` that exists on the proleptic Gregorian calendar (no 2025-02-29, no 2026-04-31). */
  date: (value: string): boolean => isCalendarDate(value),
};

export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
