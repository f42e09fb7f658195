import type { ProgramCode, Quota } from '@flight-search/contract';
import type { KeySettings, Product } from '../types.js';

export type Consumption = { ok: true } | { ok: false; remaining: number };

/** The quota of one API key (`QUOTA-1`): `tryConsume` checks and consumes in one synchronous step (D4). */
export class KeyLedger {
  /** The key itself: never shown, only masked (`maskKey`). */
  readonly key: string;
  limit: number;
  consumed: number;
  products: Set<Product>;
  /** Units spent by searches through the mock, per program. */
  readonly usage = new Map<ProgramCode, number>();

  constructor(settings: Readonly<KeySettings>) {
    this.key = settings.key;
    this.limit = settings.limit;
    this.consumed = settings.consumed ?? 0;
    this.products = new Set(settings.products);
  }

  get remaining(): number {
    return Math.max(0, this.limit - this.consumed);
  }

  /** Sets what the key has consumed (D109): its spending starts over, the per-program usage cleared. */
  setConsumed(units: number): void {
    this.consumed = units;
    this.usage.clear();
  }

  /** Consumes `units` for `program` when they remain. */
  tryConsume(units: number, program: ProgramCode): Consumption {
    const remaining = this.remaining;
    if (remaining < units) return { ok: false, remaining };
    this.consumed += units;
    this.usage.set(program, (this.usage.get(program) ?? 0) + units);
    return { ok: true };
  }

  /** Gives back what `tryConsume` took for a search that failed inside the mock. */
  refund(units: number, program: ProgramCode): void {
    this.consumed = Math.max(0, this.consumed - units);
    const left = (this.usage.get(program) ?? 0) - units;
    if (left > 0) this.usage.set(program, left);
    else this.usage.delete(program);
  }

  /** The `GET /quota` body. */
  snapshot(): Quota {
    return {
      limit: this.limit,
      consumed: this.consumed,
      remaining: this.remaining,
      usageByCompany: [...this.usage].map(([airlineLoyalty, consumed]) => ({ airlineLoyalty, consumed })),
    };
  }
}
