import type { HistoryRecord } from '@flight-search/sdk';

/** A record's program: a known program code, or another name the service sends (open, D22). */
type RecordProgram = HistoryRecord['airlineLoyalty'];

export interface ProgramDigest {
  program: RecordProgram;
  records: number;
  min: number;
  median: number;
  max: number;
}

/** Per program, the minimum, median and maximum `basePrice` (miles per passenger) of its records, cheapest median first. */
export function digestHistory(records: readonly HistoryRecord[]): ProgramDigest[] {
  const prices = new Map<RecordProgram, number[]>();
  for (const record of records) {
    const list = prices.get(record.airlineLoyalty) ?? [];
    list.push(record.basePrice);
    prices.set(record.airlineLoyalty, list);
  }
  return [...prices]
    .map(([program, list]) => {
      const sorted = list.sort((a, b) => a - b);
      return {
        program,
        records: sorted.length,
        min: sorted[0] ?? 0,
        median: median(sorted),
        max: sorted[sorted.length - 1] ?? 0,
      };
    })
    .sort((a, b) => a.median - b.median);
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}
