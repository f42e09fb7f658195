// Deterministic, realistic data of the mock: airports, flights, RAW provider
// answers and provider latencies (history records: src/history). Pure functions of a seed
// (and of `now` where time matters); no Node built-ins, so it runs in browsers.
export type { NormalizedSearch } from './types.js';
export { airport, expandCityCode, localNow, placeProblem, type Airport } from './airports/index.js';
export { generateFlights, pastDates, saleCutoffKey } from './flights/index.js';
export { toRawData } from './raw/index.js';
export { programLatencyMs } from './latency/index.js';
