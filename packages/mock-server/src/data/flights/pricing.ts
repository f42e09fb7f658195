import type { CabinType, ProgramCode } from '@flight-search/sdk';
import { hashKey } from '../random/index.js';
import { DAY, parseLocalDate } from '../time/index.js';
import { PROGRAMS } from './programs.js';

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

/** Cash price of the cheapest family for one adult, in money. */
export function baseMoney(program: ProgramCode, cabin: CabinType, km: number, stops: number): number {
  const profile = PROGRAMS[program];
  const economy = (55 + km * profile.cashPerKm) * (stops > 0 ? 0.9 : 1);
  return cabin === 'BUSINESS' ? economy * 3.4 : economy;
}

/** Airport taxes for one adult: a fixed part plus a share growing with distance and legs. */
export function taxesPerAdult(km: number, legs: number, international: boolean): number {
  return cents(18 + km * 0.0055 + legs * 9.4 + (international ? 28.5 : 0));
}

export { cents };
