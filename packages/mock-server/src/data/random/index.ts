/** A seeded source of uniform numbers in [0, 1), with a few helpers. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A UUID v4-shaped string made of this generator's numbers. */
  uuid(): string;
}

/** 32-bit hash of numbers and strings (FNV-1a, then a murmur3 finalizer). */
export function hashKey(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = typeof part === 'number' ? `#${part}` : part;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // A separator keeps ('ab', 'c') and ('a', 'bc') apart.
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// Byte to two hex digits.
export const HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The mulberry32 generator: uniform numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A {@link mulberry32} generator seeded by {@link hashKey} of `parts`. */
export function createRandom(...parts: readonly (string | number)[]): Random {
  const next = mulberry32(hashKey(...parts));
  const word = (): string => {
    const value = Math.floor(next() * 4294967296);
    return (HEX[value >>> 24] as string) + HEX[(value >>> 16) & 255] + HEX[(value >>> 8) & 255] + HEX[value & 255];
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    // Version nibble 4 and variant 8..b: a v4.
    uuid: () => {
      const a = word();
      const b = word();
      const c = word();
      const d = word();
      const variant = '89ab'[parseInt(c[0] as string, 16) & 3] as string;
      return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
    },
  };
}
