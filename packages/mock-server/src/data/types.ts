import type { CabinType, PriceType, ProgramCode, ResponseFormat, TripType } from '@flight-search/contract';

/** A search request with the contract's defaults applied and its one program taken out of `airlineLoyalty`. */
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
