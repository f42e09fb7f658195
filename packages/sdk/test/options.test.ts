import { describe, expect, it } from 'vitest';
import { createFlightSearchClient, type ClientOptions } from '../src/index.js';

const valid: ClientOptions = { apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' };

describe('createFlightSearchClient options', () => {
  it.each([
    ['apiKey', { apiKey: '' }],
    ['apiKey', { apiKey: 42 }],
    ['baseUrl', { baseUrl: 'localhost:4010' }],
    ['baseUrl', { baseUrl: undefined }],
    ['fetch', { fetch: 'fetch' }],
    ['timeoutMs', { timeoutMs: 0 }],
    ['timeoutMs', { timeoutMs: Number.NaN }],
    ['timeoutMs', { timeoutMs: 2 ** 31 }],
    ['maxRetries', { maxRetries: -1 }],
    ['maxRetries', { maxRetries: 1.5 }],
    ['mediaType', { mediaType: 'application/xml' }],
    ['headers', { headers: 'x-a: b' }],
    ['retryDelay', { retryDelay: 100 }],
  ])('throws a TypeError naming %s when it is wrong (%j)', (name, patch) => {
    expect(() => createFlightSearchClient({ ...valid, ...(patch as object) })).toThrow(new TypeError(`createFlightSearchClient: invalid option "${name}" (see ClientOptions)`));
  });

  it('throws a TypeError naming apiKey when called without options', () => {
    expect(() => createFlightSearchClient(undefined as never)).toThrow(/"apiKey"/);
  });

  it('accepts both media types, zero retries and an https base URL with a path', () => {
    expect(() => createFlightSearchClient({ ...valid, mediaType: 'application/json', maxRetries: 0, baseUrl: 'https://api.example.com/v1' })).not.toThrow();
  });
});
