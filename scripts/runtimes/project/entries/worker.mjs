// A Cloudflare Worker (module syntax) that runs the SDK scenario against the
// mock server whose URL the request's `?mock=` carries, and answers with the summary.
import * as sdk from '@flight-search/sdk';
import { runScenario } from '../scenario.mjs';

export default {
  async fetch(request) {
    const baseUrl = new URL(request.url).searchParams.get('mock');
    try {
      return new Response(await runScenario(sdk, { baseUrl }));
    } catch (error) {
      return new Response(String(error?.stack ?? error), { status: 500 });
    }
  },
};
