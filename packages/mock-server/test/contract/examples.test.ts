import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../support/contract.js';

const document = readDocument();

const pointer = (segments: readonly string[]): string =>
  `#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** Follows a local `$ref` (`#/components/...`) to its target. */
function resolve(node: any): any {
  if (!node || typeof node.$ref !== 'string') return node;
  return resolve(
    node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document),
  );
}

interface ExampleCase {
  /** Where the example sits, as a JSON pointer into openapi.yaml. */
  where: string;
  /** The schema it must validate against, as a JSON pointer (its own schema). */
  schema: string;
  value: unknown;
}

/**
 * Every example in the document, wherever it is: `example` and `examples`
 * (inline `value` or `$ref` to `components/examples`) of media types,
 * parameters and headers, checked against their sibling `schema`; and the
 * JSON Schema `examples` arrays of schemas, checked against that schema.
 * Also returns the `components/examples` names that some example object uses.
 */
function collect(): { cases: ExampleCase[]; used: Set<string> } {
  const cases: ExampleCase[] = [];
  const used = new Set<string>();
  const walk = (node: any, at: string[]): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, [...at, String(index)]);
      return;
    }
    const isComponentExample = at.length === 3 && at[0] === 'components' && at[1] === 'examples';
    if (!isComponentExample && node.schema && typeof node.schema === 'object') {
      // A media type, parameter or header object: its examples are of `schema`.
      const schema = pointer([...at, 'schema']);
      if ('example' in node) cases.push({ where: pointer([...at, 'example']), schema, value: node.example });
      for (const [name, example] of Object.entries<any>(node.examples ?? {})) {
        if (typeof example.$ref === 'string') used.add(example.$ref.split('/').pop());
        const resolved = resolve(example);
        expect(resolved, `${pointer([...at, 'examples', name])} resolves`).toBeTypeOf('object');
        cases.push({
          where: pointer([...at, 'examples', name]) + (example.$ref ? ` (${example.$ref})` : ''),
          schema,
          value: resolved.value,
        });
      }
    } else if (Array.isArray(node.examples) && !isComponentExample) {
      // A schema with JSON Schema `examples`: each one is an instance of that schema.
      for (const [index, value] of (node.examples as unknown[]).entries())
        cases.push({ where: pointer([...at, 'examples', String(index)]), schema: pointer(at), value });
    }
    for (const [key, value] of Object.entries(node))
      if (key !== 'examples' && key !== 'example') walk(value, [...at, key]);
    // Schemas nested under `examples` keys are not schemas; but a schema's own `example` (OpenAPI 3.0 style) is checked too.
    if (!node.schema && 'example' in node && (node.type || node.$ref || node.properties))
      cases.push({ where: pointer([...at, 'example']), schema: pointer(at), value: node.example });
  };
  walk(document, []);
  return { cases, used };
}

describe('openapi.yaml examples', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.yaml' });
  const { cases, used } = collect();

  /** Every request body and response media type of every operation, `$ref` responses resolved. */
  const mediaTypes = Object.entries<Record<string, any>>(document.paths).flatMap(([path, item]) =>
    Object.entries<any>(item).flatMap(([method, operation]) => [
      ...Object.entries<any>(operation.requestBody?.content ?? {}).map(
        ([type, media]) => [`${method.toUpperCase()} ${path} request ${type}`, media] as const,
      ),
      ...Object.entries<any>(operation.responses).flatMap(([status, response]) =>
        Object.entries<any>(resolve(response).content ?? {}).map(
          ([type, media]) => [`${method.toUpperCase()} ${path} ${status} ${type}`, media] as const,
        ),
      ),
    ]),
  );

  it('has an example on every request body and every response media type', () => {
    const withoutExample = mediaTypes.filter(
      ([, media]) => !('example' in media) && Object.keys(media.examples ?? {}).length === 0,
    );
    expect(withoutExample.map(([where]) => where)).toEqual([]);
  });

  it('uses every entry of components/examples somewhere, so each one is checked against a schema', () => {
    expect(Object.keys(document.components.examples ?? {}).filter((name) => !used.has(name))).toEqual([]);
  });

  it('finds the examples of components/examples, of media types and of schemas (the walker misses none of the kinds)', () => {
    expect(cases.some((c) => c.where.includes('/content/') && c.where.includes('#/components/examples/'))).toBe(true);
    expect(cases.some((c) => c.where.startsWith('#/components/responses/'))).toBe(true);
    expect(cases.some((c) => c.where.startsWith('#/components/schemas/IataCode/examples/'))).toBe(true);
    expect(
      cases.some((c) => c.where.startsWith('#/paths/~1quota/get/responses/200/content/application~1json/examples/')),
    ).toBe(true);
  });

  it.each(cases.map((c) => [c.where, c.schema, c] as const))(
    '%s validates against its own schema %s',
    (_where, _schema, { schema, value }) => {
      const validate = ajv.compile({ $ref: `openapi.yaml${schema}` });
      const valid = validate(value);
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    },
  );

  it('gives every rule a unique id', () => {
    const ids = Object.values<any>(document.paths)
      .flatMap((item) => Object.values<any>(item))
      .flatMap((operation) => (operation['x-rules'] ?? []).map((rule: { id: string }) => rule.id));
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
