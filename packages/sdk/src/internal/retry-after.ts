/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3);
 * `undefined` when absent or unreadable, never negative.
 */
export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return;
  // Only an HTTP date goes to Date.parse, which reads "1.5" as a past date.
  const ms = /^\d+$/.test(value) ? +value * 1000 : /[a-z]/i.test(value) ? Date.parse(value) - Date.now() : NaN;
  return ms >= 0 ? ms : ms < 0 ? 0 : undefined;
}
