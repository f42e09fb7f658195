import { describe, expect, it } from 'vitest';
import { SEARCH_REQUEST_SCHEMA, unknownFields, type SchemaNode } from '@flight-search/contract';

const schema = SEARCH_REQUEST_SCHEMA as SchemaNode;
const valid = {
  airlineLoyalty: ['PROGRAM_1'],
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: '2026-12-15',
  passengers: { adults: 1 },
};

describe('unknownFields: the fields a request schema does not declare', () => {
  it('finds none in a valid search body, with or without its optional fields', () => {
    expect(unknownFields(schema, valid, 'body')).toEqual([]);
    expect(
      unknownFields(
        schema,
        { ...valid, priceType: 'MILES', responseFormat: 'RAW', passengers: { adults: 1, children: 0, infants: 0 } },
        'body',
      ),
    ).toEqual([]);
  });

  it('names a top-level typo and a nested one by their dotted path, with the names known there', () => {
    const found = unknownFields(
      schema,
      { ...valid, responseFomat: 'PARSED', passengers: { adults: 1, childs: 2 } },
      'body',
    );
    // In the body's order: `passengers` comes from `valid`, before the typo.
    expect(found.map((unknown) => unknown.field)).toEqual(['body.passengers.childs', 'body.responseFomat']);
    expect(found[0]!.known).toEqual(['adults', 'children', 'infants']);
    expect(found[1]!.known).toContain('responseFormat');
  });

  it('looks into objects held in arrays, and says nothing of a value that is not an object', () => {
    const node: SchemaNode = { type: 'array', items: { type: 'object', properties: { key: { type: 'string' } } } };
    expect(unknownFields(node, [{ key: 'a' }, { key: 'b', limt: 1 }], 'keys')).toEqual([
      { field: 'keys.1.limt', known: ['key'] },
    ]);
    expect(unknownFields(schema, 'not an object', 'body')).toEqual([]);
    expect(unknownFields(schema, { ...valid, passengers: 3 }, 'body')).toEqual([]);
  });
});
