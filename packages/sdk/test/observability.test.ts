import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import {
  ConnectionError,
  RateLimitError,
  SDK_VERSION,
  ServerError,
  type HookRequest,
  type LogFields,
} from '../src/index.js';
import { createRawClient } from '../src/raw.js';
import { API_KEY, BASE_URL, client, envelope, json, oneWay, quotaAnswer, rawAnswer, route } from './helpers.js';

afterEach(() => vi.unstubAllGlobals());

describe('withResponse(): the answer with its status and headers', () => {
  it('gives the data, the status, the headers and the correlation id of a successful call', async () => {
    route('get', '/quota', () => json(quotaAnswer, 200, { 'x-correlation-id': 'c-42', 'x-ratelimit-remaining': '9' }));
    const { data, response } = await client().getQuota().withResponse();
    expect(data).toEqual(quotaAnswer);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(response.correlationId).toBe('c-42');
  });

  it('reads x-request-id as the correlation id too, and leaves it undefined when none is sent', async () => {
    route('post', '/flights/search', (_, n) => json(rawAnswer, 200, n === 1 ? { 'x-request-id': 'r-1' } : {}));
    const c = client();
    expect((await c.searchFlights(oneWay()).withResponse()).response.correlationId).toBe('r-1');
    const { data, response } = await c.searchFlights(oneWay()).withResponse();
    expect(response.correlationId).toBeUndefined();
    // Typed as the search's answer: RAW items carry `data`.
    expect(data.results[0]!.success && data.results[0]!.data).toEqual(rawAnswer.results[0]!.data);
  });

  it('redacts a header value echoing the API key', async () => {
    route('get', '/quota', () => json(quotaAnswer, 200, { 'x-echo': `key=${API_KEY}` }));
    const { response } = await client().getQuota().withResponse();
    expect(response.headers.get('x-echo')).toBe('key=[redacted]');
  });

  it('rejects as the call does, and the plain promise still resolves to the data', async () => {
    route('get', '/quota', () => json(envelope('RATE_LIMIT_EXCEEDED', 'Slow down.'), 429));
    await expect(client({ maxRetries: 0 }).getQuota().withResponse()).rejects.toBeInstanceOf(RateLimitError);
    route('get', '/quota', () => json(quotaAnswer));
    await expect(client().getQuota()).resolves.toEqual(quotaAnswer);
  });
});

describe('hooks', () => {
  it('sees every typed call and each retry: onRequest per attempt, onResponse per answer, onError per failed attempt', async () => {
    route('get', '/quota', (_, n) => (n === 1 ? json(envelope('HTTP_ERROR', 'Busy.'), 503) : json(quotaAnswer)));
    route('post', '/flights/search', () => json(rawAnswer));
    route('get', '/intelligence/flights/history', () => json({ total: 0, lookbackDays: 7, flights: [] }));
    const events: string[] = [];
    const c = client({
      hooks: {
        onRequest: ({ method, url, attempt }) => void events.push(`request ${method} ${url} #${attempt}`),
        onResponse: ({ method, url, status, attempt }) =>
          void events.push(`response ${method} ${url} ${status} #${attempt}`),
        onError: ({ error, attempt, retrying }) =>
          void events.push(`error ${error.name} #${attempt} ${retrying ? 'retrying' : 'final'}`),
      },
    });
    await c.getQuota();
    await c.searchFlights(oneWay());
    await c.getPriceHistory({
      origin: 'GRU',
      destination: 'JFK',
      cabinType: 'ECONOMY',
      airlineLoyalty: 'PROGRAM_1',
      lookbackDays: 7,
    });
    const history = `${BASE_URL}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=7`;
    expect(events).toEqual([
      `request GET ${BASE_URL}/quota #1`,
      `response GET ${BASE_URL}/quota 503 #1`,
      'error ServerError #1 retrying',
      `request GET ${BASE_URL}/quota #2`,
      `response GET ${BASE_URL}/quota 200 #2`,
      `request POST ${BASE_URL}/flights/search #1`,
      `response POST ${BASE_URL}/flights/search 200 #1`,
      `request GET ${history} #1`,
      `response GET ${history} 200 #1`,
    ]);
  });

  it('RATE-1: sees the retry of a search answered 429 as a second attempt of the same call', async () => {
    route('post', '/flights/search', (_, n) =>
      n === 1 ? json(envelope('RATE_LIMIT_EXCEEDED', 'Slow down.'), 429, { 'Retry-After': '1' }) : json(rawAnswer),
    );
    const attempts: [string, number, number?][] = [];
    const c = client({
      hooks: {
        onRequest: ({ method, attempt }) => void attempts.push([method, attempt]),
        onResponse: ({ status, attempt }) => void attempts.push(['answer', attempt, status]),
      },
    });
    await c.searchFlights(oneWay());
    expect(attempts).toEqual([
      ['POST', 1],
      ['answer', 1, 429],
      ['POST', 2],
      ['answer', 2, 200],
    ]);
  });

  it('calls onError without onResponse when no answer came, and says when it gives up', async () => {
    route('get', '/quota', () => HttpResponse.error());
    const onResponse = vi.fn();
    const errors: [string, number, boolean][] = [];
    const c = client({
      maxRetries: 1,
      hooks: {
        onResponse,
        onError: ({ error, attempt, retrying }) => void errors.push([error.name, attempt, retrying]),
      },
    });
    await expect(c.getQuota()).rejects.toBeInstanceOf(ConnectionError);
    expect(onResponse).not.toHaveBeenCalled();
    expect(errors).toEqual([
      ['ConnectionError', 1, true],
      ['ConnectionError', 2, false],
    ]);
  });

  it('lets onRequest add headers, waits for it, and never shows it the API key (which is still sent)', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    const shown: HookRequest[] = [];
    const c = client({
      hooks: {
        onRequest: async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          shown.push(request);
          request.headers.set('traceparent', '00-abc-def-01');
        },
      },
    });
    await c.getQuota();
    expect(seen[0]!.headers.get('traceparent')).toBe('00-abc-def-01');
    expect(seen[0]!.headers.get('x-api-key')).toBe(API_KEY);
    expect(shown[0]!.headers.get('x-api-key')).toBeNull();
    expect(JSON.stringify([...shown[0]!.headers])).not.toContain(API_KEY);
  });

  it('a hook that throws fails the call with its error, and nothing is sent', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    const boom = new Error('no trace context');
    await expect(
      client({
        hooks: {
          onRequest: () => {
            throw boom;
          },
        },
      }).getQuota(),
    ).rejects.toBe(boom);
    expect(seen).toHaveLength(0);
  });
});

describe('debug log (logLevel, logger)', () => {
  const recorder = () => {
    const lines: [string, string, LogFields][] = [];
    const logger = {
      debug: (m: string, f: LogFields) => void lines.push(['debug', m, f]),
      warn: (m: string, f: LogFields) => void lines.push(['warn', m, f]),
      error: (m: string, f: LogFields) => void lines.push(['error', m, f]),
    };
    return { lines, logger };
  };

  it('logs nothing by default', async () => {
    route('get', '/quota', () => json(quotaAnswer));
    const spies = (['debug', 'warn', 'error', 'log', 'info'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    await client().getQuota();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    for (const spy of spies) spy.mockRestore();
  });

  it('at debug, logs each attempt as one line (method, URL, status, duration, attempt number) at the level of its outcome, never the API key', async () => {
    route('get', '/quota', (_, n) =>
      n === 1 ? json(envelope('HTTP_ERROR', `Busy for ${API_KEY}.`), 503) : json(quotaAnswer),
    );
    const { lines, logger } = recorder();
    await client({ logLevel: 'debug', logger }).getQuota();
    expect(lines.map(([level, message]) => [level, message.replace(/in \d+ ms/, 'in N ms')])).toEqual([
      [
        'warn',
        `[flight-search] GET ${BASE_URL}/quota 503 in N ms (attempt 1): 503 Busy for [redacted]. (GET ${BASE_URL}/quota), retrying`,
      ],
      ['debug', `[flight-search] GET ${BASE_URL}/quota 200 in N ms (attempt 2)`],
    ]);
    expect(lines[0]![2]).toEqual({
      method: 'GET',
      url: `${BASE_URL}/quota`,
      status: 503,
      attempt: 1,
      durationMs: expect.any(Number),
      error: 'ServerError',
      retrying: true,
    });
    expect(lines[1]![2]).toEqual({
      method: 'GET',
      url: `${BASE_URL}/quota`,
      status: 200,
      attempt: 2,
      durationMs: expect.any(Number),
    });
    expect(lines[1]![2].durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(lines)).not.toContain(API_KEY);
  });

  it('an attempt without an answer logs its error class and no status field: no undefined anywhere in the line or its fields', async () => {
    const { lines, logger } = recorder();
    const c = client({
      logLevel: 'debug',
      logger,
      maxRetries: 0,
      fetch: () => Promise.reject(new TypeError('connection refused')),
    });
    await expect(c.getQuota()).rejects.toBeInstanceOf(ConnectionError);
    expect(lines).toHaveLength(1);
    const [level, message, fields] = lines[0]!;
    expect([level, message.replace(/in \d+ ms/, 'in N ms')]).toEqual([
      'error',
      `[flight-search] GET ${BASE_URL}/quota ConnectionError in N ms (attempt 1): GET ${BASE_URL}/quota failed: TypeError: connection refused`,
    ]);
    expect(Object.keys(fields).sort()).toEqual(['attempt', 'durationMs', 'error', 'method', 'retrying', 'url']);
    expect(`${message} ${JSON.stringify(fields)}`).not.toContain('undefined');
  });

  it('at error, logs only the call that failed', async () => {
    route('get', '/quota', () => json(envelope('HTTP_ERROR', 'Busy.'), 503));
    const { lines, logger } = recorder();
    await client({ logLevel: 'error', logger, maxRetries: 1 })
      .getQuota()
      .catch(() => {});
    expect(lines.map(([level, , f]) => [level, f.attempt, f.status])).toEqual([['error', 2, 503]]);
  });

  it('writes to console by default once a level is set', async () => {
    route('get', '/quota', () => json(quotaAnswer));
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await client({ logLevel: 'debug' }).getQuota();
    // One line and nothing else: console prints an object after it over several lines.
    expect(debug.mock.calls).toEqual([
      [expect.stringMatching(/^\[flight-search\] GET \S+\/quota 200 in \d+ ms \(attempt 1\)$/)],
    ]);
    debug.mockRestore();
  });

  it('D90: a logger that throws changes no outcome: the charged search resolves, a failed call rejects with its own error, and the failure is reported once on console.error', async () => {
    route('post', '/flights/search', () => json(rawAnswer));
    route('get', '/quota', () => json(envelope('HTTP_ERROR', 'Busy.'), 503));
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = () => {
      throw new Error('log sink down');
    };
    const c = client({ logLevel: 'debug', logger: { debug: broken, warn: broken, error: broken }, maxRetries: 1 });
    await expect(c.searchFlights(oneWay())).resolves.toEqual(rawAnswer);
    await expect(c.searchFlights(oneWay())).resolves.toEqual(rawAnswer);
    const failed = await c.getQuota().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ServerError);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(
      '[flight-search] logger failed, ignored from now on:',
      expect.objectContaining({ message: 'log sink down' }),
    );
    // The default logger is console: a console.error that throws (a test set-up failing on errors) changes nothing either.
    report.mockImplementation(broken);
    await expect(client({ logLevel: 'error', maxRetries: 0 }).getQuota()).rejects.toBeInstanceOf(ServerError);
    report.mockRestore();
  });

  it('D90: hooks keep their documented behaviour: one that throws still fails the call with its error', async () => {
    route('get', '/quota', () => json(quotaAnswer));
    const hookError = new Error('hook down');
    const c = client({
      hooks: {
        onResponse: () => {
          throw hookError;
        },
      },
    });
    await expect(c.getQuota()).rejects.toBe(hookError);
  });

  it('refuses an unknown level', () => {
    expect(() => client({ logLevel: 'verbose' as never })).toThrow(
      'option "logLevel" must be "off", "error", "warn", "debug"; received "verbose"',
    );
  });
});

describe('x-flight-search-sdk: the SDK and its version', () => {
  it('is sent from a server runtime with the package version, on typed and raw calls', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    const c = client();
    await c.getQuota();
    await createRawClient({ apiKey: API_KEY, baseUrl: BASE_URL }).GET('/quota');
    expect(SDK_VERSION).toBe(pkg.version);
    expect(seen.map((r) => r.headers.get('x-flight-search-sdk'))).toEqual([pkg.version, pkg.version]);
  });

  it('is not sent with sdkHeader: false', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    await client({ sdkHeader: false }).getQuota();
    expect(seen[0]!.headers.has('x-flight-search-sdk')).toBe(false);
  });

  it("is never sent from a browser page, where the service's CORS preflight would refuse it", async () => {
    vi.stubGlobal('location', { href: 'https://app.example.com/', origin: 'https://app.example.com' });
    const seen = route('get', '/quota', () => json(quotaAnswer));
    await client().getQuota();
    expect(seen[0]!.headers.has('x-flight-search-sdk')).toBe(false);
  });
});
