import type { Quota } from '@flight-search/sdk';
import { formatInteger } from '../format.js';
import { byId } from './dom.js';

export type RunState = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

/** The progress bar, the run's state line and the quota before and after. */
export class Status {
  readonly #progress = byId<HTMLProgressElement>('progress');
  readonly #progressLabel = byId('progress-label');
  readonly #runState = byId('run-state');
  readonly #before = byId('quota-before');
  readonly #after = byId('quota-after');
  readonly #spent = byId('quota-spent');
  #remainingBefore: number | undefined;

  progress(completed: number, total: number): void {
    this.#progress.max = Math.max(total, 1);
    this.#progress.value = completed;
    this.#progress.dataset.completed = String(completed);
    this.#progress.dataset.total = String(total);
    this.#progressLabel.textContent = `${completed} of ${total}`;
  }

  state(state: RunState, text: string): void {
    this.#runState.dataset.state = state;
    this.#runState.textContent = text;
  }

  /** Quota read before the searches; `Error` when it could not be read (the comparison still runs). */
  quotaBefore(quota: Quota | Error): void {
    this.#remainingBefore = quota instanceof Error ? undefined : quota.remaining;
    show(this.#before, quota);
    this.#after.textContent = '…';
    delete this.#after.dataset.remaining;
    this.#spent.textContent = '…';
  }

  quotaAfter(quota: Quota | Error): void {
    show(this.#after, quota);
    const spent =
      quota instanceof Error || this.#remainingBefore === undefined
        ? undefined
        : this.#remainingBefore - quota.remaining;
    this.#spent.textContent = spent === undefined ? '–' : `${formatInteger(spent)} unit${spent === 1 ? '' : 's'}`;
    if (spent !== undefined) this.#spent.dataset.spent = String(spent);
  }
}

function show(element: HTMLElement, quota: Quota | Error): void {
  if (quota instanceof Error) {
    element.textContent = 'unavailable';
    element.title = quota.message;
    delete element.dataset.remaining;
    return;
  }
  element.textContent = `${formatInteger(quota.remaining)} of ${formatInteger(quota.limit)} left`;
  element.title = '';
  element.dataset.remaining = String(quota.remaining);
}
