import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@flight-search/mock-server';

/** The directory of this module, in both the ESM and the CJS build. */
function moduleDir(): string {
  // esbuild leaves `import.meta` empty in the CJS build, where __filename exists.
  return typeof __filename === 'string' ? dirname(__filename) : dirname(fileURLToPath(import.meta.url));
}

/**
 * Where `openapi.yaml` is. The published package ships a copy next to its
 * package.json (the build copies it there); in this repository the source of
 * truth is at the monorepo root, two levels up, and a source checkout prefers
 * it so a stale build copy is never served.
 */
export function locateOpenApi(from: string = moduleDir()): string {
  const packageRoot = findPackageRoot(from);
  if (packageRoot === undefined) throw new Error(`Cannot find the ${PACKAGE_NAME} package above ${from} to locate openapi.yaml.`);
  const shipped = join(packageRoot, 'openapi.yaml');
  const monorepo = join(packageRoot, '..', '..', 'openapi.yaml');
  const fromSource = existsSync(join(packageRoot, 'src', 'node'));
  const candidates = fromSource ? [monorepo, shipped] : [shipped, monorepo];
  const found = candidates.find((file) => existsSync(file));
  if (found === undefined) throw new Error(`openapi.yaml not found; looked at ${candidates.join(' and ')}.`);
  return found;
}

function findPackageRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) return dir;
      } catch {
        // An unreadable manifest is not ours; keep walking up.
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Reads the contract once, on first use, and serves the same bytes afterwards. */
export function openApiDocument(): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  return () => {
    cached ??= Promise.resolve().then(() => readFile(locateOpenApi()));
    // A failed read is retried on the next request instead of being cached.
    cached.catch(() => {
      cached = undefined;
    });
    return cached;
  };
}
