// Requests, keys and canned answers shared by the suites.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ensureTmp, openapiPath } from './project.mjs';

/** A key whose limit never runs out during a bench run. */
export const BENCH_KEY = 'bench-key';
export const BENCH_LIMIT = 1_000_000_000;

export const MILES_PROGRAMS = [
  'PROGRAM_1',
  'PROGRAM_2',
  'PROGRAM_3',
  'PROGRAM_3_INTERLINE',
  'PROGRAM_4',
  'PROGRAM_5',
  'PROGRAM_6',
  'PROGRAM_7',
];

export const benchKeySettings = () => ({ key: BENCH_KEY, limit: BENCH_LIMIT, products: ['search', 'history'] });

/** The search every throughput and overhead figure uses: ONE_WAY, RAW. */
export function searchRequest(overrides = {}) {
  return {
    airlineLoyalty: ['PROGRAM_1'],
    priceType: 'MILES',
    tripType: 'ONE_WAY',
    cabinType: 'ECONOMY',
    origin: 'GRU',
    destination: 'JFK',
    departureDate: nextYearDate(3, 15),
    passengers: { adults: 1 },
    responseFormat: 'RAW',
    ...overrides,
  };
}

/** A date safely in the future so no rule about past dates can trip. */
export function nextYearDate(month, day) {
  const y = new Date().getUTCFullYear() + 1;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Writes the keys file the CLI takes with --keys. */
export function writeKeysFile() {
  const path = join(ensureTmp(), 'keys.json');
  writeFileSync(path, JSON.stringify({ keys: [benchKeySettings()] }));
  return path;
}

/** The contract's own RAW example, for when the mock cannot produce an answer yet. */
export function exampleSearchAnswer() {
  const doc = parse(readFileSync(openapiPath, 'utf8'));
  return Buffer.from(JSON.stringify(doc.components.examples.SearchResponseRawOneWayCash.value));
}
