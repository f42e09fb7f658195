import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const document = parse(readFileSync(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)), 'utf8'));

/** Every (media type object, example name) pair in the document, with a readable location. */
function* mediaExamples(): Generator<[string, { schema: unknown; examples?: Record<string, { $ref: string }> }]> {
  for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      for (const [where, content] of [
        ['request', operation.requestBody?.content],
        ...Object.entries<any>(operation.responses).map(([status, response]) => {
          const resolved = response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response;
          return [status, resolved.content];
        }),
      ] as [string, Record<string, any> | undefined][]) {
        for (const [mediaType, media] of Object.entries(content ?? {})) yield [`${method.toUpperCase()} ${path} ${where} ${mediaType}`, media];
      }
    }
  }
}

describe('openapi.yaml', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.yaml' });

  const cases = [...mediaExamples()].flatMap(([where, media]) =>
    Object.entries(media.examples ?? {}).map(([name, ref]) => [where, name, media.schema, ref] as const),
  );

  it('has an example on every request body and every response media type', () => {
    const withoutExample = [...mediaExamples()].filter(([, media]) => !media.examples || Object.keys(media.examples).length === 0);
    expect(withoutExample.map(([where]) => where)).toEqual([]);
  });

  it.each(cases)('%s example "%s" validates against its own schema', (_where, _name, schema, ref) => {
    const example = document.components.examples[ref.$ref.split('/').pop()!];
    const validate = ajv.compile({ $ref: `openapi.yaml${(schema as { $ref: string }).$ref}` });
    const valid = validate(example.value);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('gives every rule a unique id', () => {
    const ids = Object.values<any>(document.paths)
      .flatMap((item) => Object.values<any>(item))
      .flatMap((operation) => (operation['x-rules'] ?? []).map((rule: { id: string }) => rule.id));
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
