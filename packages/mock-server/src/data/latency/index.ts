import type { ProgramCode } from '@flight-search/contract';
import { PROGRAM_CODES } from '@flight-search/contract';
import { hashKey } from '../random/index.js';

const MIN_MS = 200;
const MAX_MS = 4000;

/**
 * The provider latency of a program under `latency: 'realistic'`: the seed
 * shuffles the programs over 200..4000 ms, one slot each, so every program has
 * its own latency and the answers of a comparison arrive one by one.
 *
 * @example
 * programLatencyMs(42, 'PROGRAM_1'); // e.g. 1712, the same for every run with seed 42
 */
export function programLatencyMs(seed: number, program: ProgramCode): number {
  const order = [...PROGRAM_CODES].sort((a, b) => hashKey(seed, 'latency', a) - hashKey(seed, 'latency', b));
  const slot = (MAX_MS - MIN_MS) / PROGRAM_CODES.length;
  const rank = Math.max(0, order.indexOf(program));
  // Jitter stays inside the slot, so two programs never get the same latency.
  return Math.round(MIN_MS + rank * slot + ((hashKey(seed, 'jitter', program) % 1000) / 1000) * (slot - 1));
}
