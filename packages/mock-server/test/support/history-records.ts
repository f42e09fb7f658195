import type { HistoryRecord } from '@flight-search/contract';
import type { ParsedFlight } from '@flight-search/sdk';
import { historyRecord } from '../../src/history/records.js';

/**
 * The records of a search's flights collected at `createdAt` (epoch ms), the flight at index `i` numbered
 * `firstSequence + i`; cash flights give none.
 *
 * @example
 * toHistoryRecords(generateFlights(42, search), Date.now())[0]?.createdAt; // '2026-11-20T13:05:22Z'
 */
export const toHistoryRecords = (
  flights: readonly ParsedFlight[],
  createdAt: number,
  firstSequence = 0,
): HistoryRecord[] => flights.flatMap((flight, index) => historyRecord(flight, createdAt, firstSequence + index) ?? []);
