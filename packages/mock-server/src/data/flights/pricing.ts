import type { CabinType, PriceType, ProgramCode } from '@flight-search/contract';
import { hashKey } from '../random/index.js';
import { DAY, parseLocalDate } from '../time/index.js';
import { distanceKm, type Airport } from '../airports/index.js';
import { PROGRAMS, type Currency } from './programs.js';

const cents = (value: number): number => Math.round(value * 100) / 100;

/** Demand on a departure day: a smooth multiplier around 1, so prices drift. */
export function demand(seed: number, program: ProgramCode, route: string, departureDay: number): number {
  const phase = (hashKey(seed, program, route) % 1000) / 159.15;
  return (
    1 +
    0.11 * Math.sin((2 * Math.PI * departureDay) / 19 + phase) +
    0.05 * Math.sin((2 * Math.PI * departureDay) / 6.7 + phase * 2.3)
  );
}

/** Day number (days since 1970-01-01) of a `YYYY-MM-DD`. */
export const dayNumber = (date: string): number => Math.round(parseLocalDate(date) / DAY);

/** Award price of the cheapest family for one adult, unrounded. */
export function baseMiles(program: ProgramCode, cabin: CabinType, km: number, stops: number): number {
  const profile = PROGRAMS[program];
  const economy = Math.max(5000, km * profile.milesPerKm) * (stops > 0 ? 0.92 : 1);
  return cabin === 'BUSINESS' ? economy * profile.businessFactor : economy;
}

/** Miles rounded to the program's chart step (at least one step). */
export function roundMiles(program: ProgramCode, miles: number): number {
  const step = PROGRAMS[program].milesStep;
  return Math.max(step, Math.round(miles / step) * step);
}

/** Units of each currency per US dollar: fixed reference rates (D43). */
const RATES: Readonly<Record<Currency, number>> = { USD: 1, EUR: 0.92, BRL: 5.0 };

/** An amount in US dollars in the program's currency. */
export const inCurrency = (program: ProgramCode, usd: number): number => usd * RATES[PROGRAMS[program].currency];

/** Cash price of the cheapest family for one adult, in the program's currency. */
export function baseMoney(program: ProgramCode, cabin: CabinType, km: number, stops: number): number {
  const profile = PROGRAMS[program];
  const economy = (55 + km * profile.cashPerKm) * (stops > 0 ? 0.9 : 1);
  return inCurrency(program, cabin === 'BUSINESS' ? economy * 3.4 : economy);
}

/** Charges on a departure from one country, US dollars per adult; `longHaul` beyond 3,219 km and `premium` as the UK's APD. */
interface DepartureCharges {
  domestic: number;
  international: number;
  longHaul?: number;
  premium?: number;
}

// Published charges, rounded (D43): GB's APD 2025/26 plus Heathrow's charge; US security fee, segment
// tax, PFC (international: transportation tax, customs, immigration, APHIS); BR's boarding and ATAERO fees.
const DEPARTURE_CHARGES: Readonly<Record<string, DepartureCharges>> = {
  GB: { domestic: 19 + 30, international: 19 + 45, longHaul: 130 + 45, premium: 2.15 },
  US: { domestic: 15.3, international: 51 },
  BR: { domestic: 7, international: 42 },
};
const OTHER_COUNTRIES: DepartureCharges = { domestic: 12, international: 35 };
/** The September 11 Security Fee per one-way trip: all a US domestic award pays (D172). */
const US_SECURITY_FEE = 5.6;

export interface TaxedLeg {
  from: Airport;
  to: Airport;
  distanceKm: number;
}

/** Airport charge per connection, US dollars. */
const TRANSFER_CHARGE = 10;

/**
 * Taxes and fees for one adult in the program's currency (D43, D172): the departure country's charges,
 * an airport charge per connection, and abroad the carrier's surcharge by distance (1.5x in business).
 */
export function taxesPerAdult(
  program: ProgramCode,
  cabin: CabinType,
  legs: readonly TaxedLeg[],
  priceType: PriceType = 'MILES',
): number {
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (!first || !last) return 0;
  const country = first.from.country;
  const international = legs.some((leg) => leg.from.country !== country || leg.to.country !== country);
  if (!international && country === 'US' && priceType === 'MILES') return cents(inCurrency(program, US_SECURITY_FEE));
  const charges =
    (Object.hasOwn(DEPARTURE_CHARGES, country) ? DEPARTURE_CHARGES[country] : undefined) ?? OTHER_COUNTRIES;
  const longHaul = distanceKm(first.from, last.to) > 3219;
  const departure = !international
    ? charges.domestic
    : longHaul && charges.longHaul !== undefined
      ? charges.longHaul
      : charges.international;
  const premium = cabin === 'BUSINESS';
  let usd = departure * (premium ? (charges.premium ?? 1) : 1) + (legs.length - 1) * TRANSFER_CHARGE;
  const surcharge = international ? PROGRAMS[program].surchargePerKm * (premium ? 1.5 : 1) : 0;
  for (const leg of legs) usd += leg.distanceKm * surcharge;
  return cents(inCurrency(program, usd));
}

export { cents };
