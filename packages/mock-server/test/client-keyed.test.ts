import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlaybackFile } from '../src/cli/playback-file.js';
import { createFlightSearchMock } from '../src/index.js';
import { validateHistoryQuery } from '@flight-search/contract';

// Issue 39 item 1 and 3: an object keyed by a client's text has no prototype, so `constructor`,
// `__proto__` and `hasOwnProperty` are names like any other.
const NAMES = ['constructor', '__proto__', 'hasOwnProperty', 'toString'];

describe('names a client chooses are only names (issue 39 items 1 and 3)', () => {
  it('GET /quota?constructor=1 and headers so named are recorded as given, and requests() keeps working', async () => {
    const mock = createFlightSearchMock({ baseUrl: 'https://api.test' });
    const query = NAMES.map((name) => `${name}=1`).join('&');
    await mock.handle(
      new Request(`https://api.test/quota?${query}&constructor=2`, {
        headers: { hasownproperty: 'h', 'x-api-key': 'test-key' },
      }),
    );
    const [entry] = mock.requests();
    expect(entry!.query.constructor).toEqual(['1', '2']);
    expect(Object.getOwnPropertyDescriptor(entry!.query, '__proto__')?.value).toEqual(['1']);
    expect(entry!.headers.hasownproperty).toBe('h');
    expect(mock.requests({ path: '/quota' })).toHaveLength(1);
  });

  it('a history query with such parameter names is a 422 naming them, never a TypeError', () => {
    const query = new URLSearchParams('constructor=1&__proto__=2&toString=3&origin=GRU&destination=JFK&lookbackDays=3');
    expect(() => validateHistoryQuery(query)).not.toThrow();
  });

  it('a recorded exchange of /quota?constructor=1 plays back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fsm-39-'));
    const file = join(dir, 'record.jsonl');
    const exchange = {
      request: { method: 'GET', path: '/quota', query: '?constructor=1&__proto__=2', body: null },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { limit: 1, consumed: 0, remaining: 1, usageByCompany: [] },
      },
    };
    writeFileSync(file, `${JSON.stringify(exchange)}\n`);
    const [stub] = await readPlaybackFile(file);
    expect(stub!.request.query).toEqual(
      Object.fromEntries([
        ['constructor', ['1']],
        ['__proto__', ['2']],
      ]),
    );
  });
});
