const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatMiles = (miles: number): string => `${integer.format(miles)} mi`;
export const formatMoney = (amount: number): string => money.format(amount);
export const formatInteger = (value: number): string => integer.format(value);

/** 615 -> `10h 15m`. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
}

export const formatStops = (stops: number): string =>
  stops === 0 ? 'Nonstop' : stops === 1 ? '1 stop' : `${stops} stops`;

/** `2026-12-15T22:40:00` (airport local, no zone) -> `Dec 15, 22:40`, without any time-zone conversion. */
export function formatLocalDateTime(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const [, , month, day, hour, minute] = match;
  const name = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(month) - 1];
  return `${name} ${Number(day)}, ${hour}:${minute}`;
}

/** `YYYY-MM-DD` of a local `Date`, for date inputs. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
