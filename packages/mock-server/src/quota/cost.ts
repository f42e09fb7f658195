import type { TripType } from '@flight-search/contract';
import { QUOTA_COST } from '@flight-search/contract';

/** Units a search costs (`QUOTA-1`: ONE_WAY 1, ROUND_TRIP 2, from `x-quota-cost`), in both formats. */
export const searchCost = (tripType: TripType): number => QUOTA_COST[tripType];
