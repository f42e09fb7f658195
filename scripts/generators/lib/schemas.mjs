// The request schemas of openapi.yaml as the contract package's validator reads
// them (scripts/generators/contract.mjs) and as the mock's tests compile them
// with ajv, the independent check of that validator.
import { readFile } from 'node:fs/promises';
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
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at, key) => at[key], document);
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
 * The search body schema the validator reads: openapi.yaml's, without its
 * conditional subschemas (`allOf` items with `if`, each naming its rule in
 * `x-rule`: `SEARCH-2`, `SEARCH-7`). Those rules are the contract package's
 * cross-field rules (packages/contract/src/validate/search.ts), because D6 fixes
 * what the 422 says about them (type `cross_field` for SEARCH-2, `missing` for
 * SEARCH-7, the rule's own message, and only once every field the rule reads is
 * valid on its own), which a schema's `if`/`then` cannot say.
 */
export function searchRequestSchema(document) {
  const schema = inline(
    document.paths['/flights/search'].post.requestBody.content['application/json'].schema,
    document,
  );
  return withoutConditions(schema, new Set(document.paths['/flights/search'].post['x-rules'].map((rule) => rule.id)));
}

/** `schema` without its `allOf` items that hold `if` (each must name a rule of `ruleIds` in `x-rule`). */
export function withoutConditions(schema, ruleIds) {
  if (!schema.allOf) return schema;
  const conditional = (item) => 'if' in item;
  for (const item of schema.allOf.filter(conditional)) {
    if (!ruleIds.has(item['x-rule']))
      throw new Error(`a conditional subschema must name its rule in x-rule: ${JSON.stringify(item)}`);
  }
  const { allOf, ...rest } = schema;
  const kept = allOf.filter((item) => !conditional(item));
  return kept.length ? { ...rest, allOf: kept } : rest;
}

/** The keywords the contract's validator interprets (packages/contract/src/validate/schema.ts). */
const VALIDATOR_KEYWORDS = new Set([
  'default',
  'type',
  'required',
  'properties',
  'items',
  'enum',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'x-decision',
  'x-message',
  'x-place',
]);
/** Keywords that say nothing a validator checks. */
const ANNOTATIONS = new Set(['title', 'x-open-enum']);

/**
 * `schema` as the validator's table: only the keywords it interprets, annotations dropped. Any other
 * keyword (a new `oneOf`, `exclusiveMinimum`, `additionalProperties`...) stops the generation, so a
 * contract change the validator does not understand can never pass silently.
 */
export function validatorSchema(schema, at = '#') {
  const table = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (!VALIDATOR_KEYWORDS.has(keyword))
      throw new Error(
        `${at}: the contract's validator does not interpret "${keyword}"; teach packages/contract/src/validate/schema.ts first`,
      );
    if (keyword === 'properties')
      table.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, validatorSchema(sub, `${at}/properties/${name}`)]),
      );
    else if (keyword === 'items') table.items = validatorSchema(value, `${at}/items`);
    else table[keyword] = value;
  }
  return table;
}

/** The keywords the answer checker interprets (packages/contract/src/validate/answer.ts), besides `properties` and `items`. */
const ANSWER_KEYWORDS = new Set([
  'type',
  'required',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'anyOf',
  'oneOf',
  'allOf',
  'unevaluatedProperties',
]);
/** Keywords of an answer's schema that say nothing the checker checks (an open object, a default, our notes). */
const ANSWER_ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'default',
  'additionalProperties',
  'x-open-enum',
  'x-message',
  'x-decision',
  'x-place',
  'x-rule',
]);

/**
 * The answers each operation declares, as data for the contract's answer checker (D94's route A, issue 30):
 * `operations` maps `METHOD path` to its statuses and each status to its body's schema (`null`: no body declared),
 * `schemas` holds every component schema they reach, a `$ref` kept as the component's name so each is written once.
 * A keyword the checker does not interpret stops the generation, as `validatorSchema` does for requests.
 */
export function answerSchemas(document) {
  const schemas = {};
  const pending = [];
  const convert = (node, at) => {
    if (typeof node.$ref === 'string') {
      const name = node.$ref.replace('#/components/schemas/', '');
      if (!(name in schemas) && !pending.includes(name)) pending.push(name);
      return { $ref: name };
    }
    const table = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (ANSWER_ANNOTATIONS.has(keyword)) continue;
      if (keyword === 'properties')
        table.properties = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, convert(sub, `${at}/properties/${name}`)]),
        );
      else if (keyword === 'items') table.items = convert(value, `${at}/items`);
      else if (keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'allOf')
        table[keyword] = value.map((sub, index) => convert(sub, `${at}/${keyword}/${index}`));
      else if (!ANSWER_KEYWORDS.has(keyword))
        throw new Error(
          `${at}: the contract's answer checker does not interpret "${keyword}"; teach packages/contract/src/validate/answer.ts first`,
        );
      else table[keyword] = value;
    }
    return table;
  };
  const operations = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const statuses = {};
      for (const [status, declared] of Object.entries(operation.responses ?? {})) {
        const response = declared.$ref
          ? declared.$ref
              .replace(/^#\//, '')
              .split('/')
              .reduce((at, key) => at[key], document)
          : declared;
        // Every media type of an answer shares its schema in openapi.yaml; the first one stands for all.
        const media = Object.values(response.content ?? {})[0];
        statuses[status] = media?.schema ? convert(media.schema, `${path} ${status}`) : null;
      }
      operations[`${method.toUpperCase()} ${path}`] = statuses;
    }
  }
  while (pending.length > 0) {
    const name = pending.shift();
    schemas[name] = convert(document.components.schemas[name], `#/components/schemas/${name}`);
  }
  return { operations, schemas };
}
