import type { MilesProgram } from '@flight-search/sdk';
import type { FlightSearchClient } from './backend.js';
import type { Query } from './form.js';
import { dailyMinimum } from './history-series.js';
import { isMilesProgram } from './programs.js';
import type { HistoryChart } from './ui/history-chart.js';

/**
 * Loads the route's price history for the query's programs (one call, the
 * programs as a repeated parameter, `HISTORY-2`) and draws it. History is
 * kept for MILES programs only, so cash-only airlines are left out.
 */
export async function loadHistory(client: FlightSearchClient, query: Query, chart: HistoryChart): Promise<void> {
  const programs = query.programs.filter(isMilesProgram) as MilesProgram[];
  const { origin, destination, cabinType } = query.request;
  if (!programs.length) {
    chart.message('Price history is kept for miles programs only; pick one to see its history.');
    return;
  }
  chart.loading('Loading price history…');
  try {
    const history = await client.getPriceHistory({
      origin,
      destination,
      cabinType,
      airlineLoyalty: programs,
      lookbackDays: query.lookbackDays,
    });
    const cabin = cabinType === 'BUSINESS' ? 'business' : 'economy';
    chart.show(
      dailyMinimum(history.flights, programs),
      `${origin} → ${destination}, ${cabin}: cheapest base price per collection day over ${history.lookbackDays} days (${history.total} records), miles per passenger.`,
    );
  } catch (error) {
    chart.message(`Price history unavailable: ${error instanceof Error ? error.message : String(error)}`);
  }
}
