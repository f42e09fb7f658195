import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startMockServer, type MockServer } from '@flight-search/mock-server/node';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_DIR, CHROMIUM, CHROMIUM_ARGS, nextBuild, nextStart, type NextServer } from './harness.js';

// The Next.js example built with no key in the environment, then served by `next start` in front of the
// standalone mock with a key only the server knows, driven by real Chromium.
const SERVER_KEY = 'next-srv-key-4b8e1f7a2c9d';
const PROGRAMS = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'];

let mock: MockServer;
let app: NextServer;
let browser: Browser;
let context: BrowserContext | undefined;
let buildOutput = '';
/** Every answer body the browser received, over every test. */
const bodies: Promise<{ url: string; text: string }>[] = [];
/** Every request the browser sent, with its headers. */
const requests: Promise<{ url: string; headers: Record<string, string> }>[] = [];

beforeAll(async () => {
  buildOutput = await nextBuild();
  mock = await startMockServer({
    latency: 'none',
    log: false,
    keys: [{ key: SERVER_KEY, limit: 1000, products: ['search', 'history'] }],
  });
  app = await nextStart({ FLIGHT_SEARCH_API_KEY: SERVER_KEY, FLIGHT_SEARCH_BASE_URL: mock.url });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  mock.mock.reset();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await mock?.close();
});

/** Opens the page in a fresh context that records its traffic and the order outcomes appear in. */
async function open(): Promise<Page> {
  context = await browser.newContext();
  context.on('request', (request) =>
    requests.push(request.allHeaders().then((headers) => ({ url: request.url(), headers }))),
  );
  context.on('response', (response) =>
    bodies.push(
      response.body().then(
        (body) => ({ url: response.url(), text: body.toString('latin1') }),
        () => ({ url: response.url(), text: '' }),
      ),
    ),
  );
  // Each change of the rendered outcomes, as the list of programs shown then.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __outcomes: string[] }).__outcomes = seen;
    new MutationObserver(() => {
      const now = [...document.querySelectorAll<HTMLElement>('[data-testid=outcome]')]
        .map((li) => li.dataset.program)
        .join(',');
      if (now && now !== seen.at(-1)) seen.push(now);
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(app.url);
  // Hydrated: the button works once React has attached it.
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('[data-testid=compare]') ?? {}).some((k) => k.startsWith('__react')),
  );
  return page;
}

const searches = () => mock.mock.requests().filter((r) => r.path === '/flights/search');
const programOf = (r: { body: unknown }) => (r.body as { airlineLoyalty: string[] }).airlineLoyalty[0];
const outcomes = (page: Page) =>
  page.$$eval('[data-testid=outcome]', (items) => items.map((li) => (li as HTMLElement).dataset.program));

describe('the Next.js example', () => {
  it('builds with no key in the environment, prerendering nothing that searches or reads the quota', () => {
    expect(buildOutput).toMatch(/ƒ \/\s/);
    expect(buildOutput).toMatch(/ƒ \/api\/flight-search\/\[\.\.\.path\]/);
  });

  it('reads the quota at request time on the server and renders the outcomes in arrival order as they arrive', async () => {
    const latency = { PROGRAM_1: 1200, PROGRAM_2: 100, PROGRAM_3: 800, PROGRAM_4: 450 };
    for (const [p, latencyMs] of Object.entries(latency)) mock.mock.setProgramBehavior(p as never, { latencyMs });
    const page = await open();
    await expect(page.textContent('[data-testid=quota]')).resolves.toBe('Quota: 1000 of 1000 units left');
    await page.click('[data-testid=compare]');
    await page.locator('[data-testid=outcomes][data-state=done]').waitFor();
    const order = ['PROGRAM_2', 'PROGRAM_4', 'PROGRAM_3', 'PROGRAM_1'];
    expect(await outcomes(page)).toEqual(order);
    // Rendered one by one: each program appeared on its own, before the slower ones answered.
    const seen = await page.evaluate(() => (window as unknown as { __outcomes: string[] }).__outcomes);
    expect(seen).toEqual(order.map((_, i) => order.slice(0, i + 1).join(',')));
    await expect(page.locator('[data-testid=outcome][data-kind=result]').count()).resolves.toBe(4);
    // Each search reached the service with the server's key (the mock records it redacted), through the proxy.
    expect(searches().map((r) => r.headers['x-api-key'])).toEqual(Array(4).fill('[redacted]'));
    // A new request renders the quota again, spent by the four searches.
    await page.reload();
    await expect(page.textContent('[data-testid=quota]')).resolves.toBe('Quota: 996 of 1000 units left');
  });

  it('unmounting the results aborts the searches still in flight: the mock records them aborted', async () => {
    mock.mock.setProgramBehavior('PROGRAM_1', { latencyMs: 50 });
    for (const p of ['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'] as const)
      mock.mock.setProgramBehavior(p, { latencyMs: 5000 });
    const page = await open();
    await page.click('[data-testid=compare]');
    await page.locator('[data-testid=outcome][data-program=PROGRAM_1]').waitFor();
    await expect.poll(() => searches().length).toBe(4);
    await page.click('[data-testid=toggle]');
    await expect
      .poll(
        () =>
          searches()
            .filter((r) => r.aborted)
            .map(programOf)
            .sort(),
        { timeout: 4000 },
      )
      .toEqual(['PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4']);
    expect(searches().find((r) => programOf(r) === 'PROGRAM_1')?.aborted).toBe(false);
  });

  it('remounting the results, refocusing the window and going back online send no second search: one per program', async () => {
    const page = await open();
    await page.click('[data-testid=compare]');
    await page.locator('[data-testid=outcomes][data-state=done]').waitFor();
    expect(await outcomes(page)).toHaveLength(4);
    await page.click('[data-testid=toggle]');
    await page.locator('[data-testid=outcomes]').waitFor({ state: 'detached' });
    await page.click('[data-testid=toggle]');
    await page.locator('[data-testid=outcomes][data-state=done]').waitFor();
    expect(await outcomes(page)).toHaveLength(4);
    // A refocus as TanStack Query v5 sees one: its focusManager listens for `visibilitychange` on window (where
    // the browser's event, fired at document, bubbles to) and refetches when `document.visibilityState` is not
    // 'hidden'. A headless page never hides, so the page is hidden and shown by hand. (With `refetchOnWindowFocus:
    // 'always'` in app/comparison.tsx this step sees a second search per program: it can fail.)
    await page.evaluate(() => {
      for (const state of ['hidden', 'visible']) {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      }
      // Back to the browser's own value.
      delete (document as { visibilityState?: unknown }).visibilityState;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(searches().map(programOf).sort()).toEqual(PROGRAMS);
    // Going back online: its onlineManager listens for `offline` and `online` on window. (With `refetchOnReconnect:
    // 'always'` this step sees a second search per program.)
    await page.evaluate(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(searches().map(programOf).sort()).toEqual(PROGRAMS);
    expect(await outcomes(page)).toHaveLength(4);
  });

  it('the key is in no file under .next/, in no answer the browser received and in no request it sent; no x-api-key left the browser', async () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(join(APP_DIR, '.next'));
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((f) => readFileSync(f).includes(SERVER_KEY))).toEqual([]);

    const answers = await Promise.all(bodies);
    expect(answers.some((a) => a.url.includes('/api/flight-search/flights/search'))).toBe(true);
    expect(answers.some((a) => a.url.endsWith('.js') && a.text.includes('/api/flight-search'))).toBe(true);
    expect(answers.filter((a) => a.text.includes(SERVER_KEY)).map((a) => a.url)).toEqual([]);
    const sent = await Promise.all(requests);
    expect(sent.filter((r) => JSON.stringify(r).includes(SERVER_KEY) || 'x-api-key' in r.headers)).toEqual([]);
    expect(sent.filter((r) => !r.url.startsWith(app.url))).toEqual([]);
  });
});
