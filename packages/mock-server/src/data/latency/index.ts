import type { ProgramCode } from '@flight-search/contract';
import { PROGRAM_CODES } from '@flight-search/contract';
import { hashKey } from '../random/index.js';

const MIN_MS = 200;
const MAX_MS = 4000;

/** A program's provider latency under `latency: 'realistic'`: the seed shuffles the programs over 200..4000 ms, a slot each. */
export function programLatencyMs(seed: number, program: ProgramCode): number {
  const order = [...PROGRAM_CODES].sort((a, b) => hashKey(seed, 'latency', a) - hashKey(seed, 'latency', b));
  const slot = (MAX_MS - MIN_MS) / PROGRAM_CODES.length;
  const rank = Math.max(0, order.indexOf(program));
  return Math.round(MIN_MS + rank * slot + ((hashKey(seed, 'jitter', program) % 1000) / 1000) * (slot - 1));
}
