import { describe, expect, it } from 'vitest';
import { createRandom, hashKey } from './index.js';

describe('createRandom', () => {
  it('gives the same sequence for the same key and another for another key', () => {
    const draw = (...key: (string | number)[]) => {
      const random = createRandom(...key);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(1, 'GRU')).toEqual(draw(1, 'GRU'));
    expect(draw(1, 'GRU')).not.toEqual(draw(2, 'GRU'));
    expect(draw(1, 'GRU')).not.toEqual(draw(1, 'GRV'));
  });

  it('keeps draws inside their bounds', () => {
    const random = createRandom('bounds');
    for (let i = 0; i < 1000; i++) {
      const value = random.int(3, 7);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(7);
      const unit = random.next();
      expect(unit).toBeGreaterThanOrEqual(0);
      expect(unit).toBeLessThan(1);
    }
  });

  it('makes version 4 UUID-shaped ids', () => {
    const random = createRandom('ids');
    const ids = Array.from({ length: 200 }, () => random.uuid());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('hashKey', () => {
  it('separates the parts of a key', () => {
    expect(hashKey('ab', 'c')).not.toBe(hashKey('a', 'bc'));
    expect(hashKey(1, 'x')).not.toBe(hashKey('1', 'x'));
  });
});
