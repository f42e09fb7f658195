// The mock's data: pure functions of a seed (and `now`), no Node built-ins.
export type { NormalizedSearch } from './types.js';
export { airport, expandCityCode, localNow, placeProblem, type Airport } from './airports/index.js';
export { generateFlights, pastDates, saleCutoffKey } from './flights/index.js';
export { toRawData } from './raw/index.js';
export { programLatencyMs } from './latency/index.js';
