// The generators themselves: a generator that goes wrong makes every property that uses it fail
// (or pass) for the wrong reason.
import { describe, expect, it } from 'vitest';
import { apply } from './arbitraries.js';

const body = () => ({
  airlineLoyalty: ['PROGRAM_1'],
  tripType: 'ONE_WAY',
  origin: 'GRU',
  destination: 'JFK',
  passengers: { adults: 1 },
});

describe('the search body mutations', () => {
  it("copy the value they set, so a later mutation of the body never changes the generator's shared constant", () => {
    // The generators hand out the same constant objects run after run; once a body held one as its
    // passengers, setting passengers.children to that same constant tied it into a cycle for every later run.
    const shared = { adults: 9, children: 1 };
    const mutated = body();
    apply(mutated, { kind: 'set', path: ['passengers'], value: shared });
    apply(mutated, { kind: 'set', path: ['passengers', 'children'], value: shared });
    apply(mutated, { kind: 'cross', rule: 'too-many' });
    expect(shared).toEqual({ adults: 9, children: 1 });
    expect(JSON.parse(JSON.stringify(mutated)).passengers).toEqual({ adults: 5, children: 5 });
  });

  it('copy the value an own-key mutation sets, __proto__ included', () => {
    const shared = { adults: 1 };
    const mutated = body();
    apply(mutated, { kind: 'own-key', path: ['passengers'], key: '__proto__', value: shared });
    (Object.getOwnPropertyDescriptor(mutated.passengers, '__proto__')!.value as { adults: number }).adults = 7;
    expect(shared).toEqual({ adults: 1 });
  });
});
