#!/usr/bin/env node
// Regenerates every file derived from openapi.yaml. With --check it writes
// nothing and fails when a committed file differs from a fresh generation,
// so CI catches a contract change that was not regenerated (or a hand edit).
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import openapiTS, { astToString, transformSchemaObject, tsUnion } from 'openapi-typescript';
import ts from 'typescript';
import { headingAnchors, REPOSITORY } from './release/check-links.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(root, 'openapi.yaml');
const check = process.argv.includes('--check');

const banner = (what) =>
  `// This file is generated from openapi.yaml by \`npm run generate\` (${what}).\n// Do not edit it by hand: change openapi.yaml and regenerate.\n`;

/**
 * `(string & {})`: any string, written so that editors still offer the known
 * literals of a union it joins (a bare `string` would swallow them).
 */
const ANY_OTHER_STRING = ts.factory.createParenthesizedType(
  ts.factory.createIntersectionTypeNode([
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    ts.factory.createTypeLiteralNode([]),
  ]),
);

/**
 * An open value set (D22): `anyOf: [<known values>, { type: string }]` marked
 * `x-open-enum: true`. openapi-typescript would print `string` (the union
 * absorbs the literals); this prints `<known values> | (string & {})`.
 */
function openEnumType(schema, options) {
  const [known, other, ...more] = schema.anyOf ?? [];
  const isAnyString = (branch) => branch && Object.keys(branch).length === 1 && branch.type === 'string';
  if (!known || !isAnyString(other) || more.length) {
    throw new Error(`x-open-enum needs anyOf: [<known values>, { type: string }], got ${JSON.stringify(schema)}`);
  }
  return tsUnion([transformSchemaObject(known, options), ANY_OTHER_STRING]);
}

/**
 * `if`/`then`/`else` (SEARCH-2 and SEARCH-7 in SearchRequest) has no TypeScript
 * form; openapi-typescript would add `& (unknown & unknown)` for them. The type
 * is the object without its conditional `allOf` items; the rules stay enforced
 * by validators (the contract's validateSearchRequest, any JSON Schema tool).
 */
const isConditional = (item) => item && typeof item === 'object' && 'if' in item;

/** openapi-typescript options of the SDK's types; `transformed` counts the open enums it rewrote. */
function typeOptions(transformed) {
  return {
    alphabetize: false,
    // A field with a default may be left out of a request (issue 12, item 4): with openapi-typescript's
    // default (true) `passengers.children` was required in the request body type. No response field has
    // a default, so every field the service always sends stays required through `required` alone.
    defaultNonNullable: false,
    transform(schema, options) {
      if (schema['x-open-enum'] === true) {
        transformed.add(schema);
        return openEnumType(schema, options);
      }
      if (Array.isArray(schema.allOf) && schema.allOf.some(isConditional)) {
        const kept = schema.allOf.filter((item) => !isConditional(item));
        const { allOf, ...rest } = schema;
        return transformSchemaObject(kept.length ? { ...rest, allOf: kept } : rest, options);
      }
      return undefined;
    },
  };
}

/** Every schema object of `node` marked `x-open-enum`. */
function openEnums(node, found = []) {
  if (Array.isArray(node)) for (const item of node) openEnums(item, found);
  else if (node && typeof node === 'object') {
    if (node['x-open-enum'] === true) found.push(node);
    for (const value of Object.values(node)) openEnums(value, found);
  }
  return found;
}

/**
 * `text` with each decision id of openapi.yaml's descriptions (`D22`) written as a link to that
 * decision, named by its title: these types are bundled into the SDK's .d.ts, where an id alone
 * means nothing to a user, and a link works on npm only if absolute (issue 27 item 5).
 */
async function linkDecisions(text) {
  const decisions = new Map();
  for (const [, id, title] of (await readFile(join(root, 'docs/decisions.md'), 'utf8')).matchAll(
    /^### (D\d+)\. (.+)$/gm,
  )) {
    decisions.set(id, {
      title: title.replace(/`/g, ''),
      anchor: headingAnchors(`### ${id}. ${title}`)[Symbol.iterator]().next().value,
    });
  }
  // The first mention links the decision; later ones name it (the mock's tarball carries these
  // types twice over, and its unpacked size is capped).
  const linked = new Set();
  return text.replace(/\bD\d+\b/g, (id) => {
    const decision = decisions.get(id);
    if (!decision) throw new Error(`openapi.yaml cites ${id}, which docs/decisions.md does not hold`);
    if (linked.has(id)) return `"${decision.title}"`;
    linked.add(id);
    return `[${decision.title}](${REPOSITORY}/blob/main/docs/decisions.md#${decision.anchor})`;
  });
}

/** Each generator returns [path relative to the root, contents]. */
const generators = [
  async () => {
    const document = parse(await readFile(source, 'utf8'));
    const transformed = new Set();
    const ast = await openapiTS(document, typeOptions(transformed));
    // A marked schema the hook never saw (openapi-typescript calls it only in some places) would
    // silently come out as `string`: refuse to generate instead.
    const missed = openEnums(document).length - transformed.size;
    if (missed)
      throw new Error(`${missed} x-open-enum schema(s) of openapi.yaml were not rewritten by the transform hook`);
    return [
      'packages/contract/src/generated/openapi.ts',
      `${banner('openapi-typescript')}\n${await linkDecisions(astToString(ast))}`,
    ];
  },
];

// Other packages register generators in scripts/generators/*.mjs (default export: async () => [path, text]).
try {
  const { readdir } = await import('node:fs/promises');
  for (const file of (await readdir(resolve(root, 'scripts/generators'))).sort()) {
    if (file.endsWith('.mjs'))
      generators.push((await import(pathToFileURL(resolve(root, 'scripts/generators', file)))).default);
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
      console.error(
        `${relative(root, target)} differs from a fresh generation of openapi.yaml: run \`npm run generate\`.`,
      );
    }
  } else {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
    console.log(`generated ${relative(root, target)}`);
  }
}
if (check && stale) process.exit(1);
if (check) console.log('generated files are up to date with openapi.yaml');
