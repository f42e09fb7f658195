// The README's proxy examples are the files in examples/, verbatim: tsc checks those (tsconfig.node.json),
// this file checks the README shows them unchanged and runs the Hono and Fetch ones against the mock.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFlightSearchProxy } from '../../src/proxy/index.js';
import { BASE, useMockService } from '../../../mock-server/test/support/msw.js';
import { keys, PREFIX, searchBody, SERVER_KEY } from './support.js';

const here = (path: string) => new URL(path, import.meta.url);
const readme = readFileSync(here('../../README.md'), 'utf8');
const service = useMockService({ keys: keys() });

// The examples read the key and the service's URL from the environment, as a server does.
process.env.FLIGHT_SEARCH_API_KEY = SERVER_KEY;
process.env.FLIGHT_SEARCH_BASE_URL = BASE;

describe("the README's proxy section", () => {
  it.each(['proxy-node.ts', 'proxy-hono.ts', 'proxy-budget.ts', 'proxy-fetch.ts'])(
    'shows examples/%s verbatim in a ts block',
    (file) => {
      const source = readFileSync(here(`../../examples/${file}`), 'utf8');
      expect(readme).toContain(`\`\`\`ts\n${source}\`\`\``);
    },
  );

  it('sits under its own heading, at the end', () => {
    const headings = readme.split('\n').filter((line) => line.startsWith('## '));
    expect(headings.at(-1)).toBe('## In the browser: keep the key on your server');
  });

  it('the Hono example forwards with the server key, refuses without a session, and enforces the budget', async () => {
    const mock = service.mock();
    const { app } = await import('../../examples/proxy-hono.js');
    const search = (cookie: string | undefined, trip: 'ONE_WAY' | 'ROUND_TRIP' = 'ROUND_TRIP') =>
      app.fetch(
        new Request(`https://app.example.test${PREFIX}/flights/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'leaked-in-page', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(searchBody(trip === 'ROUND_TRIP' ? { tripType: trip, returnDate: '2026-12-29' } : {})),
        }),
      );

    const anonymous = await search(undefined);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('PROXY_UNAUTHORIZED');

    // 10 round trips spend the 20 units of one user's budget; the 11th is refused, another user still searches.
    for (let i = 0; i < 10; i++) expect((await search('session=ana')).status).toBe(200);
    const over = await search('session=ana');
    expect(over.status).toBe(403);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe('BUDGET_EXCEEDED');
    expect((await search('session=bo', 'ONE_WAY')).status).toBe(200);

    const quota = await app.fetch(
      new Request(`https://app.example.test${PREFIX}/quota`, { headers: { cookie: 'session=ana' } }),
    );
    expect(await quota.json()).toMatchObject({ consumed: 21 });
    expect(mock.requests().filter((r) => r.path === '/flights/search')).toHaveLength(11);
  });

  it('the async budget example: read-then-write lets 50 parallel searches past a budget of 5, the atomic charge forwards exactly 5', async () => {
    const mock = service.mock();
    const { proxy, readThenWrite, store } = await import('../../examples/proxy-budget.js');
    const search = (handler: typeof proxy, cookie: string) =>
      handler(
        new Request(`https://app.example.test${PREFIX}/flights/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(searchBody()),
        }),
      );
    const forwarded = () => mock.requests().filter((r) => r.path === '/flights/search').length;
    const racy = createFlightSearchProxy({ apiKey: SERVER_KEY, baseUrl: BASE, beforeSearch: readThenWrite });
    const raced = await Promise.all(Array.from({ length: 50 }, () => search(racy, 'session=racer')));
    const overspent = forwarded();
    expect(raced.filter((r) => r.status === 200).length).toBe(overspent);
    expect(overspent).toBeGreaterThan(5);

    const held = await Promise.all(Array.from({ length: 50 }, () => search(proxy, 'session=careful')));
    expect(held.map((r) => r.status).sort()).toEqual([...Array(5).fill(200), ...Array(45).fill(403)]);
    expect(forwarded() - overspent).toBe(5);
    // Every refused charge was given back: the store holds what was spent.
    expect(store.spent.get('careful')).toBe(5);
  });

  it("the Fetch-standard example serves the three operations as a default export's fetch", async () => {
    service.mock();
    const { default: worker } = await import('../../examples/proxy-fetch.js');
    const quota = await worker.fetch(new Request(`https://app.example.test${PREFIX}/quota`));
    expect(quota.status).toBe(200);
    expect(await quota.json()).toMatchObject({ limit: 100, consumed: 0 });
    expect((await worker.fetch(new Request('https://app.example.test/elsewhere'))).status).toBe(404);
  });
});
