// The SDK scenario over HTTP against a running mock server (the CLI) whose URL
// is the first argument; the runner made the slow program slow and checks the
// cancellation in the server's request log.
import * as sdk from '@flight-search/sdk';
import { runScenario } from '../scenario.mjs';

const baseUrl = (globalThis.Deno?.args ?? globalThis.process.argv.slice(2))[0];
console.log(await runScenario(sdk, { baseUrl }));
