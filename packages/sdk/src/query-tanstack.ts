// `@flight-search/sdk/query`: TanStack Query v5 option factories (D111); `@tanstack/query-core` is an optional peer only this entry loads.
import {
  type QueryFunction,
  type QueryFunctionContext,
  experimental_streamedQuery as streamedQuery,
} from '@tanstack/query-core';
import type { FlightSearchClient, SearchResponseFor } from './client.js';
import { CALL_OPTIONS, type OutcomeOption, type RequestOptions, type SearchOptions } from './options.js';
import { compareProgramsStreaming } from './compare/stream.js';
import type {
  CompareClient,
  CompareInput,
  CompareOptions,
  CompareOutcome,
  CompareRequest,
  ItemFor,
} from './compare/types.js';
import { CASH_PROGRAMS, MILES_PROGRAMS } from './programs.js';
import type { ExactCompare, ExactSearch, HistoryQuery, HistoryResponse, Quota, SearchRequest } from './types.js';

/** A copy with the service's defaults written out, `undefined` fields left out and keys sorted: equal requests, equal keys. */
const normalized = <T extends object>(value: T, defaults: object = {}): T => {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([, field]) => field !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([name, field]) => [name, sorted(field)]),
          )
        : v;
  return sorted({ ...defaults, ...Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) }) as T;
};

/** A comparison's request as its key holds it: the service's defaults and `programs` written out. */
const comparisonRequest = (request: CompareRequest) =>
  normalized(
    { ...request, passengers: request.passengers && normalized(request.passengers, { children: 0, infants: 0 }) },
    {
      priceType: 'MILES',
      responseFormat: 'RAW',
      programs: request.priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS,
    },
  );

/**
 * The query keys of this entry, under `['flight-search']`: stable (equal requests give equal keys) and made to invalidate by prefix.
 * Keys do not name the client: use one `QueryClient` per API key or user.
 * @example
 * queryClient.invalidateQueries({ queryKey: flightSearchKeys.quota() }); // after a search spent units
 */
export const flightSearchKeys = {
  /** Every key of this entry. */
  all: ['flight-search'] as const,
  /** `['flight-search', 'quota']`. */
  quota: () => ['flight-search', 'quota'] as const,
  /** `['flight-search', 'price-history', query]`, the query normalized. */
  priceHistory: (query: HistoryQuery) => ['flight-search', 'price-history', normalized(query)] as const,
  /** `['flight-search', 'search']`: the mutation key of every search. */
  search: () => ['flight-search', 'search'] as const,
  /** `['flight-search', 'comparison', request, options]`: the request normalized, `programs` written out, and the options that change the outcomes. */
  comparison: (
    request: CompareRequest,
    options: ComparisonQueryOptions = {},
  ): readonly ['flight-search', 'comparison', CompareRequest, ComparisonKeyOptions] =>
    ['flight-search', 'comparison', comparisonRequest(request), normalized(keyOptions(options))] as const,
};

/** `quotaCheck` and the per-call options {@link CALL_OPTIONS} marks as changing a comparison's outcomes. */
const keyOptions = (options: ComparisonQueryOptions): ComparisonKeyOptions =>
  Object.fromEntries(
    Object.entries(options).filter(([name]) => name === 'quotaCheck' || CALL_OPTIONS[name as OutcomeOption]?.[2]),
  );

/** The options of a comparison its key holds: the ones that change the outcomes. */
export type ComparisonKeyOptions = Pick<CompareOptions, 'quotaCheck' | OutcomeOption>;

/** Options for `useQuery` or a `QueryClient`. */
export interface FlightSearchQueryOptions<TData, TKey extends readonly unknown[]> {
  /** The query's key, from {@link flightSearchKeys}. */
  queryKey: TKey;
  /** Makes the call with the query's signal, so cancelling the query aborts it. */
  queryFn: QueryFunction<TData, TKey>;
  /** Always `false`: the client retries what is safe. */
  retry: false;
}

/** What {@link searchFlightsMutationOptions} returns: options for `useMutation`. */
export interface FlightSearchMutationOptions<R extends SearchRequest> {
  /** {@link flightSearchKeys.search}. */
  mutationKey: readonly ['flight-search', 'search'];
  /** Sends the search: one charge per call. */
  mutationFn: (request: R) => Promise<SearchResponseFor<R>>;
  /** Always `false`: a search is never sent again by TanStack. */
  retry: false;
}

/** Options of {@link compareProgramsQueryOptions}: {@link CompareOptions} without `signal`, which the query gives. */
export type ComparisonQueryOptions = Omit<CompareOptions, 'signal'>;

// The client retries what is safe; TanStack's retries would multiply them and send a search (a charge) again.
const NO_RETRY = { retry: false } as const;

/**
 * `GET /quota` as a query: the query's signal aborts the call.
 * @example
 * const { data } = useQuery(quotaQueryOptions(client));
 */
export function quotaQueryOptions(
  client: Pick<FlightSearchClient, 'getQuota'>,
  options: Omit<RequestOptions, 'signal'> = {},
): FlightSearchQueryOptions<Quota, ReturnType<typeof flightSearchKeys.quota>> {
  const queryKey = flightSearchKeys.quota();
  return {
    queryKey,
    queryFn: ({ signal }: QueryFunctionContext<typeof queryKey>): Promise<Quota> =>
      client.getQuota({ ...options, signal }),
    ...NO_RETRY,
  };
}

/**
 * `GET /intelligence/flights/history` as a query, keyed by the normalized query.
 * @example
 * const { data } = useQuery(priceHistoryQueryOptions(client, { origin: 'SAO', destination: 'NYC', lookbackDays: 30 }));
 */
export function priceHistoryQueryOptions(
  client: Pick<FlightSearchClient, 'getPriceHistory'>,
  query: HistoryQuery,
  options: Omit<SearchOptions, 'signal'> = {},
): FlightSearchQueryOptions<HistoryResponse, ReturnType<typeof flightSearchKeys.priceHistory>> {
  const queryKey = flightSearchKeys.priceHistory(query);
  return {
    queryKey,
    queryFn: ({ signal }: QueryFunctionContext<typeof queryKey>): Promise<HistoryResponse> =>
      client.getPriceHistory(query, { ...options, signal }),
    ...NO_RETRY,
  };
}

/**
 * A search as a mutation: it costs quota, so it goes out only on `mutate(request)` and TanStack never retries it.
 * @example
 * const search = useMutation(searchFlightsMutationOptions<SearchRequest & { responseFormat: 'PARSED' }>(client));
 */
export function searchFlightsMutationOptions<R extends SearchRequest = SearchRequest>(
  client: Pick<FlightSearchClient, 'searchFlights'>,
  options: Omit<SearchOptions, 'signal'> = {},
): FlightSearchMutationOptions<R> {
  return {
    mutationKey: flightSearchKeys.search(),
    mutationFn: (request: R): Promise<SearchResponseFor<R>> =>
      client.searchFlights<R>(request as R & ExactSearch<R>, options),
    ...NO_RETRY,
  };
}

/** A comparison is never searched again by itself: never stale, no refetch on mount, focus or reconnect, kept 30 minutes unused. */
export const COMPARISON_DEFAULTS: ComparisonDefaults = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 30 * 60_000,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  retry: false,
};

/** The type of {@link COMPARISON_DEFAULTS}. */
export interface ComparisonDefaults {
  /** `Infinity`. */
  staleTime: number;
  /** 30 minutes. */
  gcTime: number;
  /** `false`: a mount never searches again. */
  refetchOnMount: false;
  /** `false`: a window focus never searches again. */
  refetchOnWindowFocus: false;
  /** `false`: a reconnect never searches again. */
  refetchOnReconnect: false;
  /** `false`: TanStack never sends a search again. */
  retry: false;
}

/**
 * {@link compareProgramsStreaming} as a query (TanStack's `streamedQuery`): `data` grows by each outcome as it arrives.
 * Cancelling the query aborts the searches in flight. Keyed by {@link flightSearchKeys.comparison}, with {@link COMPARISON_DEFAULTS}.
 * @example
 * const { data = [], fetchStatus } = useQuery({ ...compareProgramsQueryOptions(client, request, { timeoutMs: 40_000 }), enabled: submitted });
 */
export function compareProgramsQueryOptions<const R extends CompareInput>(
  client: CompareClient,
  request: R & ExactCompare<R, CompareRequest>,
  options: ComparisonQueryOptions = {},
): FlightSearchQueryOptions<
  CompareOutcome<ItemFor<R['responseFormat']>>[],
  ReturnType<typeof flightSearchKeys.comparison>
> &
  ComparisonDefaults {
  const queryKey = flightSearchKeys.comparison(request, options);
  return {
    queryKey,
    // Reading `signal` lets TanStack cancel the query when its last observer goes.
    queryFn: streamedQuery<
      CompareOutcome<ItemFor<R['responseFormat']>>,
      CompareOutcome<ItemFor<R['responseFormat']>>[],
      typeof queryKey
    >({
      streamFn: ({ signal }) => compareProgramsStreaming<R>(client, request, { ...options, signal }),
    }),
    ...COMPARISON_DEFAULTS,
  };
}
