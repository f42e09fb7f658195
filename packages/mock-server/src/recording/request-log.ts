import { dictionary } from '@flight-search/contract';
import { utf8Length, type MockRequest } from '../answer-types.js';
import { RECORDED_BODY_PREFIX_BYTES, RECORDED_REQUESTS_CAP, REQUEST_LOG_MAX_BYTES } from '../defaults.js';
import type { RecordedRequest, RequestFilter } from '../types.js';
import { keyHash, maskKey } from './mask.js';
import { REDACTED, redactPath } from './redaction.js';

/** What an entry costs beside its strings: fixed, so the count is deterministic. */
const ENTRY_OVERHEAD_BYTES = 200;

/** Bodies nested deeper are listed as text: re-serializing a deeper tree could overflow the stack. */
const MAX_LISTED_DEPTH = 64;

/** One received request as the log keeps it, a `RecordedRequest` only when `requests()` is read. */
export interface LogEntry {
  readonly id: number;
  readonly method: string;
  readonly path: string;
  readonly search: string;
  /** The header names and values as received, joined by line feeds: one string costs its length, 1 900 small ones hide theirs. */
  readonly headers: string;
  body: unknown;
  /** The body's text, at most {@link RECORDED_BODY_PREFIX_BYTES}: `requests()` parses it when it is whole. */
  bodyText?: string;
  /** The whole body's UTF-8 size, when `bodyText` is a prefix. */
  bodySize?: number;
  /** `bodyText` is listed as text (a prefix, or nested past {@link MAX_LISTED_DEPTH}). */
  bodyAsText?: boolean;
  readonly receivedAt: number;
  endedAt?: number;
  status?: number;
  aborted: boolean;
  fault?: string;
  scenario?: string;
  warnings?: readonly string[];
  stub?: string;
  nearMiss?: { stub: string; differs: string[] };
  /** What the entry counts in the log's bytes; 0 once dropped (or never kept). */
  bytes: number;
  /** The hash of the `x-api-key` sent (`null`: none). */
  keyHash?: string | null;
}

/**
 * What the mock received, the most recent `cap` requests in `maxBytes` bytes, API keys redacted.
 * The oldest entries are dropped first, and released at once.
 */
export class RequestLog {
  #next = 1;
  #entries: (LogEntry | undefined)[] = [];
  #head = 0;
  #bytes = 0;

  constructor(
    private readonly cap: number = RECORDED_REQUESTS_CAP,
    private readonly maxBytes: number = REQUEST_LOG_MAX_BYTES,
  ) {}

  get size(): number {
    return this.#entries.length - this.#head;
  }

  get bytes(): number {
    return this.#bytes;
  }

  start(request: MockRequest, url: URL, path: string, now: number): LogEntry {
    const shownPath = redactPath(path);
    const entry: LogEntry = {
      id: this.#next++,
      method: request.method,
      path: shownPath,
      search: url.search,
      headers: this.cap === 0 ? '' : joinHeaders(request.rawHeaders()),
      body: null,
      receivedAt: now,
      aborted: false,
      bytes: 0,
    };
    if (this.cap === 0) return entry;
    const bytes =
      ENTRY_OVERHEAD_BYTES + entry.method.length + shownPath.length + entry.search.length + entry.headers.length;
    entry.bytes = bytes;
    this.#bytes += bytes;
    // Hashed now: the first query by key on a full log would otherwise hash them all in one turn.
    sentKeyHash(entry);
    this.#entries.push(entry);
    if (this.size > this.cap) this.#dropOldest();
    this.#fitBytes();
    return entry;
  }

  /** Records the body text of `entry`, or its first {@link RECORDED_BODY_PREFIX_BYTES}. */
  recordBody(entry: LogEntry, text: string): void {
    if (entry.bytes === 0 || text === '' || entry.bodyText !== undefined) return;
    const kept = utf8Prefix(text);
    entry.bodyText = kept.text;
    if (kept.truncated) {
      entry.bodySize = utf8Length(text);
      entry.bodyAsText = true;
    } else if (nestedDeeperThan(text, MAX_LISTED_DEPTH)) {
      entry.bodyAsText = true;
    }
    this.#charge(entry, kept.bytes);
  }

  /** Records what the mock let pass (D119), counted like the body. */
  recordWarnings(entry: LogEntry, warnings: readonly string[]): void {
    if (entry.bytes === 0) return;
    entry.warnings = warnings;
    this.#charge(
      entry,
      warnings.reduce((sum, warning) => sum + warning.length, 0),
    );
  }

  #charge(entry: LogEntry, bytes: number): void {
    entry.bytes += bytes;
    this.#bytes += bytes;
    this.#fitBytes();
  }

  clear(): void {
    for (let i = this.#head; i < this.#entries.length; i++) this.#entries[i]!.bytes = 0;
    this.#entries = [];
    this.#head = 0;
    this.#bytes = 0;
  }

  /** Drops the entries of the requests that sent `key` (a key's reset, D154), and no other. */
  forget(key: string): void {
    const hash = keyHash(key);
    const kept: LogEntry[] = [];
    for (let i = this.#head; i < this.#entries.length; i++) {
      const entry = this.#entries[i]!;
      if (sentKeyHash(entry) !== hash) kept.push(entry);
      else {
        this.#bytes -= entry.bytes;
        entry.bytes = 0;
      }
    }
    this.#entries = kept;
    this.#head = 0;
  }

  /** Fresh copies of the entries `filter` matches: at most `limit`, from the first whose id is above `after`. */
  list(filter?: EntryFilter): RecordedRequest[] {
    const list: RecordedRequest[] = [];
    const hash = filter?.key === undefined ? undefined : keyHash(filter.key);
    const limit = filter?.limit ?? Number.POSITIVE_INFINITY;
    for (let i = this.#firstAfter(filter?.after); i < this.#entries.length && list.length < limit; i++) {
      const entry = this.#entries[i]!;
      if (filter !== undefined && !matches(entry, filter, hash)) continue;
      list.push(toRecorded(entry));
    }
    return list;
  }

  #firstAfter(after: number | undefined): number {
    let low = this.#head;
    let high = this.#entries.length;
    if (after === undefined) return low;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#entries[middle]!.id <= after) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #fitBytes(): void {
    while (this.#bytes > this.maxBytes && this.size > 0) this.#dropOldest();
  }

  #dropOldest(): void {
    const oldest = this.#entries[this.#head]!;
    this.#bytes -= oldest.bytes;
    oldest.bytes = 0;
    this.#entries[this.#head] = undefined;
    this.#head++;
    // Compacted in batches.
    if (this.#head >= 1024 || this.#head * 2 >= this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head);
      this.#head = 0;
    }
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const prefixBuffer = new Uint8Array(RECORDED_BODY_PREFIX_BYTES);

/** The body, or its longest prefix of whole characters that fits, as a new string (a slice keeps the body alive). */
function utf8Prefix(text: string): { text: string; bytes: number; truncated: boolean } {
  const { read, written } = encoder.encodeInto(text, prefixBuffer);
  if (read === text.length) return { text, bytes: written, truncated: false };
  return { text: decoder.decode(prefixBuffer.subarray(0, written)), bytes: written, truncated: true };
}

/** Whether JSON-looking `text` nests more than `limit` arrays or objects. */
function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** A checked `requests()` filter: `since` in epoch ms. */
export type EntryFilter = Omit<RequestFilter, 'since'> & { since?: number };

function matches(entry: LogEntry, filter: EntryFilter, hash: string | undefined): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.path !== undefined && entry.path !== filter.path) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.since !== undefined && entry.receivedAt < filter.since) return false;
  if (hash !== undefined && sentKeyHash(entry) !== hash) return false;
  return true;
}

function sentKeyHash(entry: LogEntry): string | null {
  if (entry.keyHash === undefined) {
    const sent = sentKey(headerPairs(entry.headers));
    entry.keyHash = sent === undefined ? null : keyHash(sent);
  }
  return entry.keyHash;
}

/** Header pairs as one text; a line feed in a hand-made request becomes a space. */
function joinHeaders(raw: readonly string[]): string {
  return raw.some((text) => text.includes('\n'))
    ? raw.map((text) => text.replaceAll('\n', ' ')).join('\n')
    : raw.join('\n');
}

function headerPairs(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/** The `x-api-key` of raw header pairs, repeats joined as Fetch joins them. */
function sentKey(raw: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'x-api-key') found = found === undefined ? raw[i + 1]! : `${found}, ${raw[i + 1]!}`;
  }
  return found;
}

function toRecorded(entry: LogEntry): RecordedRequest {
  const query = dictionary<string[]>();
  for (const [name, value] of new URLSearchParams(entry.search)) {
    query[name] ??= [];
    query[name].push(value);
  }
  // As Fetch's Headers list them: lower-case names in order, repeated values joined by ", ".
  const joined = new Map<string, string>();
  const raw = headerPairs(entry.headers);
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name.charCodeAt(0) === 58) continue; // HTTP/2 pseudo-headers (":path")
    const value = raw[i + 1]!;
    const before = joined.get(name);
    joined.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  const headers = dictionary<string>();
  for (const name of [...joined.keys()].sort()) headers[name] = name === 'x-api-key' ? REDACTED : joined.get(name)!;
  const text = entry.bodyText;
  const recorded: RecordedRequest = {
    id: entry.id,
    method: entry.method,
    path: entry.path,
    query,
    headers,
    body: text === undefined ? structuredClone(entry.body) : entry.bodyAsText ? text : parseBody(text),
    receivedAt: entry.receivedAt,
    aborted: entry.aborted,
  };
  if (entry.bodySize !== undefined) {
    recorded.bodyTruncated = true;
    recorded.bodySize = entry.bodySize;
  }
  if (entry.status !== undefined) recorded.status = entry.status;
  const key = sentKey(raw);
  if (key !== undefined) recorded.key = maskKey(key);
  if (entry.fault !== undefined) recorded.fault = entry.fault;
  if (entry.scenario !== undefined) recorded.scenario = entry.scenario;
  if (entry.warnings !== undefined) recorded.warnings = [...entry.warnings];
  if (entry.stub !== undefined) recorded.stub = entry.stub;
  if (entry.nearMiss !== undefined) recorded.nearMiss = structuredClone(entry.nearMiss);
  if (entry.endedAt !== undefined) recorded.endedAt = entry.endedAt;
  return recorded;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text === '' ? null : text;
  }
}
