import type { components, paths } from './generated/openapi.js';

type Schemas = components['schemas'];

/** Any program or airline code of the service. */
export type ProgramCode = Schemas['ProgramCode'];
/** Programs searchable with `priceType: 'MILES'` (and the programs of price history). */
export type MilesProgram = Schemas['MilesProgram'];
/** Airlines searchable with `priceType: 'CASH'`. */
export type CashProgram = Schemas['CashProgram'];
export type PriceType = Schemas['PriceType'];
export type TripType = Schemas['TripType'];
export type CabinType = Schemas['CabinType'];
export type ResponseFormat = Schemas['ResponseFormat'];
/** Travellers: `adults` 1..9, `children` 0..8 (default 0, may be left out), `infants` 0..4 (default 0, may be left out). */
export type Passengers = Schemas['Passengers'];

/**
 * The body of `POST /flights/search`. Same as the contract's schema (a field with a default may be
 * left out), except that `airlineLoyalty` may be readonly.
 */
export type SearchRequest = Omit<Schemas['SearchRequest'], 'passengers' | 'airlineLoyalty'> & {
  /** Exactly one program (`SEARCH-1`); a readonly array (`as const`) is fine. */
  airlineLoyalty: readonly ProgramCode[];
  passengers: Passengers;
};
export type SearchSummary = Schemas['SearchSummary'];
export type ProviderFailure = Schemas['ProviderFailure'];
export type RawProviderData = Schemas['RawProviderData'];
/** A RAW result item: `data` on success, `data: null` and `error` on a provider failure. */
export type RawResultItem = Schemas['RawResultItem'];
/** A PARSED result item: `flights` on success, `flights: null` and `error` on a provider failure. */
export type ParsedResultItem = Schemas['ParsedResultItem'];
export type RawSearchResponse = Schemas['RawSearchResponse'];
export type ParsedSearchResponse = Schemas['ParsedSearchResponse'];
/** The answer of `POST /flights/search`, in either format. */
export type SearchResponse = Schemas['SearchResponse'];
export type ParsedFlight = Schemas['ParsedFlight'];
export type Fare = Schemas['Fare'];
export type Leg = Schemas['Leg'];

/** The query of `GET /intelligence/flights/history` as openapi-fetch sends it. */
export type HistoryQueryParameters = NonNullable<paths['/intelligence/flights/history']['get']['parameters']['query']>;
/**
 * The query `getPriceHistory` takes: `airlineLoyalty` and `departureDate` accept one value or an
 * array (sent as repeated parameters, a union: `HISTORY-2`, `HISTORY-5`).
 */
export type HistoryQuery = Omit<HistoryQueryParameters, 'airlineLoyalty' | 'departureDate'> & {
  airlineLoyalty: MilesProgram | readonly MilesProgram[];
  departureDate?: string | readonly string[] | undefined;
};
export type HistoryResponse = Schemas['HistoryResponse'];
export type HistoryRecord = Schemas['HistoryRecord'];
export type HistoryFare = Schemas['HistoryFare'];
export type HistoryLeg = Schemas['HistoryLeg'];

export type Quota = Schemas['Quota'];
export type QuotaUsage = Schemas['QuotaUsage'];

export type ValidationIssue = Schemas['ValidationIssue'];
export type ValidationIssueType = Schemas['ValidationIssueType'];

export type { components, paths } from './generated/openapi.js';
