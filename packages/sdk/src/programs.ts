import type { CashProgram, MilesProgram, TripType } from './types.js';

/** Programs a `priceType: 'MILES'` search accepts (`SEARCH-2`), also the programs of price history (`HISTORY-2`). */
export const MILES_PROGRAMS: readonly MilesProgram[] = Object.freeze([
  'PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_3_INTERLINE', 'PROGRAM_4', 'PROGRAM_5', 'PROGRAM_6', 'PROGRAM_7',
] as const);

/** Airlines a `priceType: 'CASH'` search accepts (`SEARCH-2`). */
export const CASH_PROGRAMS: readonly CashProgram[] = Object.freeze(['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_8'] as const);

/**
 * Quota units one search costs (`QUOTA-1`): 1 for ONE_WAY, 2 for ROUND_TRIP.
 * @example
 * searchCost('ROUND_TRIP'); // 2
 */
export const searchCost = (tripType: TripType): 1 | 2 => (tripType == 'ROUND_TRIP' ? 2 : 1);
