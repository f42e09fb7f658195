import type { ProgramCode } from '@flight-search/contract';
import { describe, expect, it } from 'vitest';
import { programLatencyMs } from './index.js';

const programs: ProgramCode[] = [
  'PROGRAM_1',
  'PROGRAM_2',
  'PROGRAM_3',
  'PROGRAM_3_INTERLINE',
  'PROGRAM_4',
  'PROGRAM_5',
  'PROGRAM_6',
  'PROGRAM_7',
  'PROGRAM_8',
];

describe('programLatencyMs', () => {
  it('gives every program its own latency between 200 and 4000 ms, spread over the range', () => {
    for (const seed of [0, 1, 42, 123456]) {
      const latencies = programs.map((program) => programLatencyMs(seed, program));
      expect(new Set(latencies).size).toBe(programs.length);
      for (const latency of latencies) {
        expect(Number.isInteger(latency)).toBe(true);
        expect(latency).toBeGreaterThanOrEqual(200);
        expect(latency).toBeLessThanOrEqual(4000);
      }
      expect(Math.max(...latencies) - Math.min(...latencies)).toBeGreaterThan(2500);
    }
  });

  it('is the same for the same seed and changes with the seed', () => {
    const of = (seed: number) => programs.map((program) => programLatencyMs(seed, program));
    expect(of(7)).toEqual(of(7));
    expect(of(7)).not.toEqual(of(8));
  });
});
