/** What a rule function decides: a status, a JSON body and extra headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The body serialized, in place of `body`: as JSON text, UTF-8 bytes (before `json`), or pieces (before both). */
  json?: string;
  bytes?: Uint8Array<ArrayBuffer>;
  chunks?: ChunkedBody;
}

/** A body as the pieces of JSON text it is made of, never joined: a big answer is written a group at a time (D180). */
export interface ChunkedBody {
  /** The pieces, in order. */
  chunks: readonly string[];
  /** The pieces' length in UTF-8 bytes, all together: the answer's `Content-Length`. */
  length: number;
  /** Set by a `trickleMs` fault: each piece goes alone, this many ms after the one before. */
  paceMs?: number;
}

/** Node's `Buffer.byteLength` counts without encoding; browsers have only TextEncoder. */
const NodeBuffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;
const encoder = new TextEncoder();

/** The UTF-8 size of `text`. */
export function utf8Length(text: string): number {
  return NodeBuffer ? NodeBuffer.byteLength(text) : encoder.encode(text).length;
}

/** How much of a {@link ChunkedBody} is written per turn of the event loop. */
export const ANSWER_CHUNK_BYTES = 64 * 1024;

/**
 * The request the rules read (the input of a mock's `answer`): what the Fetch and node adapters give cheaply.
 * `headers.get` is asked lower-case names and answers as Fetch's: repeats joined by `, `, `null` when absent.
 */
export interface MockRequest {
  /** The HTTP method, upper case. */
  method: string;
  /** The absolute URL. */
  url: string;
  /** The request's headers (a Fetch `Headers` will do). */
  headers: Pick<Headers, 'get'>;
  /** Every header as flat name/value pairs (any case, repeats kept), for `requests()`. */
  rawHeaders(): readonly string[];
  /** The body decoded as UTF-8 (a leading BOM dropped), `''` without one. */
  text(): Promise<string>;
  /** Aborts when the client goes away; read it only when the answer waits (it is not free). */
  readonly signal: AbortSignal;
  /** Whether the client went away (without creating a signal). */
  aborted(): boolean;
}

/** The rules' answer, ready to send: status, headers (lower-case names) and the serialized body. */
export interface PlainAnswer {
  /** The HTTP status. */
  status: number;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  /** JSON text, its UTF-8 bytes (read-only: a repeated search's answer shares them), or text in pieces ({@link ChunkedBody}). */
  body: string | Uint8Array<ArrayBuffer> | ChunkedBody;
}

/** What `answer` gives for a request the client abandoned. */
export const ABORTED = 'aborted';
/** What `answer` gives when a fault drops the connection: before anything is sent, or after the headers (Fetch: both an error). */
export const DROP_BEFORE_HEADERS = 'drop-before-headers';
export const DROP_AFTER_HEADERS = 'drop-after-headers';
/**
 * What a mock's `answer` gives: the answer to send, `null` for a request that is not the service's,
 * `'aborted'` when the client went away, or a dropped connection.
 */
export type CoreResult = PlainAnswer | null | typeof ABORTED | typeof DROP_BEFORE_HEADERS | typeof DROP_AFTER_HEADERS;

/** A mock's one entry into its rules (`mock.answer`): a plain request in, a plain answer out. */
export type AnswerEntry = (request: MockRequest) => Promise<CoreResult>;
