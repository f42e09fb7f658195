import type { CabinType, PriceType, ProgramCode } from '@flight-search/contract';
import { hashKey } from '../random/index.js';
import { DAY, parseLocalDate } from '../time/index.js';
import { distanceKm, type Airport } from '../airports/index.js';
import { PROGRAMS, type Currency } from './programs.js';

const cents = (value: number): number => Math.round(value * 100) / 100;

/**
 * Demand on a departure day: a smooth multiplier around 1 (two slow waves with
 * a route-specific phase), so prices drift from day to day instead of jumping.
 */
export function demand(seed: number, program: ProgramCode, route: string, departureDay: number): number {
  const phase = (hashKey(seed, program, route) % 1000) / 159.15;
  return 1 + 0.11 * Math.sin((2 * Math.PI * departureDay) / 19 + phase) + 0.05 * Math.sin((2 * Math.PI * departureDay) / 6.7 + phase * 2.3);
}

/** Day number (days since 1970-01-01) of a `YYYY-MM-DD`. */
export const dayNumber = (date: string): number => Math.round(parseLocalDate(date) / DAY);

/** Award price of the cheapest family for one adult, before rounding to the program's step. */
export function baseMiles(program: ProgramCode, cabin: CabinType, km: number, stops: number): number {
  const profile = PROGRAMS[program];
  const economy = Math.max(5000, km * profile.milesPerKm) * (stops > 0 ? 0.92 : 1);
  return cabin === 'BUSINESS' ? economy * profile.businessFactor : economy;
}

/** Rounds miles to the program's chart step (at least the step). */
export function roundMiles(program: ProgramCode, miles: number): number {
  const step = PROGRAMS[program].milesStep;
  return Math.max(step, Math.round(miles / step) * step);
}

/**
 * Units of each currency per US dollar: the mock's one fixed set of reference
 * rates (D43), so a cash fare or a tax in BRL, EUR or USD is the same value
 * in every program, and answers stay deterministic.
 */
const RATES: Readonly<Record<Currency, number>> = { USD: 1, EUR: 0.92, BRL: 5.0 };

/** An amount in US dollars in the program's currency. */
export const inCurrency = (program: ProgramCode, usd: number): number => usd * RATES[PROGRAMS[program].currency];

/** Cash price of the cheapest family for one adult, in the program's currency. */
export function baseMoney(program: ProgramCode, cabin: CabinType, km: number, stops: number): number {
  const profile = PROGRAMS[program];
  const economy = (55 + km * profile.cashPerKm) * (stops > 0 ? 0.9 : 1);
  return inCurrency(program, cabin === 'BUSINESS' ? economy * 3.4 : economy);
}

/** Government and airport charges on a departure from one country, US dollars per adult. */
interface DepartureCharges {
  domestic: number;
  international: number;
  /** Charged instead of `international` on trips longer than 3,219 km (2,000 mi; the UK's APD bands). */
  longHaul?: number;
  /** Multiplier for premium cabins (the UK's APD higher rate). */
  premium?: number;
}

// Published charges, rounded, at the reference rates above (D43):
// GB: Air Passenger Duty 2025/26 (GBP 15/102 reduced rate, 2.15x for premium cabins) plus Heathrow's passenger charge;
// US: September 11 security fee, segment tax, PFC; international adds the transportation tax, customs, immigration, APHIS;
// BR: tarifa de embarque (domestic) and the international boarding and ATAERO fees at GRU.
const DEPARTURE_CHARGES: Readonly<Record<string, DepartureCharges>> = {
  GB: { domestic: 19 + 30, international: 19 + 45, longHaul: 130 + 45, premium: 2.15 },
  US: { domestic: 15.3, international: 51 },
  BR: { domestic: 7, international: 42 },
};
const OTHER_COUNTRIES: DepartureCharges = { domestic: 12, international: 35 };
/** The September 11 Security Fee, US dollars per one-way trip: all a US domestic award pays (D172). */
const US_SECURITY_FEE = 5.6;

/** A leg as taxes see it. */
export interface TaxedLeg {
  from: Airport;
  to: Airport;
  distanceKm: number;
}

/** Airport charge per connection (transfer security and passenger service), US dollars. */
const TRANSFER_CHARGE = 10;

/**
 * Taxes and fees for one adult in the program's currency (D43): the charges
 * of the country the trip departs (domestic or international; the UK's by
 * distance band and cabin, as its Air Passenger Duty), which connecting
 * passengers do not pay again at the hub, an airport charge per connection,
 * and on an international trip the program's carrier surcharge growing with
 * distance, half as much again in business (D172). So LHR-GRU in business
 * pays several times GRU-LHR in economy. An award within the US pays the
 * security fee alone (D172).
 */
export function taxesPerAdult(program: ProgramCode, cabin: CabinType, legs: readonly TaxedLeg[], priceType: PriceType = 'MILES'): number {
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (!first || !last) return 0;
  const country = first.from.country;
  const international = legs.some((leg) => leg.from.country !== country || leg.to.country !== country);
  if (!international && country === 'US' && priceType === 'MILES') return cents(inCurrency(program, US_SECURITY_FEE));
  const charges = (Object.hasOwn(DEPARTURE_CHARGES, country) ? DEPARTURE_CHARGES[country] : undefined) ?? OTHER_COUNTRIES;
  const longHaul = distanceKm(first.from, last.to) > 3219;
  const departure = !international ? charges.domestic : longHaul && charges.longHaul !== undefined ? charges.longHaul : charges.international;
  const premium = cabin === 'BUSINESS';
  let usd = departure * (premium ? (charges.premium ?? 1) : 1) + (legs.length - 1) * TRANSFER_CHARGE;
  // Carriers add no surcharge at home: a domestic trip pays the government's charges only.
  const surcharge = international ? PROGRAMS[program].surchargePerKm * (premium ? 1.5 : 1) : 0;
  for (const leg of legs) usd += leg.distanceKm * surcharge;
  return cents(inCurrency(program, usd));
}

export { cents };
