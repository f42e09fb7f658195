// `@flight-search/sdk/query`: TanStack Query v5 option factories for every call (D111, D112).
// Plain objects for `useQuery` / `useMutation` (React, Vue, Solid, Svelte) or query-core's `QueryClient`:
// nothing here imports a framework, and `@tanstack/query-core` is an optional peer only this entry loads.
// Exported as `experimental_streamedQuery` in v5 (D112): this entry is where a rename would be absorbed.
import { type QueryFunction, type QueryFunctionContext, experimental_streamedQuery as streamedQuery } from '@tanstack/query-core';
import type { FlightSearchClient, SearchResponseFor } from './client.js';
import { CALL_OPTIONS, type OutcomeOption, type RequestOptions, type SearchOptions } from './options.js';
import { compareProgramsStreaming } from './compare/stream.js';
import type { CompareClient, CompareInput, CompareOptions, CompareOutcome, CompareRequest, ItemFor } from './compare/types.js';
import { CASH_PROGRAMS, MILES_PROGRAMS } from './programs.js';
import type { ExactCompare, ExactSearch, HistoryQuery, HistoryResponse, Quota, SearchRequest } from './types.js';

/**
 * A copy with the service's defaults written out (`priceType: 'MILES'`, `responseFormat: 'RAW'`, no children or
 * infants) and `undefined` fields left out, keys sorted at every level: two requests the service answers the same
 * way get the same key, and the key reads the same in devtools whatever order the fields were written in.
 */
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
    { priceType: 'MILES', responseFormat: 'RAW', programs: request.priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS },
  );

/**
 * The query keys of this entry, all under `['flight-search']`: stable (the same request gives an equal key, whatever
 * the order of its fields and with the service's defaults written out), and made to invalidate by prefix.
 * Keys do not name the client: use one `QueryClient` per API key (or per user), as you would for any cache of answers.
 * @example
 * queryClient.invalidateQueries({ queryKey: flightSearchKeys.quota() }); // after a search spent units
 * queryClient.removeQueries({ queryKey: flightSearchKeys.all });         // on sign-out
 * // ['flight-search', 'comparison', { cabinType: 'ECONOMY', ..., programs: ['PROGRAM_1', ...], responseFormat: 'PARSED' }, {}]
 * flightSearchKeys.comparison(request);
 */
export const flightSearchKeys = {
  /** Every key of this entry. */
  all: ['flight-search'] as const,
  /** `['flight-search', 'quota']`. */
  quota: () => ['flight-search', 'quota'] as const,
  /** `['flight-search', 'price-history', query]`, the query normalized (a single program or date stays as given: the service reads both forms the same). */
  priceHistory: (query: HistoryQuery) => ['flight-search', 'price-history', normalized(query)] as const,
  /** `['flight-search', 'search']`: the mutation key of every search. */
  search: () => ['flight-search', 'search'] as const,
  /**
   * `['flight-search', 'comparison', request, options]`: the request normalized, `programs` written out (every program of
   * its `priceType` when left out), and the options that change the outcomes: `quotaCheck`, `timeoutMs`, `maxRetries`
   * and `validate` (`concurrency` does not, nor do `headers`, which change how each search is sent, not what it answers).
   */
  comparison: (request: CompareRequest, options: ComparisonQueryOptions = {}): readonly ['flight-search', 'comparison', CompareRequest, ComparisonKeyOptions] =>
    ['flight-search', 'comparison', comparisonRequest(request), normalized(keyOptions(options))] as const,
};

/** `quotaCheck` and the per-call options {@link CALL_OPTIONS} marks as changing a comparison's outcomes. */
const keyOptions = (options: ComparisonQueryOptions): ComparisonKeyOptions =>
  Object.fromEntries(Object.entries(options).filter(([name]) => name === 'quotaCheck' || CALL_OPTIONS[name as OutcomeOption]?.[2]));

/**
 * The options of a comparison that its key holds, the ones that change the outcomes: `quotaCheck`, `timeoutMs`,
 * `maxRetries` (a 429 given up on or retried is another outcome) and `validate` (a request refused locally or judged by the service).
 */
export type ComparisonKeyOptions = Pick<CompareOptions, 'quotaCheck' | OutcomeOption>;

/** What {@link quotaQueryOptions}, {@link priceHistoryQueryOptions} and {@link compareProgramsQueryOptions} return: options for `useQuery` or a `QueryClient`. */
export interface FlightSearchQueryOptions<TData, TKey extends readonly unknown[]> {
  /** The query's key, from {@link flightSearchKeys}. */
  queryKey: TKey;
  /** Makes the call with the query's signal, so cancelling the query aborts it. */
  queryFn: QueryFunction<TData, TKey>;
  /** Always `false`: the client already retries what is safe to retry (a search only on a 429, refused before any charge). */
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

/**
 * Options of {@link compareProgramsQueryOptions}: {@link CompareOptions} without `signal`, which the query gives;
 * `headers`, `maxRetries` and `validate` go to each search as they do in {@link compareProgramsStreaming}.
 */
export type ComparisonQueryOptions = Omit<CompareOptions, 'signal'>;

// A client already retries what is safe to retry (GET calls on transient failures, a search on 429 alone, D63):
// TanStack's own retries (3 by default) would multiply them, and would send a search (a charge) again.
const NO_RETRY = { retry: false } as const;

/**
 * `GET /quota` as a query (free). The query's signal aborts the call; retries are the client's own.
 * @example
 * const { data } = useQuery(quotaQueryOptions(client));
 * data?.remaining;
 */
export function quotaQueryOptions(
  client: Pick<FlightSearchClient, 'getQuota'>,
  options: Omit<RequestOptions, 'signal'> = {},
): FlightSearchQueryOptions<Quota, ReturnType<typeof flightSearchKeys.quota>> {
  const queryKey = flightSearchKeys.quota();
  return {
    queryKey,
    queryFn: ({ signal }: QueryFunctionContext<typeof queryKey>): Promise<Quota> => client.getQuota({ ...options, signal }),
    ...NO_RETRY,
  };
}

/**
 * `GET /intelligence/flights/history` as a query (free), keyed by the normalized query. An invalid query fails
 * the query with `ValidationError` and sends nothing.
 * @example
 * const { data } = useQuery(priceHistoryQueryOptions(client, { origin: 'SAO', destination: 'NYC', lookbackDays: 30 }));
 * data?.flights.length;
 */
export function priceHistoryQueryOptions(
  client: Pick<FlightSearchClient, 'getPriceHistory'>,
  query: HistoryQuery,
  options: Omit<SearchOptions, 'signal'> = {},
): FlightSearchQueryOptions<HistoryResponse, ReturnType<typeof flightSearchKeys.priceHistory>> {
  const queryKey = flightSearchKeys.priceHistory(query);
  return {
    queryKey,
    queryFn: ({ signal }: QueryFunctionContext<typeof queryKey>): Promise<HistoryResponse> => client.getPriceHistory(query, { ...options, signal }),
    ...NO_RETRY,
  };
}

/**
 * A search as a mutation: it costs quota, so it goes out when the user's action calls `mutate(request)`,
 * never on a render, a mount, a focus or a reconnect, and is never retried by TanStack (the client retries a 429
 * alone). Its answer is not cached; put it in the cache yourself if a page should show it again.
 * The request type, given once, types the answers (PARSED items below).
 * @example
 * const search = useMutation(searchFlightsMutationOptions<SearchRequest & { responseFormat: 'PARSED' }>(client));
 * <form onSubmit={() => search.mutate({ airlineLoyalty: ['PROGRAM_1'], tripType: 'ONE_WAY', cabinType: 'ECONOMY',
 *   origin: 'GRU', destination: 'JFK', departureDate: '2026-12-15', passengers: { adults: 1 }, responseFormat: 'PARSED' })} />
 */
export function searchFlightsMutationOptions<R extends SearchRequest = SearchRequest>(
  client: Pick<FlightSearchClient, 'searchFlights'>,
  options: Omit<SearchOptions, 'signal'> = {},
): FlightSearchMutationOptions<R> {
  return {
    mutationKey: flightSearchKeys.search(),
    // A mutation's variables come at run time, checked there: no literal to check exactly here.
    mutationFn: (request: R): Promise<SearchResponseFor<R>> => client.searchFlights<R>(request as R & ExactSearch<R>, options),
    ...NO_RETRY,
  };
}

/**
 * What keeps a comparison from being sent again by itself: its results never go stale (`staleTime: Infinity`), so no
 * mount, window focus or reconnect refetches it, and those three are off as well, for a query a page marks stale by hand;
 * it is kept 30 minutes after its last component unmounts (`gcTime`), so a component mounted again in that time shows it
 * without searching. Only `refetch()`, `invalidateQueries` or a new request (a new key) searches again.
 */
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
  /** `Infinity`: a comparison's results never go stale by themselves. */
  staleTime: number;
  /** 30 minutes after its last component unmounts. */
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
 * {@link compareProgramsStreaming} as a query through TanStack Query v5's `streamedQuery`: `data` is the outcomes so
 * far, in the order they arrived, growing as each program answers (`fetchStatus` stays `'fetching'` until the last).
 * Cancelling the query (its last component unmounting while it runs, or `queryClient.cancelQueries`) aborts the
 * searches still in flight; the ones that finished were charged. Keyed by {@link flightSearchKeys.comparison}, with
 * {@link COMPARISON_DEFAULTS}: spread your own options after it to change them.
 * @example
 * const { data = [], fetchStatus } = useQuery({ ...compareProgramsQueryOptions(client, request, { timeoutMs: 40_000 }), enabled: submitted });
 * data.map((o) => (o.kind === 'result' && o.item.success ? `${o.program}: ${o.item.flights.length} flights` : `${o.program}: ${o.kind}`));
 */
export function compareProgramsQueryOptions<const R extends CompareInput>(
  client: CompareClient,
  request: R & ExactCompare<R, CompareRequest>,
  options: ComparisonQueryOptions = {},
): FlightSearchQueryOptions<CompareOutcome<ItemFor<R['responseFormat']>>[], ReturnType<typeof flightSearchKeys.comparison>> & ComparisonDefaults {
  const queryKey = flightSearchKeys.comparison(request, options);
  return {
    queryKey,
    // Reading `signal` is what lets TanStack cancel the query when its last observer goes (it checks whether it was read).
    queryFn: streamedQuery<CompareOutcome<ItemFor<R['responseFormat']>>, CompareOutcome<ItemFor<R['responseFormat']>>[], typeof queryKey>({
      streamFn: ({ signal }) => compareProgramsStreaming<R>(client, request, { ...options, signal }),
    }),
    ...COMPARISON_DEFAULTS,
  };
}
