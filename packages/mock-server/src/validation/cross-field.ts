import type { ValidationIssue } from '@flight-search/sdk';
import { CASH_PROGRAMS, MILES_PROGRAMS } from '../generated/contract.js';

/**
 * The cross-field rules of `POST /flights/search`, one function per rule id.
 * Each runs only when every field it reads is valid on its own (`valid` says
 * whether a field has no issue) and its target field has no issue yet (D6).
 * `body` is a plain object whose single fields already passed the schema.
 */
export type CrossFieldRule = (body: Readonly<Record<string, unknown>>, valid: (field: string) => boolean) => ValidationIssue | undefined;

const own = (object: unknown, key: string): unknown =>
  object !== null && typeof object === 'object' && Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;

/** A passenger count that is present and valid, or its default when absent (children, infants: 0). */
function passengerCount(body: Readonly<Record<string, unknown>>, valid: (field: string) => boolean, name: string, fallback?: number): number | undefined {
  if (!valid('body.passengers') || !valid(`body.passengers.${name}`)) return undefined;
  const value = own(own(body, 'passengers'), name);
  if (value === undefined) return fallback;
  return typeof value === 'number' ? value : undefined;
}

/** `SEARCH-2`: the program is allowed for the priceType (MILES by default). */
export const search2ProgramAllowedForPriceType: CrossFieldRule = (body, valid) => {
  if (!valid('body.airlineLoyalty') || !valid('body.airlineLoyalty.0') || !valid('body.priceType')) return undefined;
  const programs = own(body, 'airlineLoyalty');
  if (!Array.isArray(programs) || programs.length !== 1) return undefined;
  const program = programs[0] as string;
  const priceType = (own(body, 'priceType') ?? 'MILES') as 'MILES' | 'CASH';
  const allowed: readonly string[] = priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;
  if (allowed.includes(program)) return undefined;
  return {
    field: 'body.airlineLoyalty',
    type: 'cross_field',
    message: `${program} cannot be searched with priceType ${priceType}; allowed: ${allowed.join(', ')} (SEARCH-2).`,
  };
};

/** `SEARCH-3`: adults + children is at most 9. */
export const search3AdultsPlusChildrenAtMost9: CrossFieldRule = (body, valid) => {
  const adults = passengerCount(body, valid, 'adults');
  const children = passengerCount(body, valid, 'children', 0);
  if (adults === undefined || children === undefined || adults + children <= 9) return undefined;
  return { field: 'body.passengers.children', type: 'cross_field', message: 'adults + children must be at most 9 (SEARCH-3).' };
};

/** `SEARCH-4`: infants is at most adults. */
export const search4InfantsAtMostAdults: CrossFieldRule = (body, valid) => {
  const adults = passengerCount(body, valid, 'adults');
  const infants = passengerCount(body, valid, 'infants', 0);
  if (adults === undefined || infants === undefined || infants <= adults) return undefined;
  return { field: 'body.passengers.infants', type: 'cross_field', message: 'infants must not outnumber adults (SEARCH-4).' };
};

/** `SEARCH-5`: origin and destination differ. */
export const search5DistinctAirports: CrossFieldRule = (body, valid) => {
  if (!valid('body.origin') || !valid('body.destination')) return undefined;
  const origin = own(body, 'origin');
  if (origin === undefined || origin !== own(body, 'destination')) return undefined;
  return { field: 'body.destination', type: 'cross_field', message: 'origin and destination must differ (SEARCH-5).' };
};

/** `SEARCH-7`: a ROUND_TRIP has a returnDate. */
export const search7ReturnDateForRoundTrip: CrossFieldRule = (body, valid) => {
  if (!valid('body.tripType') || own(body, 'tripType') !== 'ROUND_TRIP') return undefined;
  if (own(body, 'returnDate') !== undefined) return undefined;
  return { field: 'body.returnDate', type: 'missing', message: 'returnDate is required when tripType is ROUND_TRIP (SEARCH-7).' };
};

/** `SEARCH-6`: a ROUND_TRIP returns after it departs (a ONE_WAY's returnDate is ignored, D14). */
export const search6ReturnAfterDeparture: CrossFieldRule = (body, valid) => {
  if (!valid('body.tripType') || own(body, 'tripType') !== 'ROUND_TRIP') return undefined;
  if (!valid('body.departureDate') || !valid('body.returnDate')) return undefined;
  const departure = own(body, 'departureDate');
  const back = own(body, 'returnDate');
  if (typeof departure !== 'string' || typeof back !== 'string' || back > departure) return undefined;
  return { field: 'body.returnDate', type: 'cross_field', message: 'returnDate must be later than departureDate (SEARCH-6).' };
};

/** In the order the list reports them. */
export const CROSS_FIELD_RULES: readonly CrossFieldRule[] = [
  search2ProgramAllowedForPriceType,
  search3AdultsPlusChildrenAtMost9,
  search4InfantsAtMostAdults,
  search5DistinctAirports,
  search7ReturnDateForRoundTrip,
  search6ReturnAfterDeparture,
];
