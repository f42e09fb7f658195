// Bundles an entry of the consumer project (resolving the installed tarballs
// from its node_modules) for a runtime without node_modules resolution.
import { build } from 'esbuild';

/** One ESM or IIFE file, Web APIs only: a Node built-in in the SDK's graph fails the bundle. */
export async function bundle(entry, format) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format,
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
