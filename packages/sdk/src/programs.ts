import { CASH_PROGRAMS as CASH, MILES_PROGRAMS as MILES } from '@flight-search/contract';
import type { CashProgram, MilesProgram } from './types.js';

/** Programs a `priceType: 'MILES'` search accepts (`SEARCH-2`), also the programs of price history (`HISTORY-2`). */
export const MILES_PROGRAMS: readonly MilesProgram[] = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ MILES.slice());

/** Airlines a `priceType: 'CASH'` search accepts (`SEARCH-2`). */
export const CASH_PROGRAMS: readonly CashProgram[] = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ CASH.slice());

export { searchCost } from '@flight-search/contract';
