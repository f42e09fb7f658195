import { describe, expect, it } from 'vitest';
import { validatorSchema } from '../generators/lib/schemas.mjs';

describe('the validator tables of scripts/generators/contract.mjs', () => {
  it("keep the keywords the contract's validator interprets and drop annotations", () => {
    expect(
      validatorSchema({
        type: 'object',
        title: 'T',
        properties: { a: { type: 'integer', minimum: 1, default: 1, 'x-open-enum': false } },
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'integer', minimum: 1, default: 1 } },
    });
  });

  it.each(['oneOf', 'exclusiveMinimum', 'additionalProperties', 'const'])(
    'refuse a schema with %s, which the validator would silently ignore',
    (keyword) => {
      expect(() => validatorSchema({ type: 'object', properties: { a: { type: 'string', [keyword]: [] } } })).toThrow(
        `#/properties/a: the contract's validator does not interpret "${keyword}"`,
      );
    },
  );
});
