// Row "Vercel Edge runtime": the scenario evaluated in edge-runtime (the
// runtime `next dev` and Vercel use to emulate the Edge runtime), over HTTP.
//   node edge.mjs PROJECT MOCK_URL   (RUNTIMES_DIR: where edge-runtime is installed)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from './bundle.mjs';

const [project, mockUrl] = process.argv.slice(2);
const { EdgeRuntime } = await import(
  pathToFileURL(createRequire(join(process.env.RUNTIMES_DIR, 'package.json')).resolve('edge-runtime')).href
);
const runtime = new EdgeRuntime({ initialCode: await bundle(join(project, 'entries', 'global.mjs'), 'iife') });
// Proves the code ran inside the Edge runtime's context, not in this Node process.
const name = runtime.evaluate('typeof EdgeRuntime === "string" ? EdgeRuntime : "none"');
if (name !== 'edge-runtime') throw new Error(`globalThis.EdgeRuntime in the context is ${name}`);
if (typeof globalThis.flightSearchScenario !== 'undefined')
  throw new Error('the scenario leaked into the Node context');
console.log(`${await runtime.evaluate(`flightSearchScenario(${JSON.stringify(mockUrl)})`)}; EdgeRuntime=${name}`);
