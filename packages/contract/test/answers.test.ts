import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkAnswer } from '@flight-search/contract';

const document = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8'));
const resolve = (node: { $ref?: string }) =>
  node.$ref
    ? node.$ref
        .slice(2)
        .split('/')
        .reduce((at: any, key) => at[key], document)
    : node;

/** Every example openapi.yaml gives for an answer, as [method, path, status, name, value]. */
const examples: [string, string, number, string, unknown][] = [];
for (const [path, item] of Object.entries<any>(document.paths))
  for (const [method, operation] of Object.entries<any>(item))
    for (const [status, declared] of Object.entries<any>(operation.responses))
      for (const [name, example] of Object.entries<any>(
        Object.values<any>(resolve(declared).content ?? {})[0]?.examples ?? {},
      ))
        examples.push([method.toUpperCase(), path, Number(status), name, resolve(example).value]);

describe('checkAnswer: the answers openapi.yaml declares, checked by the contract package itself (issue 30, D94 route A)', () => {
  it('passes every answer example of openapi.yaml', () => {
    expect(examples.length).toBeGreaterThan(10);
    for (const [method, path, status, name, value] of examples)
      expect([name, checkAnswer(method, path, status, value)]).toEqual([name, undefined]);
  });

  it('names a status the operation does not declare, with the ones it does', () => {
    expect(checkAnswer('GET', '/quota', 418, {})).toEqual({
      status: 'undeclared',
      declared: expect.arrayContaining(['200', '401', '429']),
    });
    expect(checkAnswer('GET', '/nowhere', 200, {})).toEqual({ operation: 'undeclared' });
  });

  it('refuses a number below its minimum: a negative tax in a search answer is no answer the contract allows', () => {
    const [, , , , example] = examples.find(
      ([method, path, status, , value]) =>
        method === 'POST' && path === '/flights/search' && status === 200 && JSON.stringify(value).includes('"taxes":'),
    )!;
    const body = structuredClone(example);
    // The first `taxes` of the answer, wherever the example holds it.
    const withTax = (node: any): any =>
      node && typeof node === 'object'
        ? 'taxes' in node && typeof node.taxes === 'number'
          ? node
          : Object.values(node).map(withTax).find(Boolean)
        : undefined;
    withTax(body).taxes = -1;
    expect(checkAnswer('POST', '/flights/search', 200, example)).toBeUndefined();
    // Refused; the issue it names is the last alternative's (a RAW answer's `data`), as for any body no alternative takes.
    expect(checkAnswer('POST', '/flights/search', 200, body)).toHaveProperty('issues');
  });

  it('names each field of a body that breaks the schema, in plain words', () => {
    const problem = checkAnswer('GET', '/quota', 200, { limit: 'many', consumed: 1 });
    expect(problem).toEqual({
      issues: expect.arrayContaining([
        { field: 'body.limit', type: 'invalid_type', message: 'must be an integer.' },
        { field: 'body.remaining', type: 'missing', message: 'remaining is required.' },
      ]),
    });
  });

  it('checks an error envelope against its constant code, and a search answer through its alternatives', () => {
    const envelope = checkAnswer('GET', '/quota', 429, {
      error: {
        code: 'NOPE',
        message: 'x',
        correlationId: '00000000-0000-4000-8000-000000000000',
        retryAfterSeconds: 1,
      },
    });
    expect(envelope).toEqual({ issues: [expect.objectContaining({ field: 'body.error.code', type: 'invalid_enum' })] });
    expect(checkAnswer('POST', '/flights/search', 200, { results: 'none' })).toMatchObject({
      issues: expect.any(Array),
    });
  });
});
