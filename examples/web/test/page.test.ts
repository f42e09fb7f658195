import { statSync } from 'node:fs';
import { startMockServer } from '@flight-search/mock-server/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  choosePrograms,
  openPage,
  searchRequests,
  startHarness,
  type Harness,
  type OpenPage,
} from './harness.js';

// Real Chromium against the Vite dev server; the service is the in-page mock
// behind msw's service worker, its programs slowed or failed per test
// through the page's query string.
let harness: Harness;
let current: OpenPage | undefined;

beforeAll(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await current?.context.close();
  current = undefined;
});
afterAll(async () => {
  await harness?.close();
});

async function open(query: string, settings?: Parameters<typeof openPage>[2]): Promise<OpenPage> {
  current = await openPage(harness, query, settings);
  return current;
}

const card = (program: string) => `[data-testid=card-${program}]`;
const FINISHED = '[data-testid=run-state]:is([data-state=done], [data-state=cancelled], [data-state=error])';

/** Waits until the run has ended and the page is idle again (quota after and history read). */
async function finished(page: OpenPage['page']): Promise<void> {
  await page.locator(FINISHED).waitFor();
  await page.locator('#search-form[aria-busy=false]').waitFor();
}

describe('the comparison page in Chromium', () => {
  it('loads with the msw service worker controlling the page and the form ready', async () => {
    const { page, errors } = await open('?latency=none');
    const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(worker).toBe(`${harness.baseUrl}mockServiceWorker.js`);
    await expect(page.locator('[data-testid=backend-status]').textContent()).resolves.toBe('In-page mock (msw)');
    await expect(page.locator('[data-testid=compare]').isEnabled()).resolves.toBe(true);
    // MILES is the default price type: the eight MILES programs are offered.
    await expect(page.locator('#program-list input[name=program]').count()).resolves.toBe(8);
    expect(errors).toEqual([]);
  });

  it('fills each card the moment its program answers, in latency order, and the progress bar reaches 4 of 4', async () => {
    const { page, errors } = await open('?latency=PROGRAM_1:900,PROGRAM_2:100,PROGRAM_3:2000,PROGRAM_4:500');
    await choosePrograms(page, ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4']);
    await page.click('[data-testid=compare]');

    // The fastest card is filled while the slowest program is still searching (1.9 s apart).
    await page.locator(`${card('PROGRAM_2')}[data-state=success]`).waitFor();
    await expect(page.locator(card('PROGRAM_3')).getAttribute('data-state')).resolves.toBe('searching');
    await expect(page.locator(`${card('PROGRAM_2')} [data-testid=price]`).textContent()).resolves.toMatch(
      /^[\d,]+ mi$/,
    );

    await finished(page);
    await expect(page.locator('[data-testid=run-state]').getAttribute('data-state')).resolves.toBe('done');
    const order = await page.$$eval('[data-testid=cards] > li', (cards) =>
      cards
        .map((c) => [c.getAttribute('data-program'), Number(c.getAttribute('data-order'))] as const)
        .sort((a, b) => a[1] - b[1])
        .map(([p]) => p),
    );
    expect(order).toEqual(['PROGRAM_2', 'PROGRAM_4', 'PROGRAM_1', 'PROGRAM_3']);
    await expect(page.locator('[data-testid=progress-label]').textContent()).resolves.toBe('4 of 4');
    const progress = await page.$eval('[data-testid=progress]', (p) => [
      (p as HTMLProgressElement).value,
      (p as HTMLProgressElement).max,
    ]);
    expect(progress).toEqual([4, 4]);
    // QUOTA-1: four ONE_WAY searches cost four units of test-key's 1000.
    await expect(page.locator('[data-testid=quota-before]').getAttribute('data-remaining')).resolves.toBe('1000');
    await expect(page.locator('[data-testid=quota-after]').getAttribute('data-remaining')).resolves.toBe('996');
    await expect(page.locator('[data-testid=quota-spent]').getAttribute('data-spent')).resolves.toBe('4');
    expect(errors).toEqual([]);
  });

  it('cancel aborts the searches in flight, marks their cards cancelled and sends no more requests', async () => {
    const { page, errors } = await open('?latency=PROGRAM_1:50,PROGRAM_2:20000,PROGRAM_3:20000,PROGRAM_4:20000');
    await choosePrograms(page, ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4']);
    // Two at a time: PROGRAM_1 and PROGRAM_2 start, PROGRAM_3 takes PROGRAM_1's slot, PROGRAM_4 waits.
    await page.selectOption('#concurrency', '2');
    await page.click('[data-testid=compare]');
    await page.locator(`${card('PROGRAM_1')}[data-state=success]`).waitFor();
    await page.waitForFunction(
      () =>
        (window as unknown as { __mock: { requests(): { path: string }[] } }).__mock
          .requests()
          .filter((r) => r.path === '/flights/search').length === 3,
    );
    await page.click('[data-testid=cancel]');

    await finished(page);
    await expect(page.locator('[data-testid=run-state]').getAttribute('data-state')).resolves.toBe('cancelled');
    const states = await page.$$eval('[data-testid=cards] > li', (cards) =>
      Object.fromEntries(cards.map((c) => [c.getAttribute('data-program'), c.getAttribute('data-state')])),
    );
    expect(states).toEqual({
      PROGRAM_1: 'success',
      PROGRAM_2: 'cancelled',
      PROGRAM_3: 'cancelled',
      PROGRAM_4: 'cancelled',
    });
    await expect(page.locator('[data-testid=progress-label]').textContent()).resolves.toBe('1 of 4');
    await expect(page.locator('[data-testid=compare]').isEnabled()).resolves.toBe(true);

    // Nothing more goes out after the cancel, and no late answer refills a card.
    expect((await searchRequests(page)).sort()).toEqual(['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3']);
    await page.waitForTimeout(1000);
    expect((await searchRequests(page)).sort()).toEqual(['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3']);
    await expect(page.locator(card('PROGRAM_2')).getAttribute('data-state')).resolves.toBe('cancelled');
    expect(errors).toEqual([]);
  });

  it('PROVIDER-1: a failing program shows as failed with its provider status while the others succeed', async () => {
    const { page, errors } = await open('?latency=none&fail=PROGRAM_4:503');
    await choosePrograms(page, ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_4', 'PROGRAM_5']);
    await page.click('[data-testid=compare]');
    await finished(page);

    const states = await page.$$eval('[data-testid=cards] > li', (cards) =>
      Object.fromEntries(cards.map((c) => [c.getAttribute('data-program'), c.getAttribute('data-state')])),
    );
    expect(states).toEqual({ PROGRAM_1: 'success', PROGRAM_2: 'success', PROGRAM_4: 'failed', PROGRAM_5: 'success' });
    await expect(page.locator(`${card('PROGRAM_4')} [data-testid=failure-status]`).textContent()).resolves.toBe(
      'Provider status 503',
    );
    await expect(page.locator(`${card('PROGRAM_4')} [data-testid=failure-message]`).textContent()).resolves.toBe(
      'Simulated failure of PROGRAM_4 (503)',
    );
    await expect(page.locator('[data-testid=run-state]').textContent()).resolves.toMatch(
      /^Done: 3 of 4 answered, 1 failed\./,
    );
    await expect(page.locator('[data-testid=progress-label]').textContent()).resolves.toBe('4 of 4');
    expect(errors).toEqual([]);
  });

  it('QUOTA-1: with a key that can pay for two searches, two programs answer and the others fail with HTTP 402', async () => {
    const { page, errors } = await open('?latency=none', { mode: 'mock', apiKey: 'low-quota-key' });
    await choosePrograms(page, ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4']);
    await page.click('[data-testid=compare]');
    await finished(page);

    const states = await page.$$eval('[data-testid=cards] > li', (cards) =>
      cards.map((c) => c.getAttribute('data-state')).sort(),
    );
    expect(states).toEqual(['failed', 'failed', 'success', 'success']);
    const failures = await page.$$eval(
      '[data-testid=cards] > li[data-state=failed] [data-testid=failure-status]',
      (n) => n.map((e) => e.textContent),
    );
    expect(failures).toEqual(['HTTP 402', 'HTTP 402']);
    await expect(page.locator('[data-testid=quota-before]').getAttribute('data-remaining')).resolves.toBe('2');
    await expect(page.locator('[data-testid=quota-after]').getAttribute('data-remaining')).resolves.toBe('0');
    expect(errors).toEqual([]);
  });

  it('SEARCH-5: the form refuses a search whose origin equals its destination and sends no request', async () => {
    const { page, errors } = await open('?latency=none');
    await page.fill('#destination', 'gru');
    await page.click('[data-testid=compare]');
    await expect(page.locator('[data-testid=form-errors] li[data-field="body.destination"]').count()).resolves.toBe(1);
    await expect(page.locator('#destination').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('[data-testid=run-state]').getAttribute('data-state')).resolves.toBe('idle');
    expect(await searchRequests(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('HISTORY-2: draws the price history with one series per requested program and saves a screenshot of the finished page', async () => {
    const { page, errors } = await open(
      '?latency=PROGRAM_1:120,PROGRAM_2:400,PROGRAM_3:250,PROGRAM_5:600,PROGRAM_6:80&fail=PROGRAM_3:502',
    );
    const programs = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_5', 'PROGRAM_6'];
    await choosePrograms(page, programs);
    await page.click('[data-testid=compare]');
    await finished(page);
    await page.locator('[data-testid=history-chart][data-state=ready]').waitFor();

    const series = JSON.parse((await page.getAttribute('[data-testid=history-chart]', 'data-series')) ?? '[]') as {
      label: string;
      points: number;
    }[];
    expect(series.map((s) => s.label)).toEqual(['Program 1', 'Program 2', 'Program 3', 'Program 5', 'Program 6']);
    for (const s of series) expect(s.points).toBeGreaterThan(0);
    // The table mirror has one column per program after the day column.
    await expect(page.locator('#history-table thead th').count()).resolves.toBe(1 + programs.length);
    // Chart.js painted the canvas: a good share of its pixels are not transparent.
    const painted = await page.$eval('[data-testid=history-chart]', (canvas) => {
      const c = canvas as HTMLCanvasElement;
      const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) n++;
      return n / (c.width * c.height);
    });
    expect(painted).toBeGreaterThan(0.01);

    await page.evaluate(() => window.scrollTo(0, 0));
    const path = `${ARTIFACTS}web-finished.png`;
    await page.screenshot({ path, fullPage: true });
    expect(statSync(path).size).toBeGreaterThan(20_000);
    expect(errors).toEqual([]);
  });

  it('talks to a server at a base URL from the settings, without the service worker', async () => {
    const server = await startMockServer({ latency: 'none', log: false });
    try {
      server.mock.setProgramBehavior('PROGRAM_2', { fail: { status: 500, message: 'Upstream down' } });
      const { page, errors } = await open('', { mode: 'remote', baseUrl: server.url, apiKey: 'test-key' });
      await expect(page.locator('[data-testid=backend-status]').getAttribute('data-mode')).resolves.toBe('remote');
      await expect(page.evaluate(() => navigator.serviceWorker.controller)).resolves.toBeNull();
      await choosePrograms(page, ['PROGRAM_1', 'PROGRAM_2']);
      await page.click('[data-testid=compare]');
      await finished(page);

      await expect(page.locator(`${card('PROGRAM_1')}`).getAttribute('data-state')).resolves.toBe('success');
      await expect(page.locator(`${card('PROGRAM_2')} [data-testid=failure-status]`).textContent()).resolves.toBe(
        'Provider status 500',
      );
      const searches = server.mock.requests().filter((r) => r.path === '/flights/search');
      expect(searches.map((r) => (r.body as { airlineLoyalty: string[] }).airlineLoyalty[0]).sort()).toEqual([
        'PROGRAM_1',
        'PROGRAM_2',
      ]);
      expect(searches.every((r) => r.headers['x-api-key'] === '[redacted]')).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
