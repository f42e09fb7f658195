// The workspace packages that are published (not `private`), read from the root package.json's
// `workspaces` (entries are a directory or `dir/*`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** @returns {{ dir: string, path: string, pkg: Record<string, any> }[]} dir relative to the root, path absolute */
export function publishedPackages() {
  const dirs = readJson(join(root, 'package.json')).workspaces.flatMap((entry) => {
    if (!entry.endsWith('/*')) return [entry];
    const parent = entry.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${parent}/${d.name}`);
  });
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, path: join(root, dir), pkg: readJson(join(root, dir, 'package.json')) }))
    .filter(({ pkg }) => !pkg.private);
}
