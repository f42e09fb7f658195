import type { CabinType } from '@flight-search/contract';

/** An aircraft type as the mock schedules it (cabins per type: D40). */
export interface AircraftType {
  code: string;
  name: string;
  /** Longest stage it is scheduled on, great-circle km. */
  rangeKm: number;
  /** Shortest runway it is scheduled from, feet. */
  minRunwayFt: number;
  cabins: readonly CabinType[];
}

const ECONOMY_ONLY: readonly CabinType[] = ['ECONOMY'];
const TWO_CLASS: readonly CabinType[] = ['ECONOMY', 'BUSINESS'];

// Manufacturers' published ranges and field lengths, rounded down to what airlines schedule (no data
// set carries them); narrow-bodies fly from 4,300 ft as at SDU and CGH, A320neo and MAX 8 at most 5,000 km (D173).
export const AIRCRAFT: Readonly<Record<string, AircraftType>> = Object.fromEntries(
  (
    [
      ['AT7', 'ATR 72', 1_500, 3_500, ECONOMY_ONLY],
      ['DH4', 'De Havilland Dash 8-400', 2_000, 4_000, ECONOMY_ONLY],
      ['E90', 'Embraer 190', 4_000, 4_200, ECONOMY_ONLY],
      ['E95', 'Embraer 195', 3_500, 4_300, ECONOMY_ONLY],
      ['221', 'Airbus A220-100', 5_000, 4_300, TWO_CLASS],
      ['319', 'Airbus A319', 5_000, 4_300, ECONOMY_ONLY],
      ['320', 'Airbus A320', 5_000, 4_300, ECONOMY_ONLY],
      ['738', 'Boeing 737-800', 5_000, 4_300, ECONOMY_ONLY],
      ['32N', 'Airbus A320neo', 5_000, 4_300, TWO_CLASS],
      ['7M8', 'Boeing 737 MAX 8', 5_000, 4_300, TWO_CLASS],
      ['321', 'Airbus A321', 5_000, 5_500, TWO_CLASS],
      ['32Q', 'Airbus A321neo LR', 7_400, 6_500, TWO_CLASS],
      ['7M9', 'Boeing 737 MAX 9', 5_500, 6_000, TWO_CLASS],
      ['763', 'Boeing 767-300ER', 10_500, 7_500, TWO_CLASS],
      ['788', 'Boeing 787-8', 12_500, 8_000, TWO_CLASS],
      ['332', 'Airbus A330-200', 12_500, 8_000, TWO_CLASS],
      ['333', 'Airbus A330-300', 10_500, 8_000, TWO_CLASS],
      ['781', 'Boeing 787-10', 11_500, 8_500, TWO_CLASS],
      ['789', 'Boeing 787-9', 14_000, 8_500, TWO_CLASS],
      ['359', 'Airbus A350-900', 15_500, 8_500, TWO_CLASS],
      ['77W', 'Boeing 777-300ER', 13_500, 9_500, TWO_CLASS],
      ['388', 'Airbus A380-800', 14_500, 9_500, TWO_CLASS],
    ] as const
  ).map(([code, name, rangeKm, minRunwayFt, cabins]) => [code, { code, name, rangeKm, minRunwayFt, cabins }]),
);

/** The types for a stage of this length, shortest-range first. */
export function typesForStage(km: number): readonly string[] {
  if (km < 600) return ['AT7', 'DH4', 'E90', 'E95', '319', '221', '32N'];
  if (km < 2500) return ['E95', '221', '320', '32N', '738', '7M8', '321'];
  if (km < 5500) return ['32Q', '7M9', '788', '763', '332'];
  return ['77W', '789', '359', '333', '388', '781'];
}

/** Airlines with a first or business cabin on the narrow-bodies others fly all-economy, from their seat maps (D172). */
const FIRST_ON_NARROW_BODIES = new Set(['AA', 'UA', 'DL', 'AS', 'P7', 'AC', 'AM', 'CM', 'P4']);
const NARROW_BODIES = new Set(['319', '320', '738']);

/** Whether a type, as `carrier` fits it, has this cabin (an unknown type has every cabin). */
export const hasCabin = (equipment: string, cabin: CabinType, carrier: string): boolean =>
  (AIRCRAFT[equipment]?.cabins.includes(cabin) ?? true) ||
  (FIRST_ON_NARROW_BODIES.has(carrier) && NARROW_BODIES.has(equipment));
