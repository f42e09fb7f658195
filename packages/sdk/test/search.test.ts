import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConnectionError, RateLimitError, ServerError, ValidationError } from '../src/index.js';
import { client, envelope, json, oneWay, rawAnswer, route } from './helpers.js';

describe('searchFlights', () => {
  it('posts the request as JSON to /flights/search and resolves with the RAW answer', async () => {
    const seen = route('post', '/flights/search', () => json(rawAnswer));
    const answer = await client().searchFlights(oneWay());
    expect(answer).toEqual(rawAnswer);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]!.json()).toEqual(oneWay());
  });

  it('resolves with PARSED items when responseFormat is PARSED', async () => {
    const parsed = { results: [{ airline: 'PROGRAM_1', success: true, flights: [] }], summary: rawAnswer.summary };
    route('post', '/flights/search', () => json(parsed));
    const answer = await client().searchFlights({ ...oneWay(), responseFormat: 'PARSED' });
    expect(answer.results[0]?.success && answer.results[0].flights).toEqual([]);
  });

  it('PROVIDER-1: returns a provider failure inside a 200 as data, not as an exception', async () => {
    const failed = {
      results: [
        {
          airline: 'PROGRAM_4',
          success: false,
          data: null,
          error: { message: 'The provider did not answer within 29 seconds.', providerStatusCode: 504 },
        },
      ],
      summary: { totalAirlinesRequested: 1, successfulSearches: 0, failedSearches: 1 },
    };
    route('post', '/flights/search', () => json(failed));
    const answer = await client().searchFlights(oneWay({ airlineLoyalty: ['PROGRAM_4'] }));
    const item = answer.results[0]!;
    expect(item.success).toBe(false);
    expect(!item.success && item.error.providerStatusCode).toBe(504);
  });

  it('QUOTA-1: never retries a search on a 5xx, because an accepted attempt consumes quota', async () => {
    const seen = route('post', '/flights/search', () =>
      json(envelope('INTERNAL_ERROR', 'An unexpected error occurred.'), 500),
    );
    await expect(client({ maxRetries: 5 }).searchFlights(oneWay())).rejects.toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(1);
  });

  it('RATE-1: retries a search answered 429 after its Retry-After, up to maxRetries (D63: refused before any work)', async () => {
    const seen = route('post', '/flights/search', (_, n) =>
      n < 3
        ? json(envelope('RATE_LIMIT_EXCEEDED', 'Too many requests.'), 429, { 'Retry-After': '2' })
        : json(rawAnswer),
    );
    const delays: (number | undefined)[] = [];
    await expect(
      client({
        maxRetries: 2,
        retryDelay: (_, ms) => {
          delays.push(ms);
          return 0;
        },
      }).searchFlights(oneWay()),
    ).resolves.toEqual(rawAnswer);
    expect(seen).toHaveLength(3);
    expect(delays).toEqual([2000, 2000]);
  });

  it("RATE-1: gives RateLimitError once a search's 429s outlast maxRetries", async () => {
    const seen = route('post', '/flights/search', () =>
      json(envelope('RATE_LIMIT_EXCEEDED', 'Too many requests.'), 429, { 'Retry-After': '0' }),
    );
    await expect(client({ maxRetries: 2 }).searchFlights(oneWay())).rejects.toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(3);
  });

  it('RATE-1: never retries a search on a 429 with retrySearchOn429: false, even with Retry-After', async () => {
    const seen = route('post', '/flights/search', () =>
      json(envelope('RATE_LIMIT_EXCEEDED', 'Too many requests.'), 429, { 'Retry-After': '0' }),
    );
    await expect(client({ maxRetries: 5, retrySearchOn429: false }).searchFlights(oneWay())).rejects.toBeInstanceOf(
      RateLimitError,
    );
    expect(seen).toHaveLength(1);
  });

  it("RATE-1: does not wait for a search's Retry-After over 60 s: the RateLimitError is thrown at once", async () => {
    const seen = route('post', '/flights/search', () =>
      json(envelope('RATE_LIMIT_EXCEEDED', 'Too many requests.'), 429, { 'Retry-After': '120' }),
    );
    await expect(client({ maxRetries: 5 }).searchFlights(oneWay())).rejects.toMatchObject({
      name: 'RateLimitError',
      retryAfterMs: 120_000,
    });
    expect(seen).toHaveLength(1);
  });

  it.each([408, 500, 503])('never retries a search answered %i, even with Retry-After', async (status) => {
    const seen = route('post', '/flights/search', () =>
      json(envelope('HTTP_ERROR', 'No.'), status, { 'Retry-After': '0' }),
    );
    await expect(client({ maxRetries: 5 }).searchFlights(oneWay())).rejects.toMatchObject({ status });
    expect(seen).toHaveLength(1);
  });

  it('never retries a search after a connection failure', async () => {
    const seen = route('post', '/flights/search', () => HttpResponse.error());
    await expect(client({ maxRetries: 5 }).searchFlights(oneWay())).rejects.toBeInstanceOf(ConnectionError);
    expect(seen).toHaveLength(1);
  });

  it('SEARCH-5: throws ValidationError for an invalid search without sending anything', async () => {
    const seen = route('post', '/flights/search', () => json(rawAnswer));
    const error = await client()
      .searchFlights(oneWay({ destination: 'GRU' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(422);
    expect((error as ValidationError).code).toBe('VALIDATION_ERROR');
    expect((error as ValidationError).errors).toEqual([
      { field: 'body.destination', type: 'cross_field', message: expect.stringContaining('SEARCH-5') },
    ]);
    expect(seen).toHaveLength(0);
  });

  it("names every local issue in the message, field then the service's sentence", async () => {
    const error = await client()
      .searchFlights(oneWay({ destination: 'GRU', tripType: 'ROUND_TRIP' }))
      .catch((e: unknown) => e);
    expect((error as ValidationError).message).toBe(
      'invalid search, nothing sent: body.destination: origin and destination must differ (SEARCH-5). body.returnDate: returnDate is required when tripType is ROUND_TRIP (SEARCH-7).',
    );
  });

  it('rejects (does not throw synchronously) when local validation fails', () => {
    const promise = client().searchFlights(oneWay({ origin: 'gru' }));
    expect(promise).toBeInstanceOf(Promise);
    return expect(promise).rejects.toBeInstanceOf(ValidationError);
  });

  it('SEARCH-9: with validate: false sends the request and maps the service 422 to ValidationError with its errors', async () => {
    const errors = [{ field: 'body.passengers.adults', message: 'must be >= 1.', type: 'out_of_range' }];
    const seen = route('post', '/flights/search', () =>
      json(envelope('VALIDATION_ERROR', 'The request is invalid.', { details: { errors } }), 422),
    );
    const error = await client()
      .searchFlights(oneWay({ passengers: { adults: 0 } }), { validate: false })
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual(errors);
    expect((error as ValidationError).correlationId).toBe('7b8c9d0e-1f2a-4b3c-8d5e-6f7a8b9cadb4');
  });
});
