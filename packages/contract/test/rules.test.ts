import { describe, expect, it } from 'vitest';
import { HISTORY_RULES, SEARCH_RULES, VALIDATION_ISSUE_TYPES } from '@flight-search/contract';

const tables = [
  ['POST /flights/search', SEARCH_RULES, 'SEARCH'],
  ['GET /intelligence/flights/history', HISTORY_RULES, 'HISTORY'],
] as const;

describe('the x-rules tables of openapi.yaml', () => {
  it.each(tables)(
    'SEARCH-*, HISTORY-*: every rule of %s has exactly an id, field, type and rule, all text',
    (_, rules, prefix) => {
      for (const rule of rules as readonly object[]) {
        expect(Object.keys(rule), JSON.stringify(rule)).toEqual(['id', 'field', 'type', 'rule']);
        expect(
          Object.values(rule).every((value) => typeof value === 'string' && value !== ''),
          JSON.stringify(rule),
        ).toBe(true);
        const { id, type } = rule as { id: string; type: string };
        expect(id).toMatch(new RegExp(`^${prefix}-\\d+$`));
        expect(['-', ...VALIDATION_ISSUE_TYPES]).toContain(type);
      }
    },
  );

  it('HISTORY-2, HISTORY-5, HISTORY-6: a rule text keeps its commas (not cut into stray keys)', () => {
    const text = (id: string) => HISTORY_RULES.find((rule) => rule.id === id)?.rule;
    expect(text('HISTORY-2')).toBe('airlineLoyalty takes MILES programs only, repeatable');
    expect(text('HISTORY-5')).toBe('departureDate is a calendar date, repeatable');
    expect(text('HISTORY-6')).toBe('departure ascending then createdAt descending, no paging');
  });
});
