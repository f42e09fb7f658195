import { CASH_PROGRAMS as CASH, MILES_PROGRAMS as MILES, QUOTA_COST } from '@flight-search/contract';
import type { CashProgram, MilesProgram, TripType } from './types.js';

/** Programs a `priceType: 'MILES'` search accepts (`SEARCH-2`), also the programs of price history (`HISTORY-2`). */
export const MILES_PROGRAMS: readonly MilesProgram[] = Object.freeze([...MILES]);

/** Airlines a `priceType: 'CASH'` search accepts (`SEARCH-2`). */
export const CASH_PROGRAMS: readonly CashProgram[] = Object.freeze([...CASH]);

/**
 * Quota units one search costs (`QUOTA-1`): 1 for ONE_WAY, 2 for ROUND_TRIP.
 * @example
 * searchCost('ROUND_TRIP'); // 2
 */
// A trip type the contract doesn't know (from untyped code) is charged as one way, the cheaper guess.
export const searchCost = (tripType: TripType): 1 | 2 => QUOTA_COST[tripType] ?? QUOTA_COST.ONE_WAY;
