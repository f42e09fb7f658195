import { describe, expect, it } from 'vitest';
import { call, search, useMockService, validSearch } from './support/msw.js';

const service = useMockService();
const VND = 'application/vnd.service.v1+json';
const JSON_TYPE = 'application/json';

describe('NEG-1 content negotiation (D3)', () => {
  it.each([
    ['no Accept header', undefined, VND],
    ['a blank Accept', '', VND],
    ['*/*', '*/*', VND],
    ['application/*', 'application/*', VND],
    ['the versioned type', VND, VND],
    ['plain JSON', JSON_TYPE, JSON_TYPE],
    ['a browser-like list with JSON at q=0.5', 'text/html, application/json;q=0.5', JSON_TYPE],
    ['JSON preferred by q-value over the versioned type', `${VND};q=0.4, application/json`, JSON_TYPE],
    ['a wildcard with JSON preferred', '*/*;q=0.1, application/json', JSON_TYPE],
    ['plain JSON with a charset parameter', 'application/json; charset=utf-8', JSON_TYPE],
    ['the versioned type with a charset parameter', `${VND}; charset=utf-8`, VND],
    [
      'a parameter before q, which still counts',
      `${VND}; charset=utf-8; q=0.2, application/json; charset="utf-8"; q=0.9`,
      JSON_TYPE,
    ],
    ['a quoted parameter holding a comma', 'application/json; profile="a,b"', JSON_TYPE],
    [
      'parameters in any case around an upper-case Q',
      `${VND};Charset=UTF-8;Q=0.3, application/json;format=flowed`,
      JSON_TYPE,
    ],
    ['a tie of both types named at q=1, JSON first,', `application/json, ${VND}`, VND],
    [
      'a tie of both types named at the same lower q, JSON first,',
      `application/json;q=0.5, ${VND};q=0.5, */*;q=0.1`,
      VND,
    ],
    [
      'a tie of both types named with parameters, JSON first,',
      `application/json; charset=utf-8, ${VND}; charset=utf-8`,
      VND,
    ],
    [
      'JSON named beside a wildcard of the same weight (the named type is the more specific)',
      'application/json, text/plain, */*',
      JSON_TYPE,
    ],
    [
      'the weights at the ends of the grammar (q=1.000, q=0.001)',
      `${VND};q=0.001, application/json;q=1.000`,
      JSON_TYPE,
    ],
    [
      'a wildcard beside a range outside the grammar, which counts for nothing (D108)',
      'application/json;q=1.5, */*;q=0.1',
      VND,
    ],
  ])('NEG-1: serves %s as the negotiated Content-Type', async (_name, accept, expected) => {
    service.mock();
    const headers: Record<string, string> = accept === undefined ? {} : { accept };
    const quota = await call('/quota', { headers });
    expect(quota.status).toBe(200);
    expect(quota.headers.get('content-type')).toBe(expected);
    const searched = await search(validSearch(), { headers });
    expect(searched.status).toBe(200);
    expect(searched.headers.get('content-type')).toBe(expected);
  });

  it.each([
    'application/xml',
    'text/html',
    'application/json;q=0',
    `${VND};q=0, application/json;q=0`,
    'application/json; charset=utf-8; q=0',
    // D108: a range outside RFC 9110's grammar counts for nothing, whatever is wrong in it.
    'application/json;q=1.5',
    'application/json;q=abc',
    'application/json;q=0.5000',
    'application/json;q=',
    '*/json',
    'json',
  ])('NEG-1: answers 406 NOT_ACCEPTABLE with both supported types for Accept "%s"', async (accept) => {
    service.mock();
    const response = await call('/quota', { headers: { accept } });
    expect(response.status).toBe(406);
    expect(response.headers.get('content-type')).toBe(JSON_TYPE);
    const { error } = await response.json();
    expect(error.code).toBe('NOT_ACCEPTABLE');
    expect(error.supportedMediaTypes).toEqual([VND, JSON_TYPE]);
  });

  it('NEG-1: the 406 message names what is served and never echoes the Accept header back', async () => {
    service.mock();
    const accept = 'text/x-secret-token-abc123, application/xml';
    const response = await call('/quota', { headers: { accept } });
    expect(response.status).toBe(406);
    const text = await response.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text).error.message).toBe(
      'None of the media types the Accept header asks for can be served. Supported media types: application/vnd.service.v1+json, application/json.',
    );
  });

  it('D2: the 406 comes before validation (422) and quota (402)', async () => {
    service.mock();
    const response = await search({ passengers: 'bad' }, { key: 'empty-key', headers: { accept: 'application/xml' } });
    expect(response.status).toBe(406);
  });

  it('NEG-1: error answers after negotiation use the negotiated type too', async () => {
    service.mock();
    const response = await search(validSearch({ origin: 'JFK' }), { headers: { accept: JSON_TYPE } });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe(JSON_TYPE);
  });
});
