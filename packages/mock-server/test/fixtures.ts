// The mock's test fixtures: the one valid search body every test starts from (issue 26 item 7).
import type { ProgramCode, SearchRequest } from '@flight-search/contract';

/** A valid ONE_WAY MILES search, GRU to JFK on 2026-12-15 for one adult; override any field. */
export const validSearch = <T extends Record<string, unknown> = Record<never, never>>(overrides: T = {} as T) => ({
  airlineLoyalty: ['PROGRAM_1'],
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15',
  passengers: { adults: 1 },
  ...overrides,
});

/** {@link validSearch} as a ROUND_TRIP returning 2026-12-29. */
export const roundTrip = (overrides: Record<string, unknown> = {}) =>
  validSearch({ tripType: 'ROUND_TRIP', returnDate: '2026-12-29', ...overrides });

/** {@link validSearch} typed as the SDK sends it: a MILES search for `program`. */
export const searchBody = (program: ProgramCode = 'PROGRAM_1', extra: Partial<SearchRequest> = {}): SearchRequest =>
  validSearch({ airlineLoyalty: [program], priceType: 'MILES', ...extra }) as SearchRequest;
