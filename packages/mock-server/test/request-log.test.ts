import { describe, expect, it } from 'vitest';
import type { MockRequest } from '../src/answer-types.js';
import { RECORDED_BODY_PREFIX_BYTES, REQUEST_LOG_MAX_BYTES } from '../src/defaults.js';
import { RequestLog } from '../src/recording/request-log.js';
import { createFlightSearchMock } from '../src/index.js';
import { validSearch } from './fixtures.js';

const MiB = 1024 * 1024;

/** A plain request as the adapters give it; `headers` are name/value pairs. */
function request(headers: string[] = ['content-type', 'application/json', 'x-api-key', 'test-key']): MockRequest {
  return {
    method: 'POST',
    url: 'http://mock.test/flights/search',
    headers: { get: () => null },
    rawHeaders: () => headers,
    text: () => Promise.resolve(''),
    signal: new AbortController().signal,
    aborted: () => false,
  };
}

/** Starts an entry and records `body` as its text, as the search route does. */
function receive(log: RequestLog, body: string, now = 0) {
  const entry = log.start(request(), new URL('http://mock.test/flights/search'), '/flights/search', now);
  log.recordBody(entry, body);
  return entry;
}

describe('the request log (RequestLog)', () => {
  it('keeps at most the first 4 KiB of a large body, flagged bodyTruncated with its size in bytes', () => {
    const log = new RequestLog();
    const big = `{"pad":"${'é'.repeat(MiB)}"}`;
    receive(log, big);
    const [listed] = log.list();
    expect(listed!.bodyTruncated).toBe(true);
    expect(listed!.bodySize).toBe(new TextEncoder().encode(big).length);
    expect(typeof listed!.body).toBe('string');
    const kept = new TextEncoder().encode(listed!.body as string).length;
    expect(kept).toBeLessThanOrEqual(RECORDED_BODY_PREFIX_BYTES);
    // Cut on a character boundary: no half of a two-byte "é".
    expect(kept).toBeGreaterThan(RECORDED_BODY_PREFIX_BYTES - 2);
    expect(big.startsWith(listed!.body as string)).toBe(true);
    expect(log.bytes).toBeLessThan(RECORDED_BODY_PREFIX_BYTES + 1024);
  });

  it('lists a small body parsed, whole, without the truncation flag', () => {
    const log = new RequestLog();
    receive(log, '{"origin":"GRU"}');
    const [listed] = log.list();
    expect(listed!.body).toEqual({ origin: 'GRU' });
    expect(listed).not.toHaveProperty('bodyTruncated');
    expect(listed).not.toHaveProperty('bodySize');
  });

  it('stays under its byte cap by dropping the oldest entries first, and counts entries and bytes exactly', () => {
    const maxBytes = 64 * 1024;
    const log = new RequestLog(10_000, maxBytes);
    const body = 'x'.repeat(MiB);
    for (let i = 0; i < 800; i++) {
      receive(log, body, i);
      expect(log.bytes).toBeLessThanOrEqual(maxBytes);
    }
    // Each entry holds a 4 KiB prefix plus its headers and bookkeeping: 64 KiB holds about a dozen.
    expect(log.size).toBeGreaterThan(8);
    expect(log.size).toBeLessThan(16);
    const listed = log.list();
    expect(listed).toHaveLength(log.size);
    expect(listed.at(-1)!.receivedAt).toBe(799);
    expect(listed.map((r) => r.receivedAt)).toEqual(Array.from({ length: log.size }, (_, i) => 800 - log.size + i));
  });

  it('has a 16 MiB byte cap by default, so 800 bodies of 1 MiB keep at most 16 MiB', () => {
    expect(REQUEST_LOG_MAX_BYTES).toBe(16 * MiB);
    const log = new RequestLog();
    const body = 'y'.repeat(MiB);
    for (let i = 0; i < 800; i++) receive(log, body, i);
    expect(log.size).toBe(800);
    expect(log.bytes).toBeLessThanOrEqual(REQUEST_LOG_MAX_BYTES);
    expect(log.list().every((r) => r.bodyTruncated === true && r.bodySize === MiB)).toBe(true);
  });

  it('counts headers in its bytes, so huge headers cannot outgrow the cap either', () => {
    const log = new RequestLog(10_000, 100_000);
    const headers = ['x-pad', 'h'.repeat(15_000)];
    for (let i = 0; i < 50; i++) log.start(request(headers), new URL('http://mock.test/quota'), '/quota', i);
    expect(log.bytes).toBeLessThanOrEqual(100_000);
    expect(log.size).toBe(6);
  });

  it("holds a request's headers as one text, counted as held: 1 900 two-character headers cost their text and one separator each, not 3 800 strings", () => {
    // Two-character names and values, as in issue 25's attack: text 4 bytes a header, but 3 800 strings as received.
    const raw = Array.from({ length: 1_900 }, (_, i) => [
      `h${String.fromCharCode(33 + (i % 90))}`,
      `${i % 10}${i % 7}`,
    ]).flat();
    const log = new RequestLog(10_000, 4 * MiB);
    log.start(request(raw), new URL('http://mock.test/quota?a=1'), '/quota', 0);
    // The entry's fixed 200 bytes, method, path, query, and the header text with one separator between strings.
    expect(log.bytes).toBe(200 + 'POST'.length + '/quota'.length + '?a=1'.length + raw.join('\n').length);
    // Nothing of the request's own array is kept: changing it afterwards changes nothing listed.
    const before = log.list()[0]!.headers;
    raw.fill('zz');
    expect(log.list()[0]!.headers).toEqual(before);
    expect(Object.keys(before)).toHaveLength(
      new Set(Array.from({ length: 1_900 }, (_, i) => `h${String.fromCharCode(33 + (i % 90))}`.toLowerCase())).size,
    );
  });

  it('a header value holding a line feed (possible only in a hand-made request) cannot shift the pairs after it', () => {
    const log = new RequestLog();
    log.start(
      request(['x-one', 'a\nb', 'x-api-key', 'test-key', 'x-two', '2']),
      new URL('http://mock.test/quota'),
      '/quota',
      0,
    );
    const [listed] = log.list();
    expect(listed!.headers).toEqual({ 'x-api-key': '[redacted]', 'x-one': 'a b', 'x-two': '2' });
    expect(log.list({ key: 'test-key' })).toHaveLength(1);
  });

  it('clear() drops every entry and its bytes', () => {
    const log = new RequestLog();
    for (let i = 0; i < 10; i++) receive(log, 'z'.repeat(10_000));
    expect(log.bytes).toBeGreaterThan(0);
    log.clear();
    expect(log.size).toBe(0);
    expect(log.bytes).toBe(0);
    expect(log.list()).toEqual([]);
  });

  it('a body nested deeper than any real request is listed as its text, so listing never overflows the stack', () => {
    const log = new RequestLog();
    const deep = `${'['.repeat(1_000)}${']'.repeat(1_000)}`;
    receive(log, deep);
    receive(log, `${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    const [shallow, deepest] = log.list();
    expect(shallow!.body).toBe(deep);
    expect(deepest!.bodyTruncated).toBe(true);
    expect(() => JSON.stringify({ requests: log.list() })).not.toThrow();
  });

  it('createFlightSearchMock rejects a requestLogMaxBytes that is not a non-negative integer, naming it', () => {
    expect(() => createFlightSearchMock({ requestLogMaxBytes: -1 })).toThrow(/requestLogMaxBytes/);
    expect(() => createFlightSearchMock({ requestLogMaxBytes: 1.5 })).toThrow(/requestLogMaxBytes/);
  });

  it('a mock with requestLogMaxBytes lists only what fits, and reset() empties the log', async () => {
    const mock = createFlightSearchMock({ requestLogMaxBytes: 20_000 });
    for (let i = 0; i < 20; i++) {
      await mock.handle(
        new Request('http://mock.test/flights/search', {
          method: 'POST',
          headers: { 'x-api-key': 'test-key', 'content-type': 'application/json' },
          body: 'q'.repeat(100_000),
        }),
      );
    }
    const listed = mock.requests();
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.length).toBeLessThan(5);
    expect(listed.every((r) => r.status === 422 && r.bodyTruncated === true && r.bodySize === 100_000)).toBe(true);
    mock.reset();
    expect(mock.requests()).toEqual([]);
  });
});

describe('the request log (RequestLog): evictions and listing', () => {
  const request = (i: number) => ({
    method: 'POST',
    url: `http://x/flights/search?i=${i}`,
    headers: { get: () => null },
    rawHeaders: () => ['X-API-Key', 'secret', 'Content-Type', 'application/json'],
    text: () => Promise.resolve(''),
    signal: new AbortController().signal,
    aborted: () => false,
  });

  it('keeps the most recent requests only, oldest first, across many evictions', () => {
    const log = new RequestLog(3);
    for (let i = 1; i <= 5000; i++) log.start(request(i), new URL(request(i).url), '/flights/search', i);
    expect(log.list().map((entry) => entry.id)).toEqual([4998, 4999, 5000]);
    expect(log.list().map((entry) => entry.query)).toEqual([{ i: ['4998'] }, { i: ['4999'] }, { i: ['5000'] }]);
  });

  it('lists a body kept as text parsed when it is JSON, as the text when not, null when empty; copies every time', () => {
    const log = new RequestLog(10);
    const bodies = ['{"a":[1,{"b":2}]}', 'not json', ''];
    for (const text of bodies) log.start(request(0), new URL('http://x/'), '/', 0).bodyText = text;
    const listed = log.list();
    expect(listed.map((entry) => entry.body)).toEqual([{ a: [1, { b: 2 }] }, 'not json', null]);
    (listed[0]!.body as { a: unknown[] }).a.push('changed');
    expect(log.list()[0]!.body).toEqual({ a: [1, { b: 2 }] });
    expect(listed[0]!.headers).toEqual({ 'content-type': 'application/json', 'x-api-key': '[redacted]' });
  });
});

describe('mock.settled(): every request received is recorded (issue 29 item 5)', () => {
  it('after a break out of compareProgramsStreaming, requests() shows the aborted searches at once, with no sleep', async () => {
    const { setupServer } = await import('msw/node');
    const { compareProgramsStreaming, createFlightSearchClient } = await import('@flight-search/sdk');
    const mock = createFlightSearchMock({ baseUrl: 'https://settled.example.com' });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      mock.setProgramBehavior('PROGRAM_1', { latencyMs: 5 });
      for (const program of ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'] as const)
        mock.setProgramBehavior(program, { latencyMs: 5_000 });
      const client = createFlightSearchClient({
        apiKey: 'test-key',
        baseUrl: 'https://settled.example.com',
        retryDelay: () => 0,
      });
      const search = {
        tripType: 'ONE_WAY',
        cabinType: 'ECONOMY',
        origin: 'GRU',
        destination: 'JFK',
        departureDate: '2026-12-15',
        passengers: { adults: 1 },
      } as const;
      for await (const outcome of compareProgramsStreaming(client, {
        ...search,
        programs: ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'],
      })) {
        expect(outcome.program).toBe('PROGRAM_1');
        break;
      }
      await mock.settled();
      const searches = mock.requests({ path: '/flights/search' });
      expect(searches).toHaveLength(4);
      const aborted = searches
        .filter((entry) => entry.aborted)
        .map((entry) => (entry.body as { airlineLoyalty: string[] }).airlineLoyalty[0]);
      expect(aborted.sort()).toEqual(['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4']);
      expect(searches.every((entry) => entry.endedAt !== undefined)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('resolves at once when nothing is in flight, and waits for a request still being answered', async () => {
    const mock = createFlightSearchMock();
    await mock.settled();
    mock.setProgramBehavior('PROGRAM_1', { latencyMs: 50 });
    const body = JSON.stringify(validSearch());
    const answered = mock.handle(
      new Request('http://mock.test/flights/search', {
        method: 'POST',
        headers: { 'x-api-key': 'test-key', 'content-type': 'application/json' },
        body,
      }),
    );
    let settled = false;
    const waiting = mock.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    await waiting;
    expect(mock.requests()).toMatchObject([{ path: '/flights/search', status: 200 }]);
    expect((await answered)!.status).toBe(200);
  });
});

describe('the journal by key (issue 39 item 5)', () => {
  it('hashes the key a request sent when its entry is stored, so no query by key hashes a full log in one turn', () => {
    const log = new RequestLog(10, REQUEST_LOG_MAX_BYTES);
    const entry = log.start(request(), new URL('http://mock.test/flights/search'), '/flights/search', 0);
    expect(entry.keyHash).toMatch(/^[0-9a-f]{12}$/);
    const keyless = log.start(
      request(['content-type', 'application/json']),
      new URL('http://mock.test/quota'),
      '/quota',
      0,
    );
    expect(keyless.keyHash).toBeNull();
  });
});
