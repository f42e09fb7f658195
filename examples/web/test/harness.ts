import { mkdirSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where screenshots go; git-ignored (`test-results/` in the root .gitignore). */
export const ARTIFACTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Debian's Chromium (`apt-get install chromium`); no browser is downloaded. */
// `npm test` sets CHROMIUM_PATH to the browser it found or installed (scripts/lib/browser.mjs).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google's
// hosts, which this machine's closed network refuses.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Harness {
  baseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the example's Vite dev server on a free port and launches Chromium. */
export async function startHarness(): Promise<Harness> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const server: ViteDevServer = await createServer({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'error',
    clearScreen: false,
    server: { host: '127.0.0.1', port: await freePort(), strictPort: true, hmr: false },
  });
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors the page raised; a test ends by expecting none. */
  errors: Error[];
}

/** Saved settings for {@link openPage}; `proxy` mode needs no key. */
export type SavedSettings = { mode: 'mock' | 'remote'; apiKey: string; baseUrl?: string } | { mode: 'proxy' };

/**
 * Opens the page in a fresh context (its own storage, so its own service
 * worker registration) with `query` as the mock scenario, and waits until the
 * page is connected. `settings` are stored as the page's saved settings first;
 * `prepare` runs on the context before the page is opened (to record its traffic).
 */
export async function openPage(
  harness: Harness,
  query = '',
  settings?: SavedSettings,
  prepare?: (context: BrowserContext) => void,
): Promise<OpenPage> {
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  prepare?.(context);
  if (settings) {
    await context.addInitScript(
      (saved) => localStorage.setItem('flight-search-example:settings', saved),
      JSON.stringify(settings),
    );
  }
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  if (process.env.DEBUG_PAGE)
    page.on('console', (message) => console.log(`[page ${message.type()}] ${message.text()}`));
  await page.goto(`${harness.baseUrl}${query}`);
  await page.locator('[data-testid=backend-status][data-state=ready]').waitFor();
  return { page, context, errors };
}

/** Ticks exactly these programs in the form. */
export async function choosePrograms(page: Page, programs: readonly string[]): Promise<void> {
  for (const input of await page.locator('#program-list input[name=program]').all()) {
    await input.setChecked(programs.includes(await input.inputValue()), { force: true });
  }
}

/** What the in-page mock received (API keys redacted by the mock), searches only, as `[program, aborted]`. */
export async function searchRequests(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const mock = (window as unknown as { __mock: { requests(): { path: string; body: unknown }[] } }).__mock;
    return mock
      .requests()
      .filter((r) => r.path === '/flights/search')
      .map((r) => String((r.body as { airlineLoyalty?: string[] } | null)?.airlineLoyalty?.[0]));
  });
}

// Vite reads `port: 0` as "the default port", so ask the OS for a free one.
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
