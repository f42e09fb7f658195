import { describe, expect, it, vi } from 'vitest';
import { createFlightSearchMock } from '../src/index.js';
import { validSearch } from './fixtures.js';
import { refusal } from './support/refusal.js';

// Issue 39 item 4: the clock takes only instants every date computation can represent, and a search
// that fails inside the mock is never charged.
const BASE = 'https://api.clock.test';

describe('the clock within what dates can represent (issue 39 item 4)', () => {
  it('refuses an offset or a fixed time outside 1970 to 9998, naming the range, and changes nothing', () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    expect(refusal(() => mock.configure({ clock: { offsetMs: 9_007_199_254_740_991 } }))).toContain(
      '1970-01-01T00:00:00Z to 9998-12-31T00:00:00Z',
    );
    expect(refusal(() => mock.configure({ clock: { at: 8.64e15 } }))).toContain(
      '1970-01-01T00:00:00Z to 9998-12-31T00:00:00Z',
    );
    expect(refusal(() => mock.configure({ clock: { at: '+275760-09-13T00:00:00Z' } }))).not.toBe('not refused');
    expect(mock.state().options.clock).toBeNull();
  });

  for (const at of ['1970-01-01T00:00:00Z', '9998-12-31T00:00:00Z'])
    it(`at either end of the range (${at}) a search and a history query answer 200`, async () => {
      const mock = createFlightSearchMock({ baseUrl: BASE, clock: { at } });
      const headers = { 'x-api-key': 'test-key', 'content-type': 'application/json' };
      const date = at.slice(0, 10);
      const search = await mock.handle(
        new Request(`${BASE}/flights/search`, {
          method: 'POST',
          headers,
          body: JSON.stringify(validSearch({ departureDate: date })),
        }),
      );
      expect([search!.status, search!.status === 200 ? '' : await search!.text()]).toEqual([200, '']);
      const history = await mock.handle(
        new Request(
          `${BASE}/intelligence/flights/history?origin=GRU&destination=JFK&lookbackDays=30&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1`,
          { headers },
        ),
      );
      expect([history!.status, history!.status === 200 ? '' : await history!.text()]).toEqual([200, '']);
    });

  it('a search that fails inside the mock answers 500 and is not charged', async () => {
    const mock = createFlightSearchMock({ baseUrl: BASE });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mock.configure({ now: () => Number.NaN });
    const answer = await mock.handle(
      new Request(`${BASE}/flights/search`, {
        method: 'POST',
        headers: { 'x-api-key': 'test-key', 'content-type': 'application/json' },
        body: JSON.stringify(validSearch()),
      }),
    );
    expect(answer!.status).toBe(500);
    expect(mock.getKey('test-key')!.consumed).toBe(0);
    error.mockRestore();
  });
});
