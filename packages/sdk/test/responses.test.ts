import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConnectionError, FlightSearchApiError, InvalidResponseError } from '../src/index.js';
import { BASE_URL, client, oneWay, route } from './helpers.js';

const empty = () => new HttpResponse(null, { status: 200 });
const emptyWithLength = () => new HttpResponse(null, { status: 200, headers: { 'Content-Length': '0' } });
const notJson = () =>
  new HttpResponse('<html>Welcome to the hotel wifi</html>', {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

describe('broken 200 answers (D49)', () => {
  it.each([
    ['an empty body', empty, 'empty body'],
    ['Content-Length: 0', emptyWithLength, 'empty body'],
    ['a body that is not JSON', notJson, 'invalid JSON'],
  ])(
    'a 200 with %s is an InvalidResponseError carrying the status and the request, on a GET',
    async (_, answer, what) => {
      const seen = route('get', '/quota', answer);
      const error = (await client({ maxRetries: 0 })
        .getQuota()
        .catch((e: unknown) => e)) as InvalidResponseError;
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toBeInstanceOf(FlightSearchApiError);
      expect(error).not.toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({
        name: 'InvalidResponseError',
        status: 200,
        method: 'GET',
        url: `${BASE_URL}/quota`,
      });
      expect(error.message).toBe(`200 ${what} (GET ${BASE_URL}/quota)`);
      expect(seen).toHaveLength(1);
    },
  );

  it.each([
    ['an empty body', empty],
    ['a body that is not JSON', notJson],
  ])(
    'a 200 with %s on a search is an InvalidResponseError and the search is sent once: it was charged',
    async (_, answer) => {
      const seen = route('post', '/flights/search', answer);
      await expect(client({ maxRetries: 3 }).searchFlights(oneWay())).rejects.toMatchObject({
        name: 'InvalidResponseError',
        status: 200,
        method: 'POST',
        url: `${BASE_URL}/flights/search`,
      });
      expect(seen).toHaveLength(1);
    },
  );

  it('a broken 200 on a free GET is tried again like a 5xx, and a later good answer is returned', async () => {
    const seen = route('get', '/quota', (_, n) =>
      n === 1
        ? empty()
        : n === 2
          ? notJson()
          : HttpResponse.json({ limit: 1, consumed: 0, remaining: 1, usageByCompany: [] }),
    );
    await expect(client({ maxRetries: 2 }).getQuota()).resolves.toEqual({
      limit: 1,
      consumed: 0,
      remaining: 1,
      usageByCompany: [],
    });
    expect(seen).toHaveLength(3);
  });
});
