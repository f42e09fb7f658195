import type { ProgramCode } from '@flight-search/contract';
import { programLatencyMs } from '../data/index.js';
import type { ProgramBehavior } from '../types.js';
import { wait } from './wait.js';

export type ProviderOutcome = { ok: true } | { ok: false; providerStatusCode: number; message: string };

export interface ProviderSettings {
  seed: number;
  latency: 'none' | 'realistic';
  providerTimeoutMs: number;
}

/** How long the program's provider takes: its behaviour's `latencyMs`, else the `latency` option. */
export function providerLatencyMs(
  program: ProgramCode,
  behavior: ProgramBehavior | undefined,
  settings: ProviderSettings,
): number {
  if (behavior?.latencyMs !== undefined) return behavior.latencyMs;
  return settings.latency === 'realistic' ? programLatencyMs(settings.seed, program) : 0;
}

const seconds = (ms: number): string => {
  const value = Math.round(ms / 100) / 10;
  return `${value} second${value === 1 ? '' : 's'}`;
};

/**
 * Simulates the call to the program's provider: its latency, then success or the failure (`PROVIDER-1`);
 * a provider slower than `providerTimeoutMs` is a 504 failure then (`PROVIDER-2`). Aborting `signal` rejects at once.
 */
export async function callProvider(
  program: ProgramCode,
  behavior: ProgramBehavior | undefined,
  settings: ProviderSettings,
  signal?: AbortSignal,
): Promise<ProviderOutcome> {
  const latency = providerLatencyMs(program, behavior, settings);
  if (behavior?.hang || latency >= settings.providerTimeoutMs) {
    await wait(settings.providerTimeoutMs, signal);
    return {
      ok: false,
      providerStatusCode: 504,
      message: `The provider did not answer within ${seconds(settings.providerTimeoutMs)}.`,
    };
  }
  await wait(latency, signal);
  if (behavior?.fail) {
    const { status, message } = behavior.fail;
    return {
      ok: false,
      providerStatusCode: status,
      message: message ?? `The provider answered with HTTP status ${status}.`,
    };
  }
  return { ok: true };
}
