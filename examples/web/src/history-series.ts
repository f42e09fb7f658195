import type { HistoryRecord, MilesProgram } from '@flight-search/sdk';

export interface ProgramSeries {
  program: MilesProgram;
  /** One value per label: the lowest `basePrice` collected that day, `null` when nothing was collected. */
  values: (number | null)[];
  /** Records that went into this series. */
  records: number;
}

export interface HistorySeries {
  /** Collection days, `YYYY-MM-DD` in UTC (`createdAt` is the service's only UTC value), oldest first, without gaps. */
  labels: string[];
  /** One series per requested program, in the order asked, even when it has no records. */
  series: ProgramSeries[];
}

const DAY_MS = 86_400_000;
const utcDay = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/**
 * Turns history records into one daily series per program: for each UTC
 * collection day, the cheapest outbound `basePrice` (miles per passenger)
 * collected that day. Return-leg records (`roundTrip: 'RETURN'`) fly the
 * other way, so they are left out.
 */
export function dailyMinimum(records: readonly HistoryRecord[], programs: readonly MilesProgram[]): HistorySeries {
  const byProgram = new Map<string, Map<string, number>>(programs.map((p) => [p, new Map()]));
  const counts = new Map<string, number>();
  let first: string | undefined;
  let last: string | undefined;
  for (const record of records) {
    const days = byProgram.get(record.airlineLoyalty);
    if (!days || record.roundTrip === 'RETURN') continue;
    const day = utcDay(record.createdAt);
    const seen = days.get(day);
    if (seen === undefined || record.basePrice < seen) days.set(day, record.basePrice);
    counts.set(record.airlineLoyalty, (counts.get(record.airlineLoyalty) ?? 0) + 1);
    if (!first || day < first) first = day;
    if (!last || day > last) last = day;
  }
  const labels: string[] = [];
  if (first && last) {
    for (let t = Date.parse(first); t <= Date.parse(last); t += DAY_MS)
      labels.push(new Date(t).toISOString().slice(0, 10));
  }
  return {
    labels,
    series: programs.map((program) => {
      const days = byProgram.get(program)!;
      return { program, values: labels.map((day) => days.get(day) ?? null), records: counts.get(program) ?? 0 };
    }),
  };
}
