import type { CabinType, PriceType, ProgramCode, ResponseFormat, TripType } from '@flight-search/contract';

/**
 * A search request with the contract's defaults applied (`priceType` MILES,
 * `responseFormat` RAW, `children` and `infants` 0) and its single program
 * taken out of `airlineLoyalty`. The data generators take this, never the raw body.
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
  /** Present for ROUND_TRIP (and possibly, ignored, for ONE_WAY: D14). */
  returnDate?: string;
  passengers: { adults: number; children: number; infants: number };
  responseFormat: ResponseFormat;
}
