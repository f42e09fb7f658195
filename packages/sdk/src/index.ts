export type * from './types.js';
export * from './errors.js';
export { MILES_PROGRAMS, CASH_PROGRAMS, searchCost } from './programs.js';
