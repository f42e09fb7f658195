import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, ConnectionError, TimeoutError } from '../src/index.js';
import { API_KEY, BASE_URL, client, json, oneWay, quotaAnswer, rawAnswer, route } from './helpers.js';
import { createFlightSearchClient } from '../src/index.js';

/** A handler that never answers; it resolves its promise when the client aborts the request. */
const hang = (aborted: { value: boolean }) => (request: Request) =>
  new Promise<Response>((resolve) =>
    request.signal.addEventListener('abort', () => {
      aborted.value = true;
      resolve(json({}, 499));
    }),
  );

describe('time-outs and abort', () => {
  it('PROVIDER-2: aborts a search after timeoutMs with a TimeoutError that states the limit', async () => {
    const aborted = { value: false };
    const seen = route('post', '/flights/search', hang(aborted));
    const error = (await client({ timeoutMs: 40 })
      .searchFlights(oneWay())
      .catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.timeoutMs).toBe(40);
    expect(error.message).toBe(`POST ${BASE_URL}/flights/search timed out after 40 ms`);
    expect(aborted.value).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it.each([0, -1, Number.NaN, 2 ** 31])(
    'rejects a per-call timeoutMs of %s with a TypeError naming it, sending nothing',
    async (timeoutMs) => {
      const seen = route('post', '/flights/search', () => json(rawAnswer));
      await expect(client().searchFlights(oneWay(), { timeoutMs })).rejects.toThrow(
        new TypeError(`POST ${BASE_URL}/flights/search: invalid option "timeoutMs"`),
      );
      expect(seen).toHaveLength(0);
    },
  );

  it('takes a fractional timeoutMs and reports it as given', async () => {
    route('post', '/flights/search', hang({ value: false }));
    await expect(client({ timeoutMs: 30.5 }).searchFlights(oneWay())).rejects.toMatchObject({
      name: 'TimeoutError',
      timeoutMs: 30.5,
    });
  });

  it('lets one call override the client time-out', async () => {
    route('post', '/flights/search', hang({ value: false }));
    await expect(client({ timeoutMs: 60_000 }).searchFlights(oneWay(), { timeoutMs: 30 })).rejects.toMatchObject({
      name: 'TimeoutError',
      timeoutMs: 30,
    });
  });

  it('gives each GET attempt its own time-out and retries after one expires', async () => {
    const seen = route('get', '/quota', (request, n) =>
      n === 1 ? hang({ value: false })(request) : json(quotaAnswer),
    );
    await expect(client({ timeoutMs: 40 }).getQuota()).resolves.toEqual(quotaAnswer);
    expect(seen).toHaveLength(2);
  });

  it("throws AbortError with the signal's reason when the caller aborts an in-flight search", async () => {
    const aborted = { value: false };
    route('post', '/flights/search', hang(aborted));
    const controller = new AbortController();
    const call = client().searchFlights(oneWay(), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('closed the tab')), 20);
    const error = (await call.catch((e: unknown) => e)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error.cause as Error).message).toBe('closed the tab');
    expect(aborted.value).toBe(true);
  });

  it("does not retry a GET aborted by the caller's signal, even when the signal is a time-out", async () => {
    const seen = route('get', '/quota', hang({ value: false }));
    const error = await client({ maxRetries: 3 })
      .getQuota({ signal: AbortSignal.timeout(30) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(seen).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const seen = route('post', '/flights/search', () => json(rawAnswer));
    await expect(client().searchFlights(oneWay(), { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
    expect(seen).toHaveLength(0);
  });

  it('leaves no listener on the caller signal after the call settles', async () => {
    route('get', '/quota', () => json(quotaAnswer));
    const controller = new AbortController();
    let listeners = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners++;
      add(...args);
    }) as typeof add;
    controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listeners--;
      remove(...args);
    }) as typeof remove;
    await client().getQuota({ signal: controller.signal });
    expect(listeners).toBe(0);
  });

  describe('no listener outlives its attempt', () => {
    afterEach(() => vi.unstubAllGlobals());
    const stalled = () => new Response(new ReadableStream({ pull: () => new Promise(() => {}) }));
    // How each attempt ends, through a custom fetch (the SDK builds its Request) and with the caller's signal.
    const outcomes: [string, (request: Request) => Promise<Response>, boolean][] = [
      ['an answer', async () => json(quotaAnswer), false],
      ['an error status', async () => json({}, 400), false],
      ['an answer over maxResponseBytes', async () => json({ pad: 'x'.repeat(100) }), false],
      ['a time-out of a fetch that ignores the signal (D51)', () => new Promise<Response>(() => {}), true],
      ['a time-out while its body never ends', async () => stalled(), true],
      [
        "the caller's abort",
        () => {
          setTimeout(() => caller.abort(), 5);
          return new Promise<Response>(() => {});
        },
        true,
      ],
    ];
    let caller = new AbortController();
    it.each(outcomes)(
      "leaves none on the caller's signal or the attempt's own after %s",
      async (_, fetch, timedOut) => {
        caller = new AbortController();
        // The attempt's own controller, as the SDK makes it (the first one of the call).
        const made: AbortController[] = [];
        vi.stubGlobal(
          'AbortController',
          class extends AbortController {
            constructor() {
              super();
              made.push(this);
            }
          },
        );
        const sdk = createFlightSearchClient({
          apiKey: API_KEY,
          baseUrl: BASE_URL,
          fetch,
          timeoutMs: 30,
          maxRetries: 0,
          maxResponseBytes: 64,
        });
        await sdk.getQuota({ signal: caller.signal }).catch(() => {});
        expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
        // The Request made on the attempt's signal keeps a listener of undici's on it (until collected): the same as on a
        // probe signal a Request is made on, aborted as the attempt's was; anything beyond is the attempt's own.
        const probe = new AbortController();
        new Request(BASE_URL, { signal: probe.signal });
        if (timedOut) probe.abort();
        const own = made[0]!.signal;
        expect(own.aborted).toBe(timedOut);
        expect(getEventListeners(own, 'abort')).toHaveLength(getEventListeners(probe.signal, 'abort').length);
      },
    );
  });

  describe('with a fetch that ignores the signal (D51)', () => {
    // A fetch that never settles and never looks at the signal: only the client's own timer can end the attempt.
    const deaf = vi.fn((_: Request) => new Promise<Response>(() => {}));
    // Headers arrive, the body never ends, and the stream ignores the abort too.
    const stalledBody = vi.fn(
      async (_: Request) => new Response(new ReadableStream({ pull: () => new Promise(() => {}) }), { status: 200 }),
    );
    const deafClient = (fetch: (request: Request) => Promise<Response>, maxRetries = 0) =>
      createFlightSearchClient({
        apiKey: API_KEY,
        baseUrl: BASE_URL,
        fetch,
        timeoutMs: 30,
        maxRetries,
        retryDelay: () => 0,
      });

    it('settles a search at timeoutMs with a TimeoutError even though fetch never settles', async () => {
      const error = (await deafClient(deaf)
        .searchFlights(oneWay())
        .catch((e: unknown) => e)) as TimeoutError;
      expect(error).toMatchObject({
        name: 'TimeoutError',
        timeoutMs: 30,
        message: `POST ${BASE_URL}/flights/search timed out after 30 ms`,
      });
      // The cause is the attempt's abort, as when fetch honours the signal.
      expect((error.cause as Error).name).toBe('AbortError');
    });

    it('settles at timeoutMs when the answer starts but its body never ends', async () => {
      await expect(deafClient(stalledBody).getQuota()).rejects.toMatchObject({ name: 'TimeoutError', timeoutMs: 30 });
    });

    it('gives each GET attempt its time-out and gives up after maxRetries + 1 attempts', async () => {
      deaf.mockClear();
      await expect(deafClient(deaf, 2).getQuota()).rejects.toBeInstanceOf(TimeoutError);
      expect(deaf).toHaveBeenCalledTimes(3);
    });

    it("settles with AbortError when the caller's signal aborts, whatever fetch does", async () => {
      const controller = new AbortController();
      const call = createFlightSearchClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: deaf }).getQuota({
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(new Error('gone')), 10);
      const error = (await call.catch((e: unknown) => e)) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      expect((error.cause as Error).message).toBe('gone');
    });
  });
});
