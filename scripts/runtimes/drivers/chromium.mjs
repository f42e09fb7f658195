// Rows "Chromium page" and "Chromium Web Worker": the scenario bundled for the
// browser, served from 127.0.0.1 and run in headless Chromium (playwright-core,
// /usr/bin/chromium or what scripts/lib/browser.mjs finds) in the page itself
// or in a dedicated Web Worker, against the mock server over HTTP (CORS).
// setupWorker: in the page against the mock's msw handlers, answered by the
// project's own msw service worker (MOCK_URL is unused, `-`).
//   node chromium.mjs PROJECT MOCK_URL page|worker|setupWorker
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { bundle } from './bundle.mjs';
import { ensureChromium } from '../../lib/browser.mjs';

const [project, mockUrl, where] = process.argv.slice(2);
const script = await bundle(
  join(project, 'entries', where === 'setupWorker' ? 'msw-worker.mjs' : 'global.mjs'),
  'iife',
);
const files = {
  '/': ['text/html', '<!doctype html><title>runtimes</title><script src="/scenario.js"></script>'],
  '/scenario.js': ['text/javascript', script],
};
if (where === 'setupWorker') {
  const resolve = createRequire(join(project, 'package.json')).resolve;
  files['/mockServiceWorker.js'] = ['text/javascript', readFileSync(resolve('msw/mockServiceWorker.js'), 'utf8')];
}
const server = createServer((request, response) => {
  const file = files[new URL(request.url, 'http://x').pathname];
  response.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' }).end(file?.[1] ?? 'not found');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: ensureChromium({ log: (line) => console.error(line) }),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-extensions',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${origin}/`);
  const result = await page.evaluate(
    ([where, mockUrl]) => {
      if (where !== 'worker')
        return globalThis.flightSearchScenario(mockUrl).then(
          (text) => ({ ok: true, text, worker: false }),
          (error) => ({ ok: false, text: String(error?.stack ?? error) }),
        );
      return new Promise((resolve) => {
        const worker = new Worker('/scenario.js');
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => resolve({ ok: false, text: `worker error: ${event.message}` });
        worker.postMessage(mockUrl);
      });
    },
    [where, mockUrl],
  );
  if (!result.ok) throw new Error(`${result.text}${errors.length ? `\npage errors: ${errors.join('\n')}` : ''}`);
  if (result.worker !== (where === 'worker'))
    throw new Error(`the scenario ran ${result.worker ? 'in a worker' : 'in the page'}, expected ${where}`);
  console.log(`${result.text}; ${await browser.version()}`);
} finally {
  await browser.close();
  server.close();
}
