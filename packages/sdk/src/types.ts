// The contract's types, bundled into this package's declarations at build time.
export type {
  ProgramCode,
  MilesProgram,
  CashProgram,
  PriceType,
  TripType,
  CabinType,
  ResponseFormat,
  Passengers,
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

import type {
  CashProgram,
  MilesProgram,
  Passengers,
  PriceType,
  ProgramCode,
  SearchRequest as ContractSearchRequest,
} from '@flight-search/contract';

/**
 * A program code: one the SDK knows, or any other code shaped like one (`PROGRAM_9`), which the service judges.
 */
export type Program = ProgramCode | (string & {});

/**
 * The body of `POST /flights/search`: the contract's schema with `airlineLoyalty` readonly and open ({@link Program}).
 */
export type SearchRequest = Omit<ContractSearchRequest, 'airlineLoyalty'> & {
  /** Exactly one program (`SEARCH-1`) allowed for `priceType` (`SEARCH-2`); a readonly array (`as const`) is fine. */
  airlineLoyalty: readonly Program[];
};

/**
 * {@link SearchRequest} discriminated by `priceType`, so that an editor offers the programs that `priceType` takes.
 */
export type SearchInput = Omit<SearchRequest, 'priceType' | 'airlineLoyalty'> &
  (
    | {
        /** A CASH search. */
        priceType: 'CASH';
        /** One airline: a {@link CashProgram}, or a code the SDK does not know. */
        airlineLoyalty: readonly (CashProgram | (string & {}))[];
      }
    | {
        /** A MILES search (the default). */
        priceType?: 'MILES' | undefined;
        /** One program: a {@link MilesProgram}, or a code the SDK does not know. */
        airlineLoyalty: readonly (MilesProgram | (string & {}))[];
      }
  );

/** The known programs a search with this `priceType` takes (`SEARCH-2`): {@link CashProgram}s for `'CASH'`, else {@link MilesProgram}s. */
export type ProgramFor<P extends PriceType | undefined> = P extends 'CASH' ? CashProgram : MilesProgram;

/** The `priceType` a request states, or the default `'MILES'` where it may be left out. */
type PriceOf<R> = R extends { priceType?: infer P } ? (P extends PriceType ? P : 'MILES') : 'MILES';

/** The programs a comparison of `R` searches: its `programs`, else every program its `priceType` takes. */
export type ProgramsOf<R> = R extends { programs: readonly (infer P)[] }
  ? P
  : R extends { programs?: readonly (infer P)[] }
    ? P | ProgramFor<PriceOf<R>>
    : ProgramFor<PriceOf<R>>;
/** A code checked against the `priceType` table when it is a known one; any other is left to the service. */
type Allowed<C, P extends PriceType> = C extends ProgramCode ? ProgramFor<P> : C;

/**
 * What a request literal `R` must also satisfy: no field the contract does not declare (the compiler's message names
 * it: `{ 'unknown field': "childs" }`), and `returnDate` for a `ROUND_TRIP`.
 */
export type Exact<R, Shape> = {
  [K in Exclude<keyof R, keyof Shape>]: {
    /** The name of a field the contract does not declare, as the compiler's message shows it. */
    'unknown field': K;
  };
} & (R extends { passengers: infer T }
  ? {
      /** No key {@link Passengers} does not declare. */
      passengers: {
        [K in Exclude<keyof T, keyof Passengers>]: {
          /** The name of a passenger field the contract does not declare. */
          'unknown field': K;
        };
      };
    }
  : unknown) &
  (R extends { tripType: 'ROUND_TRIP' }
    ? {
        /** Required for a `ROUND_TRIP` (`SEARCH-7`). */
        returnDate: string;
      }
    : unknown);

/**
 * The checks `searchFlights` makes on a request literal: {@link Exact}, and one program allowed for the `priceType`.
 * @example
 * // @ts-expect-error: PROGRAM_1 is a MILES program
 * client.searchFlights({ ...oneWay, priceType: 'CASH', airlineLoyalty: ['PROGRAM_1'] });
 */
export type ExactSearch<R> = Exact<R, SearchRequest> &
  (R extends { airlineLoyalty: infer L extends readonly unknown[] }
    ? number extends L['length']
      ? unknown
      : {
          /** Exactly one program (`SEARCH-1`), allowed for `priceType` when the SDK knows it (`SEARCH-2`). */
          airlineLoyalty: readonly [L extends readonly [infer C] ? Allowed<C, PriceOf<R>> : ProgramFor<PriceOf<R>>];
        }
    : unknown);

/** The checks a comparison makes on a request literal: {@link Exact}, and each known program of `programs` allowed for the `priceType`. */
export type ExactCompare<R, Shape> = Exact<R, Shape> &
  (R extends { programs: infer L extends readonly unknown[] }
    ? number extends L['length']
      ? unknown
      : {
          /** Each program known to the SDK allowed for `priceType` (`SEARCH-2`). */
          programs: { readonly [I in keyof L]: Allowed<L[I], PriceOf<R>> };
        }
    : unknown);
