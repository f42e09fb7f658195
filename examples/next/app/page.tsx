import { createFlightSearchClient } from '@flight-search/sdk';
import { connection } from 'next/server';
import { Comparison } from './comparison';

/**
 * A server component: it reads the quota when a request comes (`connection()` keeps Next from prerendering it at
 * build time), with the server's key, which never leaves the server. The comparison is a client component.
 */
export default async function Page() {
  await connection();
  const key = process.env.FLIGHT_SEARCH_API_KEY;
  let quota = 'unknown (FLIGHT_SEARCH_API_KEY is not set)';
  if (key) {
    const client = createFlightSearchClient({
      apiKey: key,
      baseUrl: process.env.FLIGHT_SEARCH_BASE_URL ?? 'https://api.flight-search.example',
    });
    const { remaining, limit } = await client.getQuota();
    quota = `${remaining} of ${limit} units left`;
  }
  return (
    <main>
      <h1>Compare programs</h1>
      <p data-testid="quota">Quota: {quota}</p>
      <Comparison />
    </main>
  );
}
