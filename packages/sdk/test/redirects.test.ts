import { afterEach, describe, expect, it } from 'vitest';
import { createFlightSearchClient, FlightSearchApiError, RedirectError } from '../src/index.js';
import { createRawClient } from '../src/raw.js';
import { API_KEY, oneWay, quotaAnswer, rawAnswer } from './fixtures.js';
import { rawServer, reply } from './raw-server.js';

// Two loopback servers on two ports are two origins: `service` is baseUrl, `other` is where it redirects.
let servers: Awaited<ReturnType<typeof rawServer>>[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** `other` answers like the service would; `service` redirects every request to the same path on `other` (or on itself). */
async function redirecting(status: number, sameOrigin = false) {
  const other = await rawServer((request, socket) =>
    reply(socket, 200, JSON.stringify(request.method === 'POST' ? rawAnswer : quotaAnswer)),
  );
  const service = await rawServer((request, socket) =>
    reply(socket, status, '{"moved":true}', {
      location: `${sameOrigin ? service.origin : other.origin}${request.path}`,
    }),
  );
  servers.push(other, service);
  const client = createFlightSearchClient({ apiKey: API_KEY, baseUrl: service.origin, retryDelay: () => 0 });
  return { other, service, client };
}

describe('redirects: the API key never leaves baseUrl (D47)', () => {
  it.each([301, 302, 303, 307, 308])(
    'a search answered %i is a RedirectError naming the Location, sent once, and nothing reaches the other origin',
    async (status) => {
      const { other, service, client } = await redirecting(status);
      const error = (await client.searchFlights(oneWay()).catch((e: unknown) => e)) as RedirectError;
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toBeInstanceOf(FlightSearchApiError);
      expect(error).toMatchObject({
        name: 'RedirectError',
        status,
        location: `${other.origin}/flights/search`,
        method: 'POST',
        url: `${service.origin}/flights/search`,
      });
      expect(error.message).toBe(
        `${status} redirect to ${other.origin}/flights/search not followed: the API key is sent to baseUrl only (POST ${service.origin}/flights/search)`,
      );
      expect(service.requests.map((r) => [r.method, r.headers['x-api-key']])).toEqual([['POST', API_KEY]]);
      expect(other.requests.map((r) => r.headers['x-api-key'])).toEqual([]);
      expect(other.requests).toHaveLength(0);
    },
  );

  it.each([301, 302, 303, 307, 308])(
    'a GET answered %i is a RedirectError, not retried, and the other origin never sees x-api-key',
    async (status) => {
      const { other, service, client } = await redirecting(status);
      await expect(client.getQuota()).rejects.toMatchObject({
        name: 'RedirectError',
        status,
        location: `${other.origin}/quota`,
      });
      expect(service.requests).toHaveLength(1);
      expect(other.requests).toHaveLength(0);
    },
  );

  it('does not follow a redirect to its own origin either: the service has none, and a search must not be sent twice', async () => {
    const { service, client } = await redirecting(307, true);
    await expect(client.searchFlights(oneWay())).rejects.toMatchObject({
      name: 'RedirectError',
      status: 307,
      location: `${service.origin}/flights/search`,
    });
    expect(service.requests).toHaveLength(1);
  });

  it('createRawClient does not follow a redirect either: the 3xx answer is returned as it came', async () => {
    const { other, service } = await redirecting(308);
    const { response, error } = await createRawClient({ apiKey: API_KEY, baseUrl: service.origin }).GET('/quota');
    expect(response.status).toBe(308);
    expect(error).toEqual({ moved: true });
    expect(other.requests).toHaveLength(0);
  });
});
