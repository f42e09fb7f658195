// Issue 31 item 1 (D151): FLIGHT_SEARCH_* on server runtimes, never in a browser or worker bundle.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFlightSearchClient as browserClient } from '../src/index.js';
import type { LogFields } from '../src/options.js';
import { createFlightSearchClient } from '../src/server.js';
import { API_KEY, BASE_URL, envelope, json, quotaAnswer, route } from './helpers.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const serverEnv = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
};

describe('the server entry reads FLIGHT_SEARCH_* for the options left out', () => {
  it('takes the key, the base URL and the log level from the environment', async () => {
    serverEnv({ FLIGHT_SEARCH_API_KEY: API_KEY, FLIGHT_SEARCH_BASE_URL: BASE_URL, FLIGHT_SEARCH_LOG: 'debug' });
    const seen = route('get', '/quota', () => json(quotaAnswer));
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await expect(createFlightSearchClient().getQuota()).resolves.toEqual(quotaAnswer);
    expect(seen.map((r) => [r.url, r.headers.get('x-api-key')])).toEqual([[`${BASE_URL}/quota`, API_KEY]]);
    expect(debug.mock.calls).toEqual([
      [expect.stringMatching(new RegExp(`^\\[flight-search\\] GET ${BASE_URL}/quota 200 in \\d+ ms \\(attempt 1\\)$`))],
    ]);
    debug.mockRestore();
  });

  it('explicit options win, and apiKey: null stays keyless whatever the environment holds', async () => {
    serverEnv({
      FLIGHT_SEARCH_API_KEY: 'env-key-0000000',
      FLIGHT_SEARCH_BASE_URL: 'https://elsewhere.test',
      FLIGHT_SEARCH_LOG: 'debug',
    });
    const seen = route('get', '/quota', () => json(quotaAnswer));
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await createFlightSearchClient({ apiKey: API_KEY, baseUrl: BASE_URL, logLevel: 'off' }).getQuota();
    await createFlightSearchClient({ apiKey: null, baseUrl: BASE_URL, logLevel: 'off' }).getQuota();
    expect(seen.map((r) => [r.url, r.headers.get('x-api-key')])).toEqual([
      [`${BASE_URL}/quota`, API_KEY],
      [`${BASE_URL}/quota`, null],
    ]);
    expect(debug).not.toHaveBeenCalled();
    debug.mockRestore();
  });

  it('an empty variable counts as unset, and an unknown FLIGHT_SEARCH_LOG is a TypeError naming it', () => {
    serverEnv({ FLIGHT_SEARCH_API_KEY: '', FLIGHT_SEARCH_BASE_URL: BASE_URL });
    expect(() => createFlightSearchClient()).toThrow('option "apiKey" must be a non-empty string, or null');
    serverEnv({ FLIGHT_SEARCH_API_KEY: API_KEY, FLIGHT_SEARCH_LOG: 'verbose' });
    expect(() => createFlightSearchClient()).toThrow(
      new TypeError(
        'createFlightSearchClient: option "FLIGHT_SEARCH_LOG" must be "off", "error", "warn", "debug" or unset; received "verbose"',
      ),
    );
  });

  it('issue 39 item 9: a key read from FLIGHT_SEARCH_API_KEY with a line break is refused when the client is made, naming the variable and no character of the key', async () => {
    serverEnv({ FLIGHT_SEARCH_API_KEY: 'sk-live-7f3a9c21e8\nb4d6', FLIGHT_SEARCH_BASE_URL: BASE_URL });
    const error = (() => {
      try {
        createFlightSearchClient()
          .getQuota()
          .catch(() => {});
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe(
      'createFlightSearchClient: option "apiKey" must be trimmed printable ASCII; received a string (from FLIGHT_SEARCH_API_KEY)',
    );
  });

  it('issue 39 item 12: with no key or base URL anywhere, the error names the variable read in its place and says it is unset', () => {
    vi.stubEnv('FLIGHT_SEARCH_API_KEY', undefined);
    serverEnv({ FLIGHT_SEARCH_BASE_URL: BASE_URL });
    expect(() => createFlightSearchClient()).toThrow(
      new TypeError(
        'createFlightSearchClient: option "apiKey" must be a non-empty string, or null for a keyless client of your own proxy (createFlightSearchProxy), which adds the key; received undefined (from FLIGHT_SEARCH_API_KEY, unset or empty)',
      ),
    );
    vi.stubEnv('FLIGHT_SEARCH_BASE_URL', undefined);
    serverEnv({ FLIGHT_SEARCH_API_KEY: API_KEY });
    expect(() => createFlightSearchClient({ logLevel: 'off' })).toThrow(
      new TypeError(
        'createFlightSearchClient: option "baseUrl" must be an absolute http(s) URL such as "https://api.example.com"; received undefined (from FLIGHT_SEARCH_BASE_URL, unset or empty)',
      ),
    );
    // Set but wrong: the value (never the key's) and where it came from; an option given names no variable.
    serverEnv({ FLIGHT_SEARCH_BASE_URL: 'localhost:4010' });
    expect(() => createFlightSearchClient()).toThrow(
      new TypeError(
        'createFlightSearchClient: option "baseUrl" must be an absolute http(s) URL such as "https://api.example.com"; received "localhost:4010" (from FLIGHT_SEARCH_BASE_URL)',
      ),
    );
    expect(() => createFlightSearchClient({ baseUrl: 'localhost:4010' })).toThrow(
      new TypeError(
        'createFlightSearchClient: option "baseUrl" must be an absolute http(s) URL such as "https://api.example.com"; received "localhost:4010"',
      ),
    );
  });

  it('Deno without --allow-env: reading throws inside, never out; the options then say what is missing', () => {
    serverEnv({ FLIGHT_SEARCH_API_KEY: API_KEY, FLIGHT_SEARCH_BASE_URL: BASE_URL });
    const get = vi.fn(() => {
      throw new Error(
        'NotCapable: Requires env access to "FLIGHT_SEARCH_API_KEY", run again with the --allow-env flag',
      );
    });
    vi.stubGlobal('Deno', { env: { get } });
    expect(() => createFlightSearchClient()).toThrow('option "apiKey" must be a non-empty string, or null');
    expect(get).toHaveBeenCalled();
    vi.stubGlobal('Deno', {
      env: { get: (name: string) => ({ FLIGHT_SEARCH_API_KEY: API_KEY, FLIGHT_SEARCH_BASE_URL: BASE_URL })[name] },
    });
    expect(() => createFlightSearchClient()).not.toThrow();
  });

  it('the browser entry never reads the environment', () => {
    serverEnv({ FLIGHT_SEARCH_API_KEY: API_KEY, FLIGHT_SEARCH_BASE_URL: BASE_URL });
    expect(() => browserClient({ baseUrl: BASE_URL })).toThrow('option "apiKey" must be a non-empty string, or null');
  });

  it('item 4: the key never appears in the log, whether it came from the environment, the options or a header', async () => {
    route('get', '/quota', (request) =>
      json(envelope('HTTP_ERROR', `Busy: ${request.headers.get('x-api-key')} ${request.headers.get('x-echo')}`), 503),
    );
    const lines: unknown[] = [];
    const logger = {
      debug: (m: string, f: LogFields) => void lines.push(m, f),
      warn: (m: string, f: LogFields) => void lines.push(m, f),
      error: (m: string, f: LogFields) => void lines.push(m, f),
    };
    serverEnv({ FLIGHT_SEARCH_API_KEY: API_KEY, FLIGHT_SEARCH_BASE_URL: BASE_URL, FLIGHT_SEARCH_LOG: 'debug' });
    const fromEnv = createFlightSearchClient({ logger, retryDelay: () => 0, maxRetries: 1 });
    await expect(fromEnv.getQuota({ headers: { 'x-echo': `Bearer ${API_KEY}` } })).rejects.toThrow('[redacted]');
    const fromOptions = fromEnv.withOptions({ apiKey: API_KEY, headers: { 'x-echo': API_KEY } });
    await expect(fromOptions.getQuota()).rejects.toThrow('[redacted]');
    expect(lines).toHaveLength(8);
    expect(JSON.stringify(lines)).toContain('Busy: [redacted] Bearer [redacted]');
    expect(JSON.stringify(lines)).not.toContain(API_KEY);
  });
});

describe('bundles (dist/, as package.json exports it)', () => {
  const sdk = fileURLToPath(new URL('..', import.meta.url));
  // From the repository's root, as a consumer resolves it (node_modules, package.json exports): packages/sdk's
  // own tsconfig maps the name to src/.
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const bundle = async (platform: 'browser' | 'node' | 'neutral', conditions?: string[]) => {
    if (!existsSync(`${sdk}/dist/server.js`))
      throw new Error('packages/sdk/dist is missing: run `npm run build -w @flight-search/sdk` first');
    const result = await build({
      stdin: {
        contents: "export { createFlightSearchClient } from '@flight-search/sdk';",
        resolveDir: root,
        loader: 'js',
      },
      tsconfigRaw: '{}',
      bundle: true,
      write: false,
      minify: true,
      format: 'esm',
      platform,
      conditions,
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  };

  it('a browser bundle and a worker bundle carry no code for the environment; a Node bundle does', async () => {
    expect(await bundle('browser')).not.toContain('FLIGHT_SEARCH_');
    expect(await bundle('neutral', ['worker', 'import'])).not.toContain('FLIGHT_SEARCH_');
    expect(await bundle('node')).toContain('FLIGHT_SEARCH_API_KEY');
  });
});
