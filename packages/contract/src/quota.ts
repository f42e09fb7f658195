import { QUOTA_COST } from './generated/contract.js';
import type { TripType } from './types.js';

/**
 * Quota units one search costs (`QUOTA-1`, openapi.yaml's `x-quota-cost`): 1 for ONE_WAY, 2 for ROUND_TRIP.
 * A trip type the contract does not know (from untyped code) is charged as one way, the cheaper guess.
 * @example
 * searchCost('ROUND_TRIP'); // 2
 */
export const searchCost = (tripType: TripType): 1 | 2 => QUOTA_COST[tripType] ?? QUOTA_COST.ONE_WAY;
