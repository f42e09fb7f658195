import type { ProgramCode } from '@flight-search/sdk';
import type { RequestHandler } from 'msw';

/** A product an API key can include. Search is part of every key; history must be contracted (`AUTH-3`). */
export type Product = 'search' | 'history';

/** One API key of the mock and its quota. */
export interface KeySettings {
  /** The key, as clients send it in `x-api-key`. */
  key: string;
  /** Total quota units of the key. */
  limit: number;
  /** Units already spent when the mock starts (default 0). */
  consumed?: number;
  /** Without `'history'`, the price-history endpoint answers 403 (`AUTH-3`). */
  products: Product[];
}

/** How one program's provider behaves in the simulation. */
export interface ProgramBehavior {
  /** Provider answer time in ms (0 to 2 147 483 647, the longest timer), replacing the `latency` option for this program. */
  latencyMs?: number;
  /** The provider fails with this HTTP status: a `200` answer with `success: false` (`PROVIDER-1`). */
  fail?: {
    /** The provider's HTTP status, reported as the failure's `providerStatusCode`. */
    status: number;
    /** The failure's `message`; by default one that names the status. */
    message?: string;
  };
  /** The provider never answers: after `providerTimeoutMs` the result is a 504 failure (`PROVIDER-2`). */
  hang?: boolean;
}

/** Options of {@link createFlightSearchMock}: every one is optional. A bad value throws a `TypeError` naming it. */
export interface MockOptions {
  /** The API keys; default {@link "@flight-search/mock-server"!DEFAULT_KEYS | DEFAULT_KEYS}. */
  keys?: KeySettings[];
  /** Seed of all generated data (flights, history, latencies); default 1. */
  seed?: number;
  /** How long a hanging provider is waited for before a 504 failure; default 29 000 (spec section 8), at most 2 147 483 647 (the longest timer). */
  providerTimeoutMs?: number;
  /** `'none'` (default): providers answer at once; `'realistic'`: each program its own deterministic 0.2 to 4 s. */
  latency?: 'none' | 'realistic';
  /** The mock's clock in epoch ms (default `Date.now`): history windows, `createdAt`, recorded times, rate limit windows. */
  now?: () => number;
  /** Serve only under this URL (and answer unknown paths under it with a 404 envelope); default: any origin, the three paths only. */
  baseUrl?: string;
  /** Most history records kept from searches; the oldest are dropped first. Default 100 000. */
  historyCap?: number;
  /** Most received requests `requests()` keeps; the oldest are dropped first. Default 10 000; 0 records none. */
  requestLogCap?: number;
  /**
   * Most bytes the request log holds (paths, headers and kept bodies; a body
   * keeps at most its first 4 KiB): the oldest requests are dropped first to
   * stay under it. Default 16 MiB (16 777 216); 0 records none.
   */
  requestLogMaxBytes?: number;
  /** Per-key rate limit (`RATE-1`); off unless set. */
  rateLimit?: {
    /** Requests a key may make per window. */
    requests: number;
    /** Length of the window, in ms. */
    windowMs: number;
  };
}

/** A request the mock received, as `requests()` lists it. The API key is never recorded. */
export interface RecordedRequest {
  /** Sequence number, from 1, in the order the requests were received. */
  id: number;
  /** The HTTP method. */
  method: string;
  /** Path under `baseUrl` (or the URL path with the default any-origin setting). */
  path: string;
  /** Query parameters, each with every value it was given, in order. */
  query: Record<string, string[]>;
  /** Lower-case header names; `x-api-key` is `'[redacted]'`. */
  headers: Record<string, string>;
  /**
   * The parsed JSON body, the raw text when it is not JSON (or nested deeper
   * than 64 levels), or `null` without a body. A body over 4 KiB is its first
   * 4 KiB as text, with `bodyTruncated` and `bodySize`.
   */
  body: unknown;
  /** Present (`true`) when `body` is only the first 4 KiB of the body received. */
  bodyTruncated?: true;
  /** The whole body's size in bytes, present with `bodyTruncated`. */
  bodySize?: number;
  /** Mock clock when received. */
  receivedAt: number;
  /** Mock clock when answered. */
  endedAt?: number;
  /** The status answered; absent while the request is in flight or when no answer was sent. */
  status?: number;
  /** True when the request's signal aborted before the answer. */
  aborted: boolean;
}

/** A stateful mock of the service; see {@link createFlightSearchMock}. */
export interface FlightSearchMock {
  /** msw request handlers: `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  handlers: RequestHandler[];
  /**
   * Answers a Fetch API `Request` with a `Response`, or `null` when the request is not the service's.
   * Aborting `request.signal` during a provider wait resolves to `Response.error()` (a network error).
   */
  handle(request: Request): Promise<Response | null>;
  /** Restores the initial state: keys and quota, history, program behaviours, recorded requests, rate limits. */
  reset(): void;
  /** Sets (or with `null` clears) how a program's provider behaves. */
  setProgramBehavior(program: ProgramCode, behavior: ProgramBehavior | null): void;
  /** Creates a key or changes its limit, consumption or products. */
  setKey(key: string, settings: { limit?: number; consumed?: number; products?: Product[] }): void;
  /** The requests received so far (the most recent 10 000 within 16 MiB by default), oldest first, keys redacted. */
  requests(): RecordedRequest[];
}
