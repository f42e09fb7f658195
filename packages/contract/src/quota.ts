import { QUOTA_COST } from './generated/contract.js';
import type { TripType } from './types.js';

/**
 * Quota units one search costs (`QUOTA-1`): 1 for ONE_WAY, 2 for ROUND_TRIP; an unknown trip type as one way.
 * @example
 * searchCost('ROUND_TRIP'); // 2
 */
export const searchCost = (tripType: TripType): 1 | 2 => QUOTA_COST[tripType] ?? QUOTA_COST.ONE_WAY;
