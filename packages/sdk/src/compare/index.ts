export { compareProgramsStreaming } from './stream.js';
export { comparePrograms, cheapestFare } from './collect.js';
export type {
  CheapestFare,
  CompareClient,
  CompareInput,
  CompareOptions,
  CompareOutcome,
  CompareRequest,
  CompareResult,
  CompareStream,
  ItemFor,
} from './types.js';
