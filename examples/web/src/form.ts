import type { CabinType, PriceType, ProgramCode, SearchRequest, TripType, ValidationIssue } from '@flight-search/sdk';
import { isoDate } from './format.js';
import { programColor, programName, programsFor } from './programs.js';
import { byId, h } from './ui/dom.js';

/** What the form asks for: one search request (without the program) and the programs to compare. */
export interface Query {
  request: Omit<SearchRequest, 'airlineLoyalty'> & { responseFormat: 'PARSED' };
  programs: ProgramCode[];
  concurrency: number | undefined;
  lookbackDays: number;
}

/** The search form: reads a `Query`, keeps the program list in step with the price type, shows validation issues. */
export class SearchForm {
  readonly element = byId<HTMLFormElement>('search-form');
  readonly #programList = byId('program-list');
  readonly #errors = byId<HTMLUListElement>('form-errors');
  readonly #costHint = byId('cost-hint');
  // Unticking a program survives switching price type back and forth.
  readonly #unticked = new Set<ProgramCode>();

  constructor() {
    const today = new Date();
    const inDays = (n: number) => isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + n));
    this.#input('departureDate').value = inDays(30);
    this.#input('returnDate').value = inDays(37);
    this.element.addEventListener('change', (event) => {
      const target = event.target as HTMLInputElement;
      if (target.name === 'priceType') this.#renderPrograms();
      if (target.name === 'program')
        target.checked
          ? this.#unticked.delete(target.value as ProgramCode)
          : this.#unticked.add(target.value as ProgramCode);
      if (target.name === 'tripType') this.#input('returnDate').disabled = this.#value('tripType') !== 'ROUND_TRIP';
      this.#updateCost();
    });
    for (const id of ['origin', 'destination']) {
      const input = this.#input(id);
      input.addEventListener('input', () => (input.value = input.value.toUpperCase()));
    }
    this.#renderPrograms();
  }

  read(): Query {
    const number = (name: string) => Number(this.#input(name).value || 0);
    const tripType = this.#value('tripType') as TripType;
    const concurrency = byId<HTMLSelectElement>('concurrency').value;
    return {
      request: {
        priceType: this.#value('priceType') as PriceType,
        tripType,
        cabinType: byId<HTMLSelectElement>('cabinType').value as CabinType,
        origin: this.#input('origin').value.trim().toUpperCase(),
        destination: this.#input('destination').value.trim().toUpperCase(),
        departureDate: this.#input('departureDate').value,
        ...(tripType === 'ROUND_TRIP' && { returnDate: this.#input('returnDate').value }),
        passengers: { adults: number('adults'), children: number('children'), infants: number('infants') },
        responseFormat: 'PARSED',
      },
      programs: [...this.#programList.querySelectorAll<HTMLInputElement>('input[name=program]:checked')].map(
        (i) => i.value as ProgramCode,
      ),
      concurrency: concurrency ? Number(concurrency) : undefined,
      lookbackDays: Number(byId<HTMLSelectElement>('lookbackDays').value),
    };
  }

  /** Shows the issues next to the form, in the words of the SDK's local validation (the same as the service's 422). */
  showIssues(issues: readonly Pick<ValidationIssue, 'field' | 'message'>[]): void {
    this.#errors.replaceChildren(
      ...issues.map((issue) => h('li', { 'data-field': issue.field }, `${label(issue.field)}: ${issue.message}`)),
    );
    for (const input of this.element.querySelectorAll<HTMLInputElement>('input, select'))
      input.removeAttribute('aria-invalid');
    for (const issue of issues) {
      const name = issue.field.split('.').at(-1);
      if (name) this.element.querySelector(`[name="${name}"]`)?.setAttribute('aria-invalid', 'true');
    }
  }

  setRunning(running: boolean): void {
    byId<HTMLButtonElement>('compare').disabled = running;
    byId<HTMLButtonElement>('cancel').disabled = !running;
    this.element.setAttribute('aria-busy', String(running));
  }

  #renderPrograms(): void {
    const priceType = this.#value('priceType') as PriceType;
    this.#programList.replaceChildren(
      ...programsFor(priceType).map((program) => {
        const input = h('input', { type: 'checkbox', name: 'program', value: program, id: `program-${program}` });
        input.checked = !this.#unticked.has(program);
        const chip = h(
          'label',
          { class: 'program-chip', for: `program-${program}` },
          input,
          h('span', { class: 'dot', 'aria-hidden': 'true' }),
          programName(program),
        );
        chip.style.setProperty('--accent', programColor(program));
        return chip;
      }),
    );
    this.#updateCost();
  }

  #updateCost(): void {
    const { programs, request } = this.read();
    const cost = programs.length * (request.tripType === 'ROUND_TRIP' ? 2 : 1);
    this.#costHint.textContent = `${programs.length} search${programs.length === 1 ? '' : 'es'}, ${cost} quota unit${cost === 1 ? '' : 's'}.`;
  }

  #input(name: string): HTMLInputElement {
    return byId<HTMLInputElement>(name);
  }

  #value(name: string): string {
    return this.element.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? '';
  }
}

/** `body.passengers.adults` -> `Adults`. */
function label(field: string): string {
  const name =
    field
      .split('.')
      .filter((part) => part !== 'body' && !/^\d+$/.test(part))
      .at(-1) ?? field;
  const words: Record<string, string> = {
    airlineLoyalty: 'Programs',
    departureDate: 'Departure',
    returnDate: 'Return',
    tripType: 'Trip',
    cabinType: 'Cabin',
  };
  return words[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}
