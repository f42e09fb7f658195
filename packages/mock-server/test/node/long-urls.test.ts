import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { startTestServer } from './helpers.js';

// Issue 39 item 7: a history query with 700 departureDate values is a 17.6 KB URL, past Node's default
// 16 KiB of headers: the client must get the mock's own 422 envelope, not Node's bare 431.
describe('long URLs reach the rules (issue 39 item 7)', () => {
  it('700 departureDate values get the 422 naming query.departureDate, with a correlation id', async () => {
    const server = await startTestServer();
    const dates = Array.from(
      { length: 700 },
      (_, index) =>
        `departureDate=2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
    );
    const url = `${server.url}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&${dates.join('&')}`;
    expect(url.length).toBeGreaterThan(16 * 1024);
    const answer = await fetch(url, { headers: { 'x-api-key': 'test-key' } });
    expect(answer.status).toBe(422);
    const body = (await answer.json()) as {
      error: { correlationId: string; details: { errors: { field: string }[] } };
    };
    expect(body.error.details.errors.map((issue) => issue.field)).toContain('query.departureDate');
    expect(body.error.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    // Through the Fetch adapter of the msw handlers, the same answer.
    const viaFetch = await createFlightSearchMock().handle(new Request(url, { headers: { 'x-api-key': 'test-key' } }));
    expect(viaFetch!.status).toBe(422);
  });
});
