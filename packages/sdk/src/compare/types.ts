import type { FlightSearchError } from '../errors.js';
import type { RequestOptions, SearchOptions } from '../options.js';
import type {
  CashProgram,
  Fare,
  MilesProgram,
  ParsedFlight,
  ParsedResultItem,
  Program,
  Quota,
  RawResultItem,
  ResponseFormat,
  SearchRequest,
  SearchResponse,
  SearchSummary,
} from '../types.js';

/** What the compare helpers need from a client: `createFlightSearchClient()`'s result, or a fake rejecting with the SDK's errors. */
export interface CompareClient {
  /** Searches one program, as {@link FlightSearchClient.searchFlights} does. */
  searchFlights(request: SearchRequest, options?: SearchOptions): Promise<SearchResponse>;
  /** The key's quota, as {@link FlightSearchClient.getQuota} answers it (for `quotaCheck`). */
  getQuota(options?: Pick<RequestOptions, 'signal' | 'headers'>): Promise<Quota>;
}

/** A search request without `airlineLoyalty`; `programs` lists the programs to compare. */
export type CompareRequest = Omit<SearchRequest, 'airlineLoyalty'> & {
  /** Programs to search, in this order (`quotaCheck: 'partial'` pays for the first). Default: every program allowed for `priceType`. */
  programs?: readonly Program[];
};

/** {@link CompareRequest} discriminated by `priceType`, so that an editor offers the programs it takes. */
export type CompareInput = Omit<CompareRequest, 'priceType' | 'programs'> &
  (
    | {
        /** A CASH comparison. */
        priceType: 'CASH';
        /** {@link CashProgram}s, or codes the SDK does not know. */
        programs?: readonly (CashProgram | (string & {}))[];
      }
    | {
        /** A MILES comparison (the default). */
        priceType?: 'MILES' | undefined;
        /** {@link MilesProgram}s, or codes the SDK does not know. */
        programs?: readonly (MilesProgram | (string & {}))[];
      }
  );

/**
 * Options of {@link compareProgramsStreaming} and {@link comparePrograms}: a search's per-call options, given to each search, and the comparison's own.
 * @example
 * comparePrograms(client, request, { concurrency: 4, timeoutMs: 40_000, maxRetries: 0, headers: { traceparent } });
 */
export interface CompareOptions extends Omit<SearchOptions, 'signal' | 'timeoutMs'> {
  /** Searches running at the same time. Default: all at once. */
  concurrency?: number;
  /** Aborting it cancels every search in flight (`AbortError`). */
  signal?: AbortSignal;
  /** Time-out of each search, in ms (the client's default applies otherwise). */
  timeoutMs?: number;
  /** Quota pre-flight (`GET /quota`): `'off'` (default); `'throw'`: `QuotaExceededError` if it cannot pay for all; `'partial'`: the rest `skipped`. */
  quotaCheck?: 'off' | 'throw' | 'partial';
}

/** The result item type a request's `responseFormat` gets back. */
export type ItemFor<F extends ResponseFormat | undefined> = F extends 'PARSED' ? ParsedResultItem : RawResultItem;

/** What every outcome has. */
interface OutcomeBase<P> {
  /** The program this outcome is about. */
  program: P;
  /** How long this program's search took, in ms (0 for `skipped`). */
  elapsedMs: number;
  /** Outcomes delivered so far, this one included. */
  completed: number;
  /** Outcomes the comparison will deliver: one per program. */
  total: number;
}

/** One program's outcome by `kind`: `result` (the service's item, success or provider failure), `error` (what the SDK threw), `skipped` (`quotaCheck: 'partial'`). */
export type CompareOutcome<I = RawResultItem | ParsedResultItem, P = Program> =
  | (OutcomeBase<P> & {
      /** The service answered. */
      kind: 'result';
      /** The program's result item: a success, or a provider failure (`success: false`). */
      item: I;
    })
  | (OutcomeBase<P> & {
      /** The SDK threw for this search. */
      kind: 'error';
      /** What `searchFlights` rejected with. */
      error: FlightSearchError;
    })
  | (OutcomeBase<P> & {
      /** Not searched: `quotaCheck: 'partial'` found too little quota. */
      kind: 'skipped';
    });

/** What `compareProgramsStreaming` returns: an async iterator of outcomes with `return()`. */
export type CompareStream<I = RawResultItem | ParsedResultItem, P = Program> = AsyncIterableIterator<
  CompareOutcome<I, P>
> & {
  /** Stops the comparison: aborts every search in flight and starts no more. */
  return(): Promise<IteratorReturnResult<undefined>>;
};

/** The cheapest fare of one program's PARSED answer, with the flight it belongs to. */
export interface CheapestFare {
  /** The flight the fare belongs to. */
  flight: ParsedFlight;
  /** The fare itself; {@link cheapestFare} says how fares are compared. */
  fare: Fare;
}

/** What `comparePrograms` resolves to. */
export interface CompareResult<I = RawResultItem | ParsedResultItem> {
  /** Every outcome, in completion order. */
  outcomes: CompareOutcome<I>[];
  /** In the service's terms; `failedSearches` counts provider failures and searches that threw, skipped ones count in the total only. */
  summary: SearchSummary;
  /** Per program with at least one PARSED flight: its cheapest fare. */
  cheapest: Partial<Record<Program, CheapestFare>>;
}
