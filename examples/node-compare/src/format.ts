import type { CheapestFare, PriceType } from '@flight-search/sdk';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatMiles = (miles: number): string => `${integer.format(miles)} mi`;
export const formatMoney = (amount: number): string => money.format(amount);

/** `32,500 mi + 61.20` for miles, `1,234.50` for cash. */
export function formatPrice(best: CheapestFare, priceType: PriceType): string {
  const { fare } = best;
  return priceType === 'CASH'
    ? formatMoney(fare.totalMoney)
    : `${formatMiles(fare.miles)} + ${formatMoney(fare.totalMoney)}`;
}

/** `P3 1234, 1 stop, 11h05, 4 seats` */
export function formatFlight(best: CheapestFare): string {
  const { flight } = best;
  const stops = flight.stops === 0 ? 'nonstop' : `${flight.stops} stop${flight.stops > 1 ? 's' : ''}`;
  const seats = flight.availableSeats === null ? '' : `, ${flight.availableSeats} seats`;
  return `${flight.flightCode}, ${stops}, ${formatDuration(flight.durationMinutes)}${seats}`;
}

export function formatDuration(minutes: number): string {
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
