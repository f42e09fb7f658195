import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockServer, type MockServer } from '@flight-search/mock-server/node';
import type { BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { choosePrograms, openPage, startHarness, type Harness, type OpenPage } from './harness.js';

// Real Chromium against the Vite dev server in the page's proxy mode: the dev server's
// `/api/flight-search` (proxy-plugin.ts) forwards to the standalone mock with a key only the
// server knows, and holds each browser (user) to a budget of quota units.
const SERVER_KEY = 'srv-key-7f3a9c2e5b1d';
const BUDGET = 6;
const PROGRAMS = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'];

let server: MockServer;
let harness: Harness;
let current: OpenPage | undefined;
const saved = {
  url: process.env.FLIGHT_SEARCH_URL,
  key: process.env.FLIGHT_SEARCH_KEY,
  budget: process.env.FLIGHT_SEARCH_BUDGET,
};

beforeAll(async () => {
  server = await startMockServer({
    latency: 'none',
    log: false,
    keys: [{ key: SERVER_KEY, limit: 1000, products: ['search', 'history'] }],
  });
  // Read by the plugin when the dev server starts.
  process.env.FLIGHT_SEARCH_URL = server.url;
  process.env.FLIGHT_SEARCH_KEY = SERVER_KEY;
  process.env.FLIGHT_SEARCH_BUDGET = String(BUDGET);
  harness = await startHarness();
});
afterEach(async () => {
  await current?.context.close();
  current = undefined;
});
afterAll(async () => {
  await harness?.close();
  await server?.close();
  for (const [name, value] of [
    ['FLIGHT_SEARCH_URL', saved.url],
    ['FLIGHT_SEARCH_KEY', saved.key],
    ['FLIGHT_SEARCH_BUDGET', saved.budget],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

interface Traffic {
  requests: { url: string; headers: Promise<Record<string, string>> }[];
  /** Every answer body the page received (HTML, scripts, styles, API answers), by URL. */
  bodies: Promise<{ url: string; type: string; text: string }>[];
}

/** Records every request the page (and any worker of it) sends, with all its headers, and every answer body. */
function record(context: BrowserContext, traffic: Traffic): void {
  context.on('request', (request) => traffic.requests.push({ url: request.url(), headers: request.allHeaders() }));
  context.on('response', (response) => {
    traffic.bodies.push(
      response.body().then(
        (body) => ({ url: response.url(), type: response.request().resourceType(), text: body.toString('latin1') }),
        () => ({ url: response.url(), type: response.request().resourceType(), text: '' }),
      ),
    );
  });
}

async function open(traffic?: Traffic): Promise<OpenPage> {
  current = await openPage(harness, '', { mode: 'proxy' }, traffic && ((context) => record(context, traffic)));
  return current;
}

const card = (program: string) => `[data-testid=card-${program}]`;

async function compare(page: OpenPage['page']): Promise<void> {
  await page.click('[data-testid=compare]');
  await page
    .locator('[data-testid=run-state]:is([data-state=done], [data-state=cancelled], [data-state=error])')
    .waitFor();
  await page.locator('#search-form[aria-busy=false]').waitFor();
}

async function consumed(): Promise<number> {
  const response = await fetch(`${server.url}/quota`, { headers: { 'x-api-key': SERVER_KEY } });
  return ((await response.json()) as { consumed: number }).consumed;
}

const searchesAtMock = () => server.mock.requests().filter((r) => r.path === '/flights/search').length;

const states = (page: OpenPage['page']) =>
  page.$$eval('[data-testid=cards] > li', (cards) =>
    Object.fromEntries(cards.map((c) => [c.getAttribute('data-program'), c.getAttribute('data-state')])),
  );

describe('the comparison page through its server proxy (no key in the page)', () => {
  it('compares four programs and draws the history through /api/flight-search, quota down by 4, with no x-api-key sent and the key in no script or answer', async () => {
    const traffic: Traffic = { requests: [], bodies: [] };
    const { page, errors } = await open(traffic);
    await expect(page.locator('[data-testid=backend-status]').getAttribute('data-mode')).resolves.toBe('proxy');
    await expect(page.locator('[data-testid=backend-status]').textContent()).resolves.toBe(
      "Your server's proxy (/api/flight-search)",
    );
    // No service worker answers in this mode.
    await expect(page.evaluate(() => navigator.serviceWorker.controller)).resolves.toBeNull();
    const before = await consumed();
    const searchesBefore = searchesAtMock();

    await choosePrograms(page, PROGRAMS);
    await compare(page);

    // QUOTA-1: four ONE_WAY searches, four units of the server key's quota.
    expect(await states(page)).toEqual({
      PROGRAM_1: 'success',
      PROGRAM_2: 'success',
      PROGRAM_3: 'success',
      PROGRAM_4: 'success',
    });
    for (const program of PROGRAMS)
      await expect(page.locator(`${card(program)} [data-testid=price]`).textContent()).resolves.toMatch(/^[\d,]+ mi$/);
    expect((await consumed()) - before).toBe(4);
    expect(searchesAtMock() - searchesBefore).toBe(4);
    await expect(page.locator('[data-testid=quota-spent]').getAttribute('data-spent')).resolves.toBe('4');
    // HISTORY-2: the history came through the proxy too, one series per program.
    await page.locator('[data-testid=history-chart][data-state=ready]').waitFor();
    const series = JSON.parse((await page.getAttribute('[data-testid=history-chart]', 'data-series')) ?? '[]') as {
      label: string;
      points: number;
    }[];
    expect(series.map((s) => s.label)).toEqual(['Program 1', 'Program 2', 'Program 3', 'Program 4']);
    for (const s of series) expect(s.points).toBeGreaterThan(0);

    // The service got the server's key (recorded redacted) on every request the proxy forwarded.
    const atMock = server.mock.requests().slice(-6);
    expect(atMock.every((r) => r.headers['x-api-key'] === '[redacted]')).toBe(true);

    // (a) No request from the page carries an x-api-key; the API requests all went to the page's origin.
    const requests = await Promise.all(traffic.requests.map(async (r) => ({ url: r.url, headers: await r.headers })));
    const api = requests.filter((r) => r.url.startsWith(`${harness.baseUrl}api/flight-search/`));
    expect(api.filter((r) => r.url.endsWith('/flights/search'))).toHaveLength(4);
    expect(api.some((r) => r.url.includes('/intelligence/flights/history'))).toBe(true);
    expect(api.some((r) => r.url.endsWith('/quota'))).toBe(true);
    expect(requests.filter((r) => Object.keys(r.headers).some((name) => name.toLowerCase() === 'x-api-key'))).toEqual(
      [],
    );
    expect(requests.filter((r) => !r.url.startsWith(harness.baseUrl) && !r.url.startsWith('data:'))).toEqual([]);
    expect(requests.filter((r) => JSON.stringify(r).includes(SERVER_KEY))).toEqual([]);

    // (b) The key is in none of the page's scripts, its HTML, or any answer it read.
    const bodies = await Promise.all(traffic.bodies);
    const scripts = bodies.filter((b) => b.type === 'script');
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.some((b) => b.text.includes('createFlightSearchClient'))).toBe(true);
    expect(bodies.some((b) => b.type === 'document' && b.text.includes('<script type="module"'))).toBe(true);
    expect(bodies.filter((b) => b.text.includes(SERVER_KEY)).map((b) => b.url)).toEqual([]);
    expect(await page.content()).not.toContain(SERVER_KEY);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
    expect(stored).not.toContain(SERVER_KEY);
    expect(errors).toEqual([]);
  });

  it('QUOTA-1: a user over the server budget sees the refusal on the cards and nothing is spent for the refused searches', async () => {
    const { page, errors } = await open();
    const before = await consumed();
    const searchesBefore = searchesAtMock();
    await choosePrograms(page, PROGRAMS);
    // One at a time, so the budget runs out at a known program.
    await page.selectOption('#concurrency', '1');

    await compare(page);
    expect(await states(page)).toEqual({
      PROGRAM_1: 'success',
      PROGRAM_2: 'success',
      PROGRAM_3: 'success',
      PROGRAM_4: 'success',
    });

    // 4 of the 6 units spent: the next comparison pays for two programs and is refused the rest.
    await compare(page);
    expect(await states(page)).toEqual({
      PROGRAM_1: 'success',
      PROGRAM_2: 'success',
      PROGRAM_3: 'failed',
      PROGRAM_4: 'failed',
    });
    for (const program of ['PROGRAM_3', 'PROGRAM_4']) {
      await expect(page.locator(`${card(program)} [data-testid=failure-status]`).textContent()).resolves.toBe(
        'Over budget (HTTP 403)',
      );
      await expect(page.locator(`${card(program)} [data-testid=failure-message]`).textContent()).resolves.toBe(
        'Your budget on this server is used up: it costs 1 quota unit and this user has 0 of 6 quota units left. The search was not sent, so no quota was spent.',
      );
    }
    await expect(page.locator('[data-testid=run-state]').textContent()).resolves.toMatch(
      /^Done: 2 of 4 answered, 2 failed\./,
    );

    // The service saw and charged six searches, not eight.
    expect(searchesAtMock() - searchesBefore).toBe(6);
    expect((await consumed()) - before).toBe(6);
    await expect(page.locator('[data-testid=quota-spent]').getAttribute('data-spent')).resolves.toBe('2');
    expect(errors).toEqual([]);
  });

  it("D92: a page on a second origin cannot spend a user's budget with the user's cookie: its text/plain fetches and its form are refused before the budget hook, and nothing reaches the service", async () => {
    // The victim's tab: it gets the demo's user cookie (SameSite=Strict, but the attacker below is same-site:
    // the same host on another port, so the browser sends it).
    const { page, context, errors } = await open();
    const target = `${harness.baseUrl}api/flight-search/flights/search`;
    const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const search = {
      airlineLoyalty: ['PROGRAM_1'],
      tripType: 'ONE_WAY',
      cabinType: 'ECONOMY',
      origin: 'GRU',
      destination: 'JFK',
      departureDate: departure,
      passengers: { adults: 1 },
    };
    // Requests that need no CORS preflight: fetch with text/plain (no-cors), and a text/plain form posted into a frame.
    const attack = `<!doctype html><title>win a prize</title>
<iframe name="sink"></iframe>
<form method="POST" action="${target}" enctype="text/plain" target="sink"><input name='${JSON.stringify(search).slice(0, -1)},"x":"' value='"}'></form>
<script>
  const sends = Array.from({ length: ${BUDGET + 1} }, () =>
    fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(JSON.stringify(search))} }).catch(() => {}));
  Promise.all(sends).then(() => { document.forms[0].submit(); });
</script>`;
    const evil = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(attack));
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    const attempts: { status: number; type: string }[] = [];
    context.on('response', (response) => {
      if (response.url() === target)
        attempts.push({ status: response.status(), type: response.request().resourceType() });
    });
    const searchesBefore = searchesAtMock();
    try {
      const tab = await context.newPage();
      await tab.goto(evilOrigin);
      // The fetches, then the form's navigation in the frame.
      await expect.poll(() => attempts.length, { timeout: 10_000 }).toBe(BUDGET + 2);
      // The form's answer, shown in the frame: the proxy's own refusal.
      await expect
        .poll(() => tab.frame({ name: 'sink' })?.locator('body').textContent(), { timeout: 10_000 })
        .toContain('PROXY_CROSS_SITE');
      await tab.close();
    } finally {
      await new Promise<void>((resolve) => evil.close(() => resolve()));
    }
    expect(attempts.filter((a) => a.type === 'document')).toHaveLength(1);
    // Each was refused at the proxy's door, 403 PROXY_CROSS_SITE. Before D92 they passed authorize with the
    // user's cookie and the budget hook, and reached the service (its 422 for text/plain).
    expect(attempts.map((a) => a.status)).toEqual(Array(BUDGET + 2).fill(403));
    expect(searchesAtMock() - searchesBefore).toBe(0);

    // The user's budget is whole: the user's own tab still spends it, from its own origin.
    await choosePrograms(page, PROGRAMS);
    await compare(page);
    expect(await states(page)).toEqual({
      PROGRAM_1: 'success',
      PROGRAM_2: 'success',
      PROGRAM_3: 'success',
      PROGRAM_4: 'success',
    });
    expect(searchesAtMock() - searchesBefore).toBe(4);
    expect(errors).toEqual([]);
  });

  it('switching from the in-page mock to the proxy in the settings hides the key field, and the worker left registered does not answer', async () => {
    current = await openPage(harness, '?latency=none');
    const { page, errors } = current;
    await expect(page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).resolves.toBe(
      `${harness.baseUrl}mockServiceWorker.js`,
    );

    await page.click('[data-testid=settings] summary');
    await expect(page.locator('#settings-api-key').isVisible()).resolves.toBe(true);
    await page.check('#settings-form input[name=mode][value=proxy]');
    await expect(page.locator('#settings-api-key').isVisible()).resolves.toBe(false);
    await expect(page.locator('[data-testid=settings-proxy-hint]').isVisible()).resolves.toBe(true);
    await Promise.all([page.waitForEvent('load'), page.click('#settings-form button[type=submit]')]);
    await page.locator('[data-testid=backend-status][data-state=ready][data-mode=proxy]').waitFor();

    // The mock-mode worker still controls the page, but it was not started: the search reaches the proxy.
    await expect(page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).resolves.toBe(
      `${harness.baseUrl}mockServiceWorker.js`,
    );
    await expect(page.evaluate(() => '__mock' in window)).resolves.toBe(false);
    const searchesBefore = searchesAtMock();
    await choosePrograms(page, ['PROGRAM_5']);
    await compare(page);
    await expect(page.locator(card('PROGRAM_5')).getAttribute('data-state')).resolves.toBe('success');
    expect(searchesAtMock() - searchesBefore).toBe(1);
    expect(errors).toEqual([]);
  });
});
