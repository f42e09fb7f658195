import { describe, expect, it } from 'vitest';
import { createFlightSearchClient, type ClientOptions } from '../src/index.js';

const valid: ClientOptions = { apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' };
const fail = (name: string, expected: string, received: string) =>
  new TypeError(`createFlightSearchClient: option "${name}" must be ${expected}; received ${received}`);
// What a wrong key is told in Node, where no page can tell that baseUrl is one's own proxy.
const KEY =
  'a non-empty string, or null for a keyless client of your own proxy (createFlightSearchProxy), which adds the key';

describe('createFlightSearchClient options', () => {
  it.each([
    ['apiKey', { apiKey: '' }, KEY, 'an empty string'],
    ['apiKey', { apiKey: 42 }, KEY, 'a number'],
    [
      'baseUrl',
      { baseUrl: '127.0.0.1:4010' },
      'an absolute http(s) URL such as "https://api.example.com"',
      '"127.0.0.1:4010"',
    ],
    [
      'baseUrl',
      { baseUrl: 'localhost:4010' },
      'an absolute http(s) URL such as "https://api.example.com"',
      '"localhost:4010"',
    ],
    ['baseUrl', { baseUrl: undefined }, 'an absolute http(s) URL such as "https://api.example.com"', 'undefined'],
    ['fetch', { fetch: 'fetch' }, 'a function (request) => Promise<Response>', '"fetch"'],
    ['timeoutMs', { timeoutMs: 0 }, 'a number of milliseconds over 0 and below 2 ** 31', '0'],
    ['timeoutMs', { timeoutMs: Number.NaN }, 'a number of milliseconds over 0 and below 2 ** 31', 'NaN'],
    ['timeoutMs', { timeoutMs: 2 ** 31 }, 'a number of milliseconds over 0 and below 2 ** 31', '2147483648'],
    ['maxRetries', { maxRetries: -1 }, 'a whole number of 0 or more', '-1'],
    ['maxRetries', { maxRetries: 1.5 }, 'a whole number of 0 or more', '1.5'],
    [
      'mediaType',
      { mediaType: 'application/xml' },
      '"application/vnd.service.v1+json" or "application/json"',
      '"application/xml"',
    ],
    ['headers', { headers: 'x-a: b' }, 'an object of header names and values', 'a string'],
    ['retryDelay', { retryDelay: 100 }, 'a function (attempt, retryAfterMs) => milliseconds', '100'],
  ])('throws a TypeError naming %s, what it expects and what it received (%j)', (name, patch, expected, received) => {
    expect(() => createFlightSearchClient({ ...valid, ...(patch as object) })).toThrow(fail(name, expected, received));
  });

  const missingKey = fail('apiKey', KEY, 'undefined');

  it('throws a TypeError naming apiKey when called without options', () => {
    expect(() => createFlightSearchClient(undefined as never)).toThrow(missingKey);
  });

  it('says what to do about a missing key, apiKey: null and the proxy, when apiKey is left out', () => {
    expect(() => createFlightSearchClient({ baseUrl: 'http://127.0.0.1:3300/api/flight-search' })).toThrow(missingKey);
    expect(() =>
      createFlightSearchClient({ apiKey: undefined, baseUrl: 'http://127.0.0.1:3300/api/flight-search' }),
    ).toThrow(missingKey);
  });

  it('accepts apiKey: null (keyless by intent) with an absolute base URL, and with a path while there is no page (server rendering)', () => {
    expect(() =>
      createFlightSearchClient({ apiKey: null, baseUrl: 'http://127.0.0.1:3300/api/flight-search' }),
    ).not.toThrow();
    expect(() => createFlightSearchClient({ apiKey: null, baseUrl: '/api/flight-search' })).not.toThrow();
  });

  it('never echoes the API key or the headers in an option error', () => {
    const secret = 'sk-live-do-not-print-0123456789';
    const message = (patch: object) => {
      try {
        createFlightSearchClient({ ...valid, apiKey: secret, ...patch });
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(message({ baseUrl: secret })).toBe(
      fail('baseUrl', 'an absolute http(s) URL such as "https://api.example.com"', '"[redacted]"').message,
    );
    expect(message({ headers: [secret] })).toBe(
      fail('headers', 'an object of header names and values', 'an array').message,
    );
    expect(message({ apiKey: [secret] })).toBe(fail('apiKey', KEY, 'an array').message);
  });

  it('issue 39 item 9: refuses a key holding CR, LF, NUL or another character outside printable ASCII, or spaces around it, when the client is made, showing no character of it', () => {
    // Headers.set would refuse the first three at call time with the whole key in its message; it trims spaces around
    // a key, so the key sent would differ from the one redacted; it cannot send a character over U+00FF.
    for (const apiKey of [
      'sk-live-7f3a9c21e8\nb4d6',
      'sk-live-7f3a9c21e8\r\nb4d6',
      'sk-live-7f3a9c21e8b4d6\0',
      'sk-live-7f3a9c21e8b4d6\n',
      'sk-live-7f3a9c21e8\tb4d6',
      ' sk-live-7f3a9c21e8b4d6',
      'sk-live-7f3a9c21e8b4d6 ',
      'sk-live-7f3a9c21e8b4d6\u00e9',
      'sk-live-7f3a9c21e8b4d6\u20ac',
    ]) {
      expect(() => createFlightSearchClient({ ...valid, apiKey })).toThrow(
        fail('apiKey', 'trimmed printable ASCII', 'a string'),
      );
    }
    expect(() => createFlightSearchClient({ ...valid, apiKey: 'sk live 7f3a "9c21" e8b4d6~' })).not.toThrow();
  });

  it('accepts both media types, zero retries and an https base URL with a path', () => {
    expect(() =>
      createFlightSearchClient({
        ...valid,
        mediaType: 'application/json',
        maxRetries: 0,
        baseUrl: 'https://api.example.com/v1',
      }),
    ).not.toThrow();
  });
});
