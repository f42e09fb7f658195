// Row "Cloudflare Workers": the scenario as a module Worker in workerd, run by
// miniflare (from the runtimes directory), calling the mock server over HTTP.
//   node workerd.mjs PROJECT MOCK_URL   (RUNTIMES_DIR: where miniflare is installed)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from './bundle.mjs';

const [project, mockUrl] = process.argv.slice(2);
const { Miniflare } = await import(
  pathToFileURL(createRequire(join(process.env.RUNTIMES_DIR, 'package.json')).resolve('miniflare')).href
);
const script = await bundle(join(project, 'entries', 'worker.mjs'), 'esm');
const mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-09-01' });
try {
  const response = await mf.dispatchFetch(`http://worker.test/?mock=${encodeURIComponent(mockUrl)}`);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the Worker answered ${response.status}: ${text}`);
  console.log(text);
} finally {
  await mf.dispose();
}
