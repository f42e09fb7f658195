#!/usr/bin/env node
// `npm run check:readme`: every ```ts block of the READMEs type-checks as written.
// Each block becomes a module of its own (so two snippets may both declare `client`)
// under .tmp/readme-snippets/, and tsc checks them all against the packages' sources
// (the same mapping the workspaces' tests use), with Node's and the DOM's types, since
// a README shows code for both. A block marked ```ts continued goes on from the
// block before it in the same README (it is checked with that block's code first).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { snippets } from './lib/snippets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const READMES = ['README.md', 'packages/sdk/README.md', 'packages/mock-server/README.md', 'examples/consumer-tests/README.md', 'examples/web/README.md'];
const out = join(root, '.tmp/readme-snippets');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = [];
for (const readme of READMES) {
  for (const { line, code, parts } of snippets(readFileSync(join(root, readme), 'utf8'))) {
    const name = `${readme.replaceAll('/', '__').replace(/\.md$/, '')}__L${line}.ts`;
    // `export {}` makes a snippet without imports a module too, so snippets never share a scope.
    writeFileSync(join(out, name), `${code}\nexport {};\n`);
    files.push({ name, readme, line, parts });
  }
}

const src = (path) => relative(out, join(root, path));
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: relative(out, join(root, 'tsconfig.json')),
      compilerOptions: {
        types: ['node'],
        noUnusedLocals: false,
        baseUrl: '.',
        paths: {
          '@flight-search/sdk': [src('packages/sdk/src/index.ts')],
          '@flight-search/sdk/raw': [src('packages/sdk/src/raw.ts')],
          '@flight-search/sdk/proxy': [src('packages/sdk/src/proxy/index.ts')],
          '@flight-search/sdk/proxy/node': [src('packages/sdk/src/proxy/node.ts')],
          '@flight-search/sdk/query': [src('packages/sdk/src/query-tanstack.ts')],
          '@flight-search/mock-server': [src('packages/mock-server/src/index.ts')],
          '@flight-search/mock-server/node': [src('packages/mock-server/src/node/index.ts')],
        },
      },
      include: ['*.ts'],
    },
    null,
    2,
  ),
);

const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(out, 'tsconfig.json')], { encoding: 'utf8' });
// Name each failing snippet by its README and line, not by the generated file.
/** `README.md:line:column` of line `l` (1-based) of a checked snippet file. */
function where(file, l, c) {
  let rest = l;
  for (const part of file.parts) {
    const count = part.code.split('\n').length;
    if (rest <= count) return `${file.readme}:${part.line + rest}:${c}`;
    rest -= count;
  }
  return `${file.readme}:${file.line}`;
}
// Name each failing snippet by its README and line, not by the generated file.
const report = (tsc.stdout + tsc.stderr).replace(/(?:[^\s]*\/)?([\w.-]+__L\d+)\.ts\((\d+),(\d+)\)/g, (match, name, l, c) => {
  const file = files.find((f) => f.name === `${name}.ts`);
  return file ? `${where(file, Number(l), c)} (snippet at line ${file.line})` : match;
});
if (tsc.status !== 0) {
  process.stderr.write(report);
  console.error(`check:readme: ${files.length} snippets, tsc found errors above`);
  process.exit(1);
}
console.log(`check:readme: ${files.length} README snippets type-check as written`);
