// What any OpenAPI tool enforces from openapi.yaml alone: a plain JSON Schema
// validator (ajv 2020 + ajv-formats) over the document's SearchRequest, with no
// code of this project (no generated validator, no cross-field rules).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { roundTrip as roundTripSearch, validSearch } from '../fixtures.js';

const document = parse(readFileSync(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: 'openapi.yaml' });
const validate = ajv.compile({
  $ref: 'openapi.yaml#/paths/~1flights~1search/post/requestBody/content/application~1json/schema',
});

const valid = (body: unknown): boolean => validate(body) as boolean;

const oneWay = validSearch();
const roundTrip = roundTripSearch();

describe('the search request schema of openapi.yaml, read by a plain JSON Schema validator', () => {
  it('accepts a one-way MILES search with only the required fields (priceType defaults to MILES)', () => {
    expect(valid(oneWay)).toBe(true);
  });

  it('SEARCH-2: accepts every MILES program with priceType MILES and every CASH program with priceType CASH', () => {
    for (const program of document.components.schemas.MilesProgram.enum) {
      expect(valid({ ...oneWay, airlineLoyalty: [program], priceType: 'MILES' }), program).toBe(true);
      expect(valid({ ...oneWay, airlineLoyalty: [program] }), `${program} without priceType`).toBe(true);
    }
    for (const program of document.components.schemas.CashProgram.enum) {
      expect(valid({ ...oneWay, airlineLoyalty: [program], priceType: 'CASH' }), program).toBe(true);
    }
  });

  it('SEARCH-2: rejects a CASH search of PROGRAM_1 (a miles-only program)', () => {
    expect(valid({ ...oneWay, airlineLoyalty: ['PROGRAM_1'], priceType: 'CASH' })).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toContain('/airlineLoyalty/0');
  });

  it('SEARCH-2: rejects a MILES search of PROGRAM_8 (a cash-only airline), also when priceType is left to its default', () => {
    expect(valid({ ...oneWay, airlineLoyalty: ['PROGRAM_8'], priceType: 'MILES' })).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toContain('/airlineLoyalty/0');
    expect(valid({ ...oneWay, airlineLoyalty: ['PROGRAM_8'] })).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toContain('/airlineLoyalty/0');
  });

  it('SEARCH-7: rejects a ROUND_TRIP without returnDate and accepts it with one', () => {
    expect(valid(roundTrip)).toBe(true);
    const { returnDate, ...withoutReturn } = roundTrip;
    void returnDate;
    expect(valid(withoutReturn)).toBe(false);
    expect(validate.errors?.map((error) => [error.keyword, error.params])).toContainEqual([
      'required',
      { missingProperty: 'returnDate' },
    ]);
  });

  it('SEARCH-7: a ONE_WAY search needs no returnDate, and may carry one (D14)', () => {
    expect(valid(oneWay)).toBe(true);
    expect(valid({ ...oneWay, returnDate: '2026-12-29' })).toBe(true);
  });
});
