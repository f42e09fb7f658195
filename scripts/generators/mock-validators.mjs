// Compiles the mock server's search-body validator from openapi.yaml with ajv
// standalone code, committed as TypeScript, so the mock (which also runs in a
// browser's service worker) never parses YAML or compiles schemas at run time.
// mock-validators-history.mjs reuses `compileValidator` for the history query.
import { readFile } from 'node:fs/promises';
import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { parse } from 'yaml';

/** Reads openapi.yaml. */
export async function readDocument(source) {
  return parse(await readFile(source, 'utf8'));
}

/** Resolves local `#/components/...` refs so each compiled schema is self-contained. */
export function inline(node, document, seen = []) {
  if (Array.isArray(node)) return node.map((item) => inline(item, document, seen));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref)) throw new Error(`recursive $ref ${node.$ref}`);
    const target = node.$ref.replace(/^#\//, '').split('/').reduce((at, key) => at[key], document);
    const { $ref, ...rest } = node;
    return inline({ ...target, ...rest }, document, [...seen, node.$ref]);
  }
  // Annotations only: dropping them keeps the generated code free of noise.
  const { description, examples, example, summary, ...rest } = node;
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value, document, seen)]));
}

/** The history query parameters as one object schema (repeatable ones are arrays). */
export function historyQuerySchema(document) {
  const parameters = document.paths['/intelligence/flights/history'].get.parameters.map((p) => inline(p, document));
  return {
    type: 'object',
    required: parameters.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
  };
}

/**
 * The search body schema the mock compiles: openapi.yaml's, without its
 * conditional subschemas (`allOf` items with `if`, each naming its rule in
 * `x-rule`: `SEARCH-2`, `SEARCH-7`). Those rules stay with the hand-written
 * cross-field rules of src/validation/cross-field.ts, because D6 fixes what the
 * 422 says about them (type `cross_field` for SEARCH-2, `missing` for SEARCH-7,
 * the rule's own message, and only once every field the rule reads is valid
 * on its own), which ajv's `if`/`then` errors cannot produce. So the compiled
 * validator, and every 422, is the same as before the rules became schema.
 */
export function searchRequestSchema(document) {
  const schema = inline(document.paths['/flights/search'].post.requestBody.content['application/json'].schema, document);
  return withoutConditions(schema, new Set(document.paths['/flights/search'].post['x-rules'].map((rule) => rule.id)));
}

/** `schema` without its `allOf` items that hold `if` (each must name a rule of `ruleIds` in `x-rule`). */
export function withoutConditions(schema, ruleIds) {
  if (!schema.allOf) return schema;
  const conditional = (item) => 'if' in item;
  for (const item of schema.allOf.filter(conditional)) {
    if (!ruleIds.has(item['x-rule'])) throw new Error(`a conditional subschema must name its rule in x-rule: ${JSON.stringify(item)}`);
  }
  const { allOf, ...rest } = schema;
  const kept = allOf.filter((item) => !conditional(item));
  return kept.length ? { ...rest, allOf: kept } : rest;
}

/**
 * ajv standalone code for one schema, exported as `exportName`, as a TypeScript module.
 * `coerce` reads strings as their declared types (query parameters, D16).
 */
export function compileValidator({ schema, exportName, coerce, banner }) {
  const ajv = new Ajv.default({
    strict: false,
    strictNumbers: true, // Infinity and NaN are not numbers of the contract.
    allErrors: true, // the 422 lists every problem (D6)
    ownProperties: true, // never read a field from the prototype chain (`__proto__` bodies)
    coerceTypes: coerce,
    // The calendar check lives in src/validation/formats.ts; the compiled code imports it.
    formats: { date: () => true },
    code: { source: true, lines: true, formats: _`require("../validation/formats.js").formats` },
  });
  ajv.addSchema(schema, 'schema');
  const code = standaloneCode(ajv, { [exportName]: 'schema' })
    .replace(/^"use strict";/, '')
    .replace(/exports\.(\w+) = (\w+);/g, '')
    .replace(/module\.exports = .*;\nmodule\.exports\.default = .*;/, '')
    .replace(/const (\w+) = require\("\.\.\/validation\/formats\.js"\)\.formats\.(\w+);/g, 'const $1 = formats.$2;')
    .replace(/const (\w+) = require\("(ajv\/dist\/runtime\/\w+)"\)\.default;/g, 'import $1 from "$2.js";');
  const validator = code.match(/function (validate\d+)\(data/)[1];
  return (
    banner('ajv standalone, scripts/generators/mock-validators*.mjs') +
    '/* eslint-disable */\n// @ts-nocheck\n' +
    "import type { CompiledValidator } from '../validation/compiled.js';\n" +
    "import { formats } from '../validation/formats.js';\n" +
    code.trim() +
    `\n\nexport const ${exportName}: CompiledValidator = ${validator};\n`
  );
}

export default async function generate({ source, banner }) {
  const document = await readDocument(source);
  return [
    'packages/mock-server/src/generated/validate-search-request.ts',
    compileValidator({ schema: searchRequestSchema(document), exportName: 'validateSearchRequestSchema', coerce: false, banner }),
  ];
}
