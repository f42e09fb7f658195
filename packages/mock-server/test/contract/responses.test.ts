import { describe, expect, it } from 'vitest';
import { contractViolations } from '../support/contract.js';

const json = new Headers({ 'content-type': 'application/json' });

describe('the contract validator of the test suites', () => {
  it('accepts an answer that follows openapi.yaml', () => {
    const body = JSON.stringify({
      limit: 3,
      consumed: 1,
      remaining: 2,
      usageByCompany: [{ airlineLoyalty: 'PROGRAM_1', consumed: 1 }],
    });
    expect(contractViolations('GET', '/quota', 200, json, body)).toEqual([]);
  });

  it('reports a body that breaks its schema', () => {
    const body = JSON.stringify({ limit: 3, consumed: 1, remaining: -2, usageByCompany: [] });
    expect(contractViolations('GET', '/quota', 200, json, body)).toEqual([expect.stringContaining('remaining')]);
  });

  it('reports an undeclared status, an undeclared media type and a 429 without Retry-After', () => {
    expect(contractViolations('GET', '/quota', 418, json, '{}')).toEqual([expect.stringContaining('not declared')]);
    expect(contractViolations('GET', '/quota', 200, new Headers({ 'content-type': 'text/plain' }), '{}')).toEqual([
      expect.stringContaining('media type'),
    ]);
    const limited = JSON.stringify({
      error: { code: 'RATE_LIMIT_EXCEEDED', message: 'x', correlationId: crypto.randomUUID() },
    });
    expect(contractViolations('GET', '/quota', 429, json, limited)).toEqual([expect.stringContaining('Retry-After')]);
  });

  it('accepts an unknown value in an open field (D22) and still reports one in a closed field', () => {
    const record = {
      id: crypto.randomUUID(),
      airlineLoyalty: 'PARTNER_PROGRAM_X',
      departureDate: '2026-12-15T22:40:00',
      arrivalDate: '2026-12-16T06:55:00',
      cabinType: 'ECONOMY',
      concierge: null,
      origin: 'GRU',
      destination: 'JFK',
      flightCode: 'P1 8040',
      fareType: 'NEW_FAMILY',
      basePrice: 35000,
      milesClubPrice: 31500,
      createdAt: '2026-11-20T13:05:22Z',
    };
    const answer = (change: object) =>
      JSON.stringify({ total: 1, lookbackDays: 7, flights: [{ ...record, ...change }] });
    expect(contractViolations('GET', '/intelligence/flights/history', 200, json, answer({}))).toEqual([]);
    expect(
      contractViolations('GET', '/intelligence/flights/history', 200, json, answer({ cabinType: 'PREMIUM_ECONOMY' })),
    ).toEqual([expect.stringContaining('cabinType')]);
  });

  it('reports a 403 on an operation that does not declare it', () => {
    const body = JSON.stringify({ error: { code: 'AUTHORIZATION_ERROR', message: 'x' } });
    expect(contractViolations('POST', '/flights/search', 403, json, body)).toEqual([
      expect.stringContaining('not declared'),
    ]);
  });
});
