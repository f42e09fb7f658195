#!/usr/bin/env node
// Regenerates every file derived from openapi.yaml. With --check it writes
// nothing and fails when a committed file differs from a fresh generation,
// so CI catches a contract change that was not regenerated (or a hand edit).
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(root, 'openapi.yaml');
const check = process.argv.includes('--check');

const banner = (what) =>
  `// This file is generated from openapi.yaml by \`npm run generate\` (${what}).\n` +
  `// Do not edit it by hand: change openapi.yaml and regenerate.\n`;

/** Each generator returns [path relative to the root, contents]. */
const generators = [
  async () => {
    const ast = await openapiTS(pathToFileURL(source), { alphabetize: false });
    return ['packages/sdk/src/generated/openapi.ts', banner('openapi-typescript') + '\n' + astToString(ast)];
  },
];

// Other packages register generators in scripts/generators/*.mjs (default export: async () => [path, text]).
try {
  const { readdir } = await import('node:fs/promises');
  for (const file of (await readdir(resolve(root, 'scripts/generators'))).sort()) {
    if (file.endsWith('.mjs')) generators.push((await import(pathToFileURL(resolve(root, 'scripts/generators', file)))).default);
  }
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}

let stale = 0;
for (const generate of generators) {
  const [path, text] = await generate({ root, source, banner });
  const target = resolve(root, path);
  if (check) {
    const current = await readFile(target, 'utf8').catch(() => null);
    if (current !== text) {
      stale++;
      console.error(`${relative(root, target)} differs from a fresh generation of openapi.yaml: run \`npm run generate\`.`);
    }
  } else {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
    console.log(`generated ${relative(root, target)}`);
  }
}
if (check && stale) process.exit(1);
if (check) console.log('generated files are up to date with openapi.yaml');
