/** What a rule function decides: a status, a JSON body and extra headers. Turned into a {@link PlainAnswer} by `handle`. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The body already serialized as JSON (it then replaces `body`), for answers built from cached JSON. */
  json?: string;
  /** The body already serialized as UTF-8 JSON bytes (it then replaces `body` and `json`). */
  bytes?: Uint8Array<ArrayBuffer>;
  /** The body as JSON text in pieces, never joined (it then replaces the others): big answers (history). */
  chunks?: ChunkedBody;
}

/**
 * A body handed over as the pieces of JSON text it is made of, never joined,
 * so that a big answer is written a group of pieces at a time with the event
 * loop free in between. The pieces are the store's own record texts: strings,
 * because a string per record costs the collector far less than a buffer per
 * record (D180).
 */
export interface ChunkedBody {
  /** The pieces, in order. */
  chunks: readonly string[];
  /** The pieces' length in UTF-8 bytes, all together: the answer's `Content-Length`. */
  length: number;
  /** Set by a `trickleMs` fault: each piece goes alone, this many ms after the one before. */
  paceMs?: number;
}

/** Node's `Buffer.byteLength` counts without encoding; the core also runs in browsers, which have only TextEncoder. */
const NodeBuffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;
const encoder = new TextEncoder();

/** The UTF-8 size of `text`: what a {@link ChunkedBody}'s `length` adds up, and what the request log counts. */
export function utf8Length(text: string): number {
  return NodeBuffer ? NodeBuffer.byteLength(text) : encoder.encode(text).length;
}

/**
 * How much of a {@link ChunkedBody} its consumers write (the server) or copy
 * out (the Fetch stream) per turn of the event loop: small enough that writing
 * it to a socket (a kernel copy, on loopback the receiver's work too) is a
 * short stretch, large enough that a 1 MB answer is a few dozen writes.
 */
export const ANSWER_CHUNK_BYTES = 64 * 1024;

/**
 * The request the rules read (the input of a mock's `answer`): what both
 * adapters (the Fetch `Request` of the msw handlers and `mock.handle`, node's
 * `IncomingMessage` in the standalone server) can give cheaply. The rules
 * call `headers.get` with lower-case names and expect what Fetch's
 * `Headers.get` gives: the header whatever the case of its name, a repeated
 * header as its values joined by `, `, `null` when absent.
 */
export interface MockRequest {
  /** The HTTP method, upper case. */
  method: string;
  /** The absolute URL. */
  url: string;
  /** The request's headers (a Fetch `Headers` will do). */
  headers: Pick<Headers, 'get'>;
  /** Every header as flat name/value pairs (any case, repeats kept), read only for `requests()`. */
  rawHeaders(): readonly string[];
  /** The body decoded as UTF-8 (a leading BOM dropped), `''` without one. */
  text(): Promise<string>;
  /** Aborts when the client goes away; read it only when the answer can wait (an AbortSignal is not free). */
  readonly signal: AbortSignal;
  /** Whether the client went away (without creating a signal when nobody asked for one). */
  aborted(): boolean;
}

/** The rules' answer, ready to send: status, headers (lower-case names) and the serialized body. */
export interface PlainAnswer {
  /** The HTTP status. */
  status: number;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  /** JSON text, its UTF-8 bytes, or text in pieces for answers assembled from stored records (history, {@link ChunkedBody}). */
  body: string | Uint8Array<ArrayBuffer> | ChunkedBody;
}

/** What `answer` gives for a request the client abandoned: nobody reads an answer. */
export const ABORTED = 'aborted';
/**
 * What `answer` gives when a fault drops the connection: before anything is
 * sent, or after the status line and headers. Only a real server can do the
 * second; through Fetch (msw) both are a network error.
 */
export const DROP_BEFORE_HEADERS = 'drop-before-headers';
export const DROP_AFTER_HEADERS = 'drop-after-headers';
/**
 * What a mock's `answer` gives: the answer to send, `null` for a request that
 * is not the service's (another origin or path: let it pass, or answer 404),
 * `'aborted'` when the client went away, or one of the two dropped connections
 * of a `drop` fault.
 */
export type CoreResult = PlainAnswer | null | typeof ABORTED | typeof DROP_BEFORE_HEADERS | typeof DROP_AFTER_HEADERS;

/** A mock's one entry into its rules (`mock.answer`): a plain request in, a plain answer out. */
export type AnswerEntry = (request: MockRequest) => Promise<CoreResult>;
