import type { components, paths } from './generated/openapi.js';

type Schemas = components['schemas'];

/** Any program or airline code of the service. */
export type ProgramCode = Schemas['ProgramCode'];
/** Programs searchable with `priceType: 'MILES'` (and the programs of price history). */
export type MilesProgram = Schemas['MilesProgram'];
/** Airlines searchable with `priceType: 'CASH'`. */
export type CashProgram = Schemas['CashProgram'];
/** How a search is priced: `'MILES'` (miles plus taxes) or `'CASH'` (money). */
export type PriceType = Schemas['PriceType'];
/** `'ONE_WAY'` (1 quota unit) or `'ROUND_TRIP'` (2 units, an outbound and a return flight). */
export type TripType = Schemas['TripType'];
/** The cabin a search asks for. */
export type CabinType = Schemas['CabinType'];
/** `'RAW'` (the default): each program's answer as its provider sent it; `'PARSED'`: normalized flights. */
export type ResponseFormat = Schemas['ResponseFormat'];
/** Travellers: `adults` 1..9, `children` 0..8 (default 0, may be left out), `infants` 0..4 (default 0, may be left out). */
export type Passengers = Schemas['Passengers'];

/**
 * The body of `POST /flights/search`, the contract's schema with `airlineLoyalty` possibly readonly.
 */
export type SearchRequest = Omit<Schemas['SearchRequest'], 'passengers' | 'airlineLoyalty'> & {
  /** Exactly one program (`SEARCH-1`); a readonly array (`as const`) is fine. */
  airlineLoyalty: readonly ProgramCode[];
  /** Travellers; `children` and `infants` may be left out. */
  passengers: Passengers;
};
/** The `summary` of a search answer: programs requested, searches that succeeded and that failed. */
export type SearchSummary = Schemas['SearchSummary'];
/** Why a program's provider failed (`PROVIDER-1`); status 504 when it did not answer in time (`PROVIDER-2`). */
export type ProviderFailure = Schemas['ProviderFailure'];
/** A provider's answer, not normalized (a RAW item's `data`); its structure differs from program to program. */
export type RawProviderData = Schemas['RawProviderData'];
/** A RAW result item: `data` on success, `data: null` and `error` on a provider failure. */
export type RawResultItem = Schemas['RawResultItem'];
/** A PARSED result item: `flights` on success, `flights: null` and `error` on a provider failure. */
export type ParsedResultItem = Schemas['ParsedResultItem'];
/** The answer to a search with `responseFormat: 'RAW'` or none. */
export type RawSearchResponse = Schemas['RawSearchResponse'];
/** The answer to a search with `responseFormat: 'PARSED'`. */
export type ParsedSearchResponse = Schemas['ParsedSearchResponse'];
/** The answer of `POST /flights/search`, in either format. */
export type SearchResponse = Schemas['SearchResponse'];
/** A normalized flight of a PARSED answer; the return flight of a ROUND_TRIP has `direction: 'RETURN'`. */
export type ParsedFlight = Schemas['ParsedFlight'];
/** A fare of a {@link ParsedFlight}: MILES fares carry miles plus taxes, CASH fares carry money. */
export type Fare = Schemas['Fare'];
/** A leg of a {@link ParsedFlight}. */
export type Leg = Schemas['Leg'];

/** The query of `GET /intelligence/flights/history` as openapi-fetch sends it. */
export type HistoryQueryParameters = NonNullable<paths['/intelligence/flights/history']['get']['parameters']['query']>;
/**
 * The query `getPriceHistory` takes: `airlineLoyalty` and `departureDate` one value or an array.
 */
export type HistoryQuery = Omit<HistoryQueryParameters, 'airlineLoyalty' | 'departureDate'> & {
  /** One MILES program, or several to query them in one call (`HISTORY-2`). */
  airlineLoyalty: MilesProgram | readonly MilesProgram[];
  /** Departure dates (`YYYY-MM-DD`, airport local), one or several (`HISTORY-5`); every date when absent. */
  departureDate?: string | readonly string[] | undefined;
};
/** The answer of `GET /intelligence/flights/history`: the stored records that match, in `HISTORY-6` order. */
export type HistoryResponse = Schemas['HistoryResponse'];
/** One stored price record: a flight as a search saw it, with when it was collected. */
export type HistoryRecord = Schemas['HistoryRecord'];
/** A fare of a {@link HistoryRecord}. */
export type HistoryFare = Schemas['HistoryFare'];
/** A leg of a {@link HistoryRecord}. */
export type HistoryLeg = Schemas['HistoryLeg'];

/** The quota of one API key (`QUOTA-1`), as `GET /quota` answers it. */
export type Quota = Schemas['Quota'];
/** The units one program's searches consumed: an entry of {@link Quota}'s `usageByCompany`. */
export type QuotaUsage = Schemas['QuotaUsage'];

/** One problem of a 422 answer's `details.errors`, and an item of what {@link validateSearchRequest} returns. */
export type ValidationIssue = Schemas['ValidationIssue'];
/** The kind of a {@link ValidationIssue}, such as `'invalid_date'` or `'cross_field'`. */
export type ValidationIssueType = Schemas['ValidationIssueType'];

/** The contract's schemas and operations, as openapi-typescript generates them from openapi.yaml. */
export type { components, paths } from './generated/openapi.js';
