// The SDK scenario as a global function, for runtimes that evaluate a script
// (the Vercel Edge runtime) and for a page or a Web Worker in Chromium.
import * as sdk from '@flight-search/sdk';
import { runScenario } from '../scenario.mjs';

globalThis.flightSearchScenario = (baseUrl) => runScenario(sdk, { baseUrl });
// In a Web Worker: run on the page's message, answer with { ok, text }.
if (typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope) {
  globalThis.onmessage = async (event) => {
    try {
      globalThis.postMessage({ ok: true, text: await globalThis.flightSearchScenario(event.data), worker: true });
    } catch (error) {
      globalThis.postMessage({ ok: false, text: String(error?.stack ?? error) });
    }
  };
}
