// Test support only: values against openapi.yaml's schemas.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { NormalizedSearch } from '../../src/data/types.js';

const document = parse(readFileSync(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: 'openapi.yaml' });

/** The errors of `value` against `components.schemas[name]`, as readable lines ([] when valid). */
export function contractErrors(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${name}`);
  if (!validate) throw new Error(`openapi.yaml has no schema ${name}`);
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/** `x-city-codes` of openapi.yaml. */
export const cityCodes: Record<string, string[]> = document['x-city-codes'];

/** A search with every field set; override what a test is about. */
export function searchOf(overrides: Partial<NormalizedSearch> = {}): NormalizedSearch {
  return {
    program: 'PROGRAM_1',
    priceType: 'MILES',
    tripType: 'ONE_WAY',
    cabinType: 'ECONOMY',
    origin: 'GRU',
    destination: 'JFK',
    departureDate: '2026-12-15',
    passengers: { adults: 1, children: 0, infants: 0 },
    responseFormat: 'PARSED',
    ...overrides,
  };
}
