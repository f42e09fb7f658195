// Robust summaries for noisy shared machines: medians and quartiles, never means.

/** @param {number[]} values */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Median, quartiles and extremes of a sample. */
export function summarize(values) {
  return {
    n: values.length,
    median: quantile(values, 0.5),
    q1: quantile(values, 0.25),
    q3: quantile(values, 0.75),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

/** Nanosecond clock in milliseconds, for intervals only. */
export function nowMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Formats a number with a unit and sensible precision. */
export function fmt(value, unit = '', digits) {
  if (value === undefined || value === null || Number.isNaN(value)) return 'n/a';
  const d = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3);
  return `${value.toFixed(d)}${unit ? ` ${unit}` : ''}`;
}

/** "median (min..max)" for a summary. */
export function fmtSpread(s, unit = '', digits) {
  if (!s?.n) return 'n/a';
  return `${fmt(s.median, unit, digits)} (${fmt(s.min, '', digits)}..${fmt(s.max, '', digits)}, n=${s.n})`;
}

/** Runs each variant once per round in a rotating order, so drift hits all alike. */
export async function interleave(variants, rounds, runOnce) {
  const samples = Object.fromEntries(variants.map((v) => [v, []]));
  for (let r = 0; r < rounds; r++) {
    const order = variants.map((_, i) => variants[(i + r) % variants.length]);
    for (const v of order) samples[v].push(await runOnce(v, r));
  }
  return Object.fromEntries(Object.entries(samples).map(([k, s]) => [k, summarize(s)]));
}
