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

/** Where `openapi.yaml` is: next to the package.json when published; in a checkout, the repository root's, never a stale copy. */
export function locateOpenApi(from: string = moduleDir()): string {
  const packageRoot = findPackageRoot(from);
  if (packageRoot === undefined)
    throw new Error(`Cannot find the ${PACKAGE_NAME} package above ${from} to locate openapi.yaml.`);
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

/** Set only inside the single executable (D182): the package's version and its two documents. */
declare const __FLIGHT_SEARCH_EMBEDDED__:
  | { version: string; 'openapi.yaml': string; 'control-api.yaml': string }
  | undefined;
const embedded = typeof __FLIGHT_SEARCH_EMBEDDED__ === 'object' ? __FLIGHT_SEARCH_EMBEDDED__ : undefined;

/** The service's contract (`openapi.yaml`) or the control API's (`control-api.yaml`, next to the package's package.json). */
export type DocumentName = 'openapi.yaml' | 'control-api.yaml';

/** The text of `name`: embedded in the executable, else read from the package. */
export function readDocumentText(name: DocumentName): string {
  if (embedded !== undefined) return embedded[name];
  return readFileSync(locateDocument(name), 'utf8');
}

function locateDocument(name: DocumentName): string {
  if (name === 'openapi.yaml') return locateOpenApi();
  const packageRoot = findPackageRoot(moduleDir());
  if (packageRoot === undefined)
    throw new Error(`Cannot find the ${PACKAGE_NAME} package above ${moduleDir()} to locate ${name}.`);
  return join(packageRoot, name);
}

let version: string | undefined;

/** This package's version (its package.json's), read once. */
export function mockVersion(): string {
  if (embedded !== undefined) return embedded.version;
  if (version === undefined) {
    const packageRoot = findPackageRoot(moduleDir());
    const manifest =
      packageRoot === undefined
        ? undefined
        : (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version?: unknown });
    version = typeof manifest?.version === 'string' ? manifest.version : 'unknown';
  }
  return version;
}

/** Reads a document once, on first use, and serves the same bytes afterwards. */
export function openApiDocument(name: DocumentName = 'openapi.yaml'): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  return () => {
    cached ??=
      embedded !== undefined
        ? Promise.resolve(Buffer.from(embedded[name]))
        : Promise.resolve().then(() => readFile(locateDocument(name)));
    // A failed read is retried on the next request instead of being cached.
    cached.catch(() => {
      cached = undefined;
    });
    return cached;
  };
}
