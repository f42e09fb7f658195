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
export type Passengers = Schemas['Passengers'];

/** The body of `POST /flights/search`. */
export type SearchRequest = Schemas['SearchRequest'];
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
export type HistoryResponse = Schemas['HistoryResponse'];
export type HistoryRecord = Schemas['HistoryRecord'];
export type HistoryFare = Schemas['HistoryFare'];
export type HistoryLeg = Schemas['HistoryLeg'];

export type Quota = Schemas['Quota'];
export type QuotaUsage = Schemas['QuotaUsage'];

export type ValidationIssue = Schemas['ValidationIssue'];
export type ValidationIssueType = Schemas['ValidationIssueType'];

export type { components, paths } from './generated/openapi.js';
