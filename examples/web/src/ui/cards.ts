import { BudgetExceededError, type ParsedResultItem, type PriceType, type ProgramCode } from '@flight-search/sdk';
import { bestFare, type BestFare } from '../best-fare.js';
import { formatDuration, formatLocalDateTime, formatMiles, formatMoney, formatStops } from '../format.js';
import { programColor, programName } from '../programs.js';
import { h } from './dom.js';

export type CardState = 'searching' | 'success' | 'empty' | 'failed' | 'cancelled' | 'skipped';

/** One program's card; `data-state` and `data-order` (arrival position) are what tests and styles read. */
interface Card {
  element: HTMLLIElement;
  state: CardState;
  best?: BestFare;
}

/**
 * The result cards: one per program, created in the form's order and filled
 * in place as answers arrive, so nothing jumps around while the user reads.
 */
export class Cards {
  readonly #list: HTMLOListElement;
  #cards = new Map<ProgramCode, Card>();
  #priceType: PriceType = 'MILES';

  constructor(list: HTMLOListElement) {
    this.#list = list;
  }

  reset(programs: readonly ProgramCode[], priceType: PriceType): void {
    this.#priceType = priceType;
    this.#cards = new Map(programs.map((program) => [program, { element: this.#shell(program), state: 'searching' }]));
    this.#list.replaceChildren(...[...this.#cards.values()].map((card) => card.element));
    for (const [program, card] of this.#cards) {
      this.#render(
        card,
        program,
        'Searching…',
        h('div', { class: 'skeleton', 'aria-hidden': 'true' }, h('span'), h('span'), h('span')),
      );
    }
  }

  /** A program answered: a PARSED result item, a provider failure inside it, or nothing found. */
  result(program: ProgramCode, item: ParsedResultItem, order: number, elapsedMs: number): void {
    const card = this.#take(program, order);
    if (!card) return;
    if (!item.success) {
      this.#fail(card, program, item.error.message, `Provider status ${item.error.providerStatusCode}`, elapsedMs);
      return;
    }
    const best = bestFare(item.flights, this.#priceType);
    if (!best) {
      card.state = 'empty';
      this.#render(
        card,
        program,
        'No seats',
        h('p', { class: 'muted' }, 'The search worked; nothing is available for these dates.'),
        footer(elapsedMs),
      );
      return;
    }
    card.state = 'success';
    card.best = best;
    this.#render(card, program, 'Answered', fareBody(best), footer(elapsedMs));
  }

  /** The SDK threw for this program's search (402, 422, time-out, connection, the proxy's budget). */
  error(program: ProgramCode, error: Error, order: number, elapsedMs: number): void {
    const card = this.#take(program, order);
    if (!card) return;
    if (error instanceof BudgetExceededError) {
      // The app's own server refused, not the service: say so, and that nothing was spent.
      this.#fail(
        card,
        program,
        `Your budget on this server is used up: ${budgetReason(error.message)} The search was not sent, so no quota was spent.`,
        'Over budget (HTTP 403)',
        elapsedMs,
      );
      return;
    }
    const status = 'status' in error && typeof error.status === 'number' ? `HTTP ${error.status}` : error.name;
    this.#fail(card, program, error.message, status, elapsedMs);
  }

  skipped(program: ProgramCode, order: number): void {
    const card = this.#take(program, order);
    if (!card) return;
    card.state = 'skipped';
    this.#render(
      card,
      program,
      'Skipped',
      h('p', { class: 'muted' }, 'Not searched: the remaining quota could not pay for it.'),
    );
  }

  /** Marks every card still waiting as cancelled; returns how many were. */
  cancelPending(): number {
    let cancelled = 0;
    for (const [program, card] of this.#cards) {
      if (card.state !== 'searching') continue;
      card.state = 'cancelled';
      cancelled++;
      this.#render(
        card,
        program,
        'Cancelled',
        h('p', { class: 'muted' }, 'The search was aborted before it answered.'),
      );
    }
    return cancelled;
  }

  /** Highlights the cheapest successful program, once every answer is in. */
  markBest(): ProgramCode | undefined {
    let winner: [ProgramCode, BestFare] | undefined;
    for (const [program, card] of this.#cards) {
      if (card.best && (!winner || card.best.price < winner[1].price)) winner = [program, card.best];
    }
    if (winner) {
      const element = this.#cards.get(winner[0])!.element;
      element.classList.add('best');
      element.querySelector('.badge')!.textContent = 'Cheapest';
    }
    return winner?.[0];
  }

  count(state: CardState): number {
    return [...this.#cards.values()].filter((card) => card.state === state).length;
  }

  #take(program: ProgramCode, order: number): Card | undefined {
    const card = this.#cards.get(program);
    // A late answer for a card already settled (cancelled) must not overwrite it.
    if (card?.state !== 'searching') return undefined;
    card.element.dataset.order = String(order);
    return card;
  }

  #fail(card: Card, program: ProgramCode, message: string, status: string, elapsedMs: number): void {
    card.state = 'failed';
    this.#render(
      card,
      program,
      'Failed',
      h('p', { class: 'failure-status', 'data-testid': 'failure-status' }, status),
      h('p', { class: 'failure-message', 'data-testid': 'failure-message' }, message),
      footer(elapsedMs),
    );
  }

  #shell(program: ProgramCode): HTMLLIElement {
    const element = h('li', {
      class: 'card',
      'data-program': program,
      'data-testid': `card-${program}`,
      'aria-busy': 'true',
    });
    element.style.setProperty('--accent', programColor(program));
    return element;
  }

  #render(card: Card, program: ProgramCode, badge: string, ...body: (Node | undefined)[]): void {
    card.element.dataset.state = card.state;
    card.element.setAttribute('aria-busy', String(card.state === 'searching'));
    const order = card.element.dataset.order;
    card.element.replaceChildren(
      h(
        'header',
        { class: 'card-head' },
        h('h3', {}, programName(program)),
        h('span', { class: 'badge', 'data-testid': 'card-badge' }, badge),
      ),
      ...body.filter((node): node is Node => !!node),
      ...(order ? [h('span', { class: 'order', title: 'Order of arrival' }, `#${order}`)] : []),
    );
  }
}

/**
 * The proxy's reason without the SDK's wrapping: `403 The proxy refused the search: it costs 1
 * quota unit, more than this user may spend. (POST /api/...)` -> `it costs 1 quota unit, more than
 * this user may spend.`; a hook's own message is kept whole, minus the status and request.
 */
function budgetReason(message: string): string {
  const text = message.replace(/^403 /, '').replace(/ \((?:GET|POST) [^)]*\)$/, '');
  return text.replace(/^The proxy refused the search: /, '');
}

function fareBody(best: BestFare): HTMLElement {
  const { flight, fare } = best.outbound;
  const miles = best.priceType === 'MILES';
  const price = h(
    'p',
    { class: 'price', 'data-testid': 'price' },
    miles ? formatMiles(best.price) : formatMoney(best.price),
  );
  const note = h(
    'p',
    { class: 'price-note' },
    miles ? `+ ${formatMoney(best.taxes)} in taxes and fees` : 'in cash, taxes included',
  );
  const seats =
    flight.availableSeats === null
      ? 'Seats: n/a'
      : `${flight.availableSeats} seat${flight.availableSeats === 1 ? '' : 's'} left`;
  return h(
    'div',
    { class: 'fare' },
    price,
    note,
    h(
      'p',
      { class: 'route' },
      `${flight.flightCode} · ${formatLocalDateTime(flight.departureDate)} → ${formatLocalDateTime(flight.arrivalDate)}`,
    ),
    h(
      'dl',
      { class: 'facts' },
      fact('Stops', formatStops(flight.stops), 'stops'),
      fact('Duration', formatDuration(flight.durationMinutes), 'duration'),
      fact('Seats', seats, 'seats'),
      fact('Fare', fare.fareType, 'fare-type'),
    ),
    best.inbound
      ? h(
          'p',
          { class: 'muted' },
          `Return ${best.inbound.flight.flightCode}, ${formatStops(best.inbound.flight.stops).toLowerCase()}, included`,
        )
      : undefined,
    h(
      'p',
      { class: 'muted', 'data-testid': 'flights-found' },
      `Cheapest of ${best.flightsFound} flight${best.flightsFound === 1 ? '' : 's'}`,
    ),
  );
}

function fact(term: string, value: string, testId: string): HTMLDivElement {
  return h('div', {}, h('dt', {}, term), h('dd', { 'data-testid': testId }, value));
}

function footer(elapsedMs: number): HTMLElement {
  return h('p', { class: 'elapsed' }, `answered in ${Math.round(elapsedMs)} ms`);
}
