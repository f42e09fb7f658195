import fc from 'fast-check';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  createFlightSearchClient,
  type FlightSearchApiError,
  type RedirectError,
  type ValidationError,
} from '../src/index.js';
import { BASE_URL, envelope, json, route } from './helpers.js';

// What a key may hold: any visible ASCII character (a header value), quotes and backslashes included.
const keyChar = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
// Every length from 1 to 64 is tried at least once, with characters JSON has to escape among them.
const examples = Array.from({ length: 64 }, (_, i) => ['"\\sk-Live_9'.repeat(7).slice(0, i + 1)] as [string]);

/** A hostile 422 that echoes `key` in every field the client may copy, and in a header. */
const echo = (key: string) =>
  json(
    {
      error: {
        code: `E_${key}`,
        message: `Unknown key ${key}.`,
        correlationId: `c-${key}`,
        supportedMediaTypes: [`application/${key}`],
        details: { errors: [{ field: `body.${key}`, message: `bad ${key}`, type: key }] },
        apiKey: key,
      },
    },
    422,
    { 'x-echo': `key=${key}` },
  );

const call = (key: string) =>
  createFlightSearchClient({ apiKey: key, baseUrl: BASE_URL, maxRetries: 0 })
    .getQuota()
    .then(
      () => {
        throw new Error('resolved');
      },
      (e: unknown) => e as FlightSearchApiError,
    );

// Issue 39 item 10: the forms a server or a URL may echo a key in; base64 alone, or at the start of a longer text
// (at a multiple of 3 bytes).
const base64 = (text: string, alphabet: 'base64' | 'base64url' = 'base64') => Buffer.from(text).toString(alphabet);
const encodings: Record<string, (key: string) => string> = {
  raw: (key) => key,
  'JSON-escaped': (key) => JSON.stringify(key).slice(1, -1),
  'percent-encoded (encodeURIComponent)': encodeURIComponent,
  'percent-encoded with lower-case hex': (key) =>
    encodeURIComponent(key).replace(/%[\dA-F]{2}/g, (hex) => hex.toLowerCase()),
  'form-encoded (URLSearchParams)': (key) => new URLSearchParams({ key }).toString().slice(4),
  'every character but letters and digits percent-encoded': (key) =>
    key.replace(/[^\da-z]/gi, (c) => `%${c.charCodeAt(0).toString(16)}`),
  base64: (key) => base64(key),
  base64url: (key) => base64(key, 'base64url'),
  'base64 of key + ":x"': (key) => base64(`${key}:x`),
  'base64url of "abc" + key + "@"': (key) => base64(`abc${key}@`, 'base64url'),
};

describe('redaction of the API key (D48)', () => {
  it('replaces a key of 8 characters or more in every field of the error, and leaves a shorter one as the service wrote it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: keyChar, minLength: 1, maxLength: 64 }), async (key) => {
        route('get', '/quota', () => echo(key));
        const error = (await call(key)) as ValidationError;
        // A key shorter than 8 characters cannot be told from ordinary text: nothing is replaced.
        const k = key.length >= 8 ? '[redacted]' : key;
        expect(error.message).toBe(`422 Unknown key ${k}. body.${k}: bad ${k} (GET ${BASE_URL}/quota)`);
        expect(JSON.parse(JSON.stringify(error))).toEqual({
          name: 'ValidationError',
          status: 422,
          code: `E_${k}`,
          correlationId: `c-${k}`,
          supportedMediaTypes: [`application/${k}`],
          errors: [{ field: `body.${k}`, message: `bad ${k}`, type: k }],
          method: 'GET',
          url: `${BASE_URL}/quota`,
          message: error.message,
        });
        expect(error.headers.get('x-echo')).toBe(`key=${k}`);
        if (key.length >= 8) {
          for (const text of [
            JSON.stringify(error),
            error.message,
            error.stack ?? '',
            JSON.stringify([...error.headers]),
          ]) {
            expect(text.replaceAll('[redacted]', '')).not.toContain(key);
          }
        }
      }),
      { examples, numRuns: 200 },
    );
    // 200 clients, each building its expression of the key's forms: seconds on a shared CPU.
  }, 20_000);

  it.each([1, 7, 8, 64])(
    'redacts a key of %i characters in a plain-text body and an unparseable 200 only from 8 characters on',
    async (length) => {
      const key = 'k'.repeat(length);
      const k = length >= 8 ? '[redacted]' : key;
      route('get', '/quota', () => new HttpResponse(`no such key: ${key}`, { status: 404 }));
      expect((await call(key)).message).toBe(`404 no such key: ${k} (GET ${BASE_URL}/quota)`);
      route('get', '/quota', () => new HttpResponse(`{"remaining": ${key}}`, { status: 200 }));
      const broken = await call(key);
      expect(broken.name).toBe('InvalidResponseError');
      // The parser's words, which quote the text it read, are never copied (D89): not even a short key shows.
      expect(broken.message).toBe(`200 invalid JSON (GET ${BASE_URL}/quota)`);
    },
  );

  it('D89: a 200 that is not JSON leaves no fragment of the key in the error or the error-level log line, and names where parsing failed', async () => {
    const key = 'sk-live-ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const lines: string[] = [];
    const log = (m: string) => void lines.push(m);
    const client = createFlightSearchClient({
      apiKey: key,
      baseUrl: BASE_URL,
      maxRetries: 0,
      logLevel: 'error',
      logger: { debug: log, warn: log, error: log },
    });
    // V8 quotes about ten characters around the failure: "k": sk-live-AB, a piece whole-key redaction cannot see.
    route('get', '/quota', () => new HttpResponse(`{"note": "xxx", "k": ${key}}`, { status: 200 }));
    const unquoted = (await client.getQuota().catch((e: unknown) => e)) as FlightSearchApiError;
    route('get', '/quota', () => new HttpResponse(`{"k": "${key}"} trailing`, { status: 200 }));
    const trailing = (await client.getQuota().catch((e: unknown) => e)) as FlightSearchApiError;
    expect(unquoted.message).toBe(`200 invalid JSON (GET ${BASE_URL}/quota)`);
    // Where the parser says it stopped, by position only.
    expect(trailing.message).toBe(
      `200 invalid JSON at position ${`{"k": "${key}"}`.length + 1} (GET ${BASE_URL}/quota)`,
    );
    expect(lines).toHaveLength(2);
    for (const text of [
      ...lines,
      JSON.stringify(unquoted),
      JSON.stringify(trailing),
      unquoted.stack ?? '',
      String(unquoted.cause),
    ]) {
      expect(text).not.toContain('sk-live');
      expect(text).not.toContain('ABCDEF');
    }
  });

  it('issue 39 item 10: redacts a key echoed raw, JSON-escaped, percent-encoded in either case, base64 or base64url, in every field of a redirect or an error and in the log', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: keyChar, minLength: 8, maxLength: 64 }),
        fc.constantFrom(...Object.keys(encodings)),
        fc.boolean(),
        async (key, encoding, redirect) => {
          const echoed = encodings[encoding]!(key);
          const headers = { location: `https://elsewhere.test/callback?key=${echoed}`, 'x-echo': `key=${echoed}` };
          const answer = redirect
            ? new Response(null, { status: 307, headers })
            : Response.json(
                {
                  error: {
                    code: echoed,
                    message: `Unknown key ${echoed}.`,
                    correlationId: echoed,
                    details: { errors: [{ field: echoed, message: echoed }] },
                  },
                },
                { status: 422, headers },
              );
          const lines: unknown[] = [];
          const log = (line: string, fields: unknown) => void lines.push(line, fields);
          const client = createFlightSearchClient({
            apiKey: key,
            baseUrl: BASE_URL,
            maxRetries: 0,
            logLevel: 'debug',
            logger: { debug: log, warn: log, error: log },
            fetch: async () => answer,
          });
          const error = (await client.getQuota().catch((e: unknown) => e)) as RedirectError;
          expect(error.name).toBe(redirect ? 'RedirectError' : 'ValidationError');
          expect(lines).toHaveLength(2);
          for (const text of [
            error.message,
            error.stack ?? '',
            JSON.stringify(error),
            String(error.location),
            JSON.stringify([...error.headers]),
            JSON.stringify(lines),
          ]) {
            const left = text.replaceAll('[redacted]', '');
            expect(left).not.toContain(echoed);
            expect(left).not.toContain(key);
          }
        },
      ),
      {
        examples: Object.keys(encodings).flatMap(
          (encoding) =>
            [
              ['sk+live/7f3a9c21e8==', encoding, true],
              ['sk+live/7f3a9c21e8==', encoding, false],
            ] as [string, string, boolean][],
        ),
        numRuns: 200,
      },
    );
  }, 20_000);

  it('issue 39 item 10: a percent-encoded key in a Location is redacted whole, and the text around it is kept', async () => {
    const key = 'sk+live/7f3a9c21e8==';
    for (const echoed of [
      encodeURIComponent(key),
      encodeURIComponent(key).replace(/%[\dA-F]{2}/g, (hex) => hex.toLowerCase()),
    ]) {
      const fetch = async () =>
        new Response(null, { status: 302, headers: { location: `https://elsewhere.test/cb?key=${echoed}&state=1` } });
      const error = (await createFlightSearchClient({ apiKey: key, baseUrl: BASE_URL, fetch })
        .getQuota()
        .catch((e: unknown) => e)) as RedirectError;
      expect(error.location).toBe('https://elsewhere.test/cb?key=[redacted]&state=1');
      expect(error.message).toBe(
        `302 redirect to https://elsewhere.test/cb?key=[redacted]&state=1 not followed: the API key is sent to baseUrl only (GET ${BASE_URL}/quota)`,
      );
    }
  });

  it('AUTH-1: with the one-character key "x" a 401 reads exactly as the service wrote it', async () => {
    route('get', '/quota', () => json(envelope('HTTP_ERROR', 'The API key is required in the x-api-key header.'), 401));
    const error = await call('x');
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toBe(`401 The API key is required in the x-api-key header. (GET ${BASE_URL}/quota)`);
  });
});
