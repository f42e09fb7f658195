import type { CabinType, PriceType, ProgramCode, ResponseFormat, TripType } from '@flight-search/contract';

/**
 * A search request with the contract's defaults applied and its one program taken out of `airlineLoyalty`.
 *
 * @example
 * const search: NormalizedSearch = {
 *   program: 'PROGRAM_1', priceType: 'MILES', tripType: 'ONE_WAY', cabinType: 'ECONOMY',
 *   origin: 'GRU', destination: 'JFK', departureDate: '2026-12-15',
 *   passengers: { adults: 1, children: 0, infants: 0 }, responseFormat: 'PARSED',
 * };
 */
export interface NormalizedSearch {
  program: ProgramCode;
  priceType: PriceType;
  tripType: TripType;
  cabinType: CabinType;
  origin: string;
  destination: string;
  departureDate: string;
  /** Present for ROUND_TRIP (ignored for ONE_WAY: D14). */
  returnDate?: string;
  passengers: { adults: number; children: number; infants: number };
  responseFormat: ResponseFormat;
}
