import { describe, expect, it } from 'vitest';
import { createFlightSearchProxy, PROXY_ERROR_CODES, type FlightSearchProxyOptions } from '../../src/proxy/index.js';
import { StreamRedactor } from '../../src/proxy/redact.js';
import { SERVER_KEY } from './support.js';

const valid: FlightSearchProxyOptions = { apiKey: SERVER_KEY, baseUrl: 'https://api.example.test' };
const creating = (options: unknown) => () => createFlightSearchProxy(options as FlightSearchProxyOptions);

describe('createFlightSearchProxy options', () => {
  it.each([
    [
      'no options',
      undefined,
      'createFlightSearchProxy: expected an options object ({ apiKey, baseUrl, ... }), received undefined.',
    ],
    [
      'a missing apiKey',
      { baseUrl: valid.baseUrl },
      'createFlightSearchProxy: invalid option "apiKey": expected the service API key, a non-empty string, received undefined.',
    ],
    [
      'a blank apiKey',
      { ...valid, apiKey: '  ' },
      'createFlightSearchProxy: invalid option "apiKey": expected the service API key, a non-empty string, received a string of 2 characters.',
    ],
    [
      'a numeric apiKey',
      { ...valid, apiKey: 42 },
      'createFlightSearchProxy: invalid option "apiKey": expected the service API key, a non-empty string, received a number.',
    ],
    [
      'a relative baseUrl',
      { ...valid, baseUrl: '/api' },
      'createFlightSearchProxy: invalid option "baseUrl": expected the service\'s absolute http(s) URL, such as "https://api.example.com", received "/api".',
    ],
    [
      'an ftp baseUrl',
      { ...valid, baseUrl: 'ftp://api.example.test' },
      'createFlightSearchProxy: invalid option "baseUrl": expected the service\'s absolute http(s) URL, such as "https://api.example.com", received "ftp://api.example.test".',
    ],
    [
      'a baseUrl with a query',
      { ...valid, baseUrl: 'https://api.example.test/?key=1' },
      'createFlightSearchProxy: invalid option "baseUrl": expected a URL without credentials, query or fragment, received a URL with one of them.',
    ],
    [
      'a prefix with a trailing slash',
      { ...valid, prefix: '/api/' },
      'createFlightSearchProxy: invalid option "prefix": expected a path such as "/api/flight-search" (leading slash, no trailing slash, no query), or "", received "/api/".',
    ],
    [
      'a prefix without a leading slash',
      { ...valid, prefix: 'api' },
      'createFlightSearchProxy: invalid option "prefix": expected a path such as "/api/flight-search" (leading slash, no trailing slash, no query), or "", received "api".',
    ],
    [
      'allowedOrigins that is a string',
      { ...valid, allowedOrigins: 'https://app.example.test' },
      'createFlightSearchProxy: invalid option "allowedOrigins": expected an array of origins such as ["https://app.example.com"], received a string of 24 characters.',
    ],
    ...['https://app.example.test/', 'https://app.example.test/path', 'app.example.test', 'null'].map(
      (origin): [string, FlightSearchProxyOptions, string] => [
        `an allowed origin ${origin}`,
        { ...valid, allowedOrigins: [origin] },
        `createFlightSearchProxy: invalid option "allowedOrigins": expected origins such as "https://app.example.com" (scheme, host and port only, no path or trailing slash), received ${JSON.stringify(origin)}.`,
      ],
    ),
    [
      'an authorize that is not a function',
      { ...valid, authorize: true },
      'createFlightSearchProxy: invalid option "authorize": expected a function, received a boolean.',
    ],
    [
      'a beforeSearch that is not a function',
      { ...valid, beforeSearch: {} },
      'createFlightSearchProxy: invalid option "beforeSearch": expected a function, received an object.',
    ],
    [
      'a fetch that is not a function',
      { ...valid, fetch: 'fetch' },
      'createFlightSearchProxy: invalid option "fetch": expected a function, received a string of 5 characters.',
    ],
    [
      'a zero timeoutMs',
      { ...valid, timeoutMs: 0 },
      'createFlightSearchProxy: invalid option "timeoutMs": expected an integer number of milliseconds from 1 to 2147483647 (default 35000, above the service\'s 29 s provider time), received 0.',
    ],
    [
      'an infinite timeoutMs',
      { ...valid, timeoutMs: Infinity },
      'createFlightSearchProxy: invalid option "timeoutMs": expected an integer number of milliseconds from 1 to 2147483647 (default 35000, above the service\'s 29 s provider time), received Infinity.',
    ],
    [
      'a fractional bodyLimit',
      { ...valid, bodyLimit: 1.5 },
      'createFlightSearchProxy: invalid option "bodyLimit": expected a positive integer number of bytes (default 1048576), received 1.5.',
    ],
  ])('refuses %s with a TypeError saying what it got and what it takes', (_, options, message) => {
    expect(creating(options)).toThrow(new TypeError(message));
  });

  it('never echoes the apiKey, even when the key itself is what is wrong', () => {
    const secret = 'sk-live-abcdef\n0123456789';
    let message = '';
    try {
      createFlightSearchProxy({ ...valid, apiKey: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'createFlightSearchProxy: invalid option "apiKey": expected a key that can be sent as a header value, received a string with a line break or NUL.',
    );
    expect(message).not.toContain('sk-live');
    expect(() => createFlightSearchProxy({ ...valid, apiKey: 'sk-live-x', baseUrl: 'nope' })).toThrow(
      /^(?!.*sk-live).*"baseUrl"/,
    );
  });

  it('takes valid options, the root prefix and a base URL with a path', () => {
    expect(typeof createFlightSearchProxy(valid)).toBe('function');
    expect(
      typeof createFlightSearchProxy({
        ...valid,
        prefix: '',
        baseUrl: 'http://127.0.0.1:4010/v1/',
        timeoutMs: 40_000,
        bodyLimit: 2048,
      }),
    ).toBe('function');
  });

  it("exports its own error codes, none of them one of the service's", () => {
    const service = [
      'HTTP_ERROR',
      'AUTHORIZATION_ERROR',
      'VALIDATION_ERROR',
      'NOT_ACCEPTABLE',
      'RATE_LIMIT_EXCEEDED',
      'INTERNAL_ERROR',
    ];
    expect(Object.values(PROXY_ERROR_CODES).filter((code) => service.includes(code))).toEqual([]);
    expect(PROXY_ERROR_CODES.BUDGET_EXCEEDED).toBe('BUDGET_EXCEEDED');
    expect(Object.isFrozen(PROXY_ERROR_CODES)).toBe(true);
  });
});

describe('StreamRedactor', () => {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const run = (secret: string, chunks: string[]) => {
    const redactor = new StreamRedactor([encoder.encode(secret), encoder.encode('[redacted]')]);
    const out = [
      ...chunks.flatMap((chunk) => redactor.push(encoder.encode(chunk))),
      ...redactor.push(new Uint8Array(0), true),
    ];
    return out.map((part) => decoder.decode(part)).join('');
  };

  it('replaces the secret within a chunk, across chunk boundaries, and back to back', () => {
    expect(run('KEY123', ['a KEY123 b'])).toBe('a [redacted] b');
    expect(run('KEY123', ['a KE', 'Y1', '23 b KEY', '123'])).toBe('a [redacted] b [redacted]');
    expect(run('KEY123', ['KEY123KEY123'])).toBe('[redacted][redacted]');
  });

  it('leaves everything else byte for byte, including near misses and a partial secret at the end', () => {
    expect(run('KEY123', ['KKEY12 KEY12', '4 KEY1'])).toBe('KKEY12 KEY124 KEY1');
    expect(run('aab', ['aaab'])).toBe('a[redacted]');
    const text = 'x'.repeat(10_000);
    expect(run('KEY123', [text.slice(0, 4_000), text.slice(4_000)])).toBe(text);
  });

  it('holds back at most secret.length - 1 bytes between chunks', () => {
    const redactor = new StreamRedactor([encoder.encode('KEY123'), encoder.encode('[redacted]')]);
    const parts = redactor.push(encoder.encode('0123456789'));
    expect(parts.reduce((n, part) => n + part.byteLength, 0)).toBe(5);
  });
});
