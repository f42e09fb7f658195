// The contract's types, generated from openapi.yaml into the private @flight-search/contract
// package and bundled into this package's declarations at build time.
export type {
  ProgramCode,
  MilesProgram,
  CashProgram,
  PriceType,
  TripType,
  CabinType,
  ResponseFormat,
  Passengers,
  SearchRequest,
  SearchSummary,
  ProviderFailure,
  RawProviderData,
  RawResultItem,
  ParsedResultItem,
  RawSearchResponse,
  ParsedSearchResponse,
  SearchResponse,
  ParsedFlight,
  Fare,
  Leg,
  HistoryQueryParameters,
  HistoryQuery,
  HistoryResponse,
  HistoryRecord,
  HistoryFare,
  HistoryLeg,
  Quota,
  QuotaUsage,
  ValidationIssue,
  ValidationIssueType,
} from '@flight-search/contract';

/** The contract's schemas and operations, as openapi-typescript generates them from openapi.yaml. */
export type { components, paths } from '@flight-search/contract';
