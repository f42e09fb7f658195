// Generates packages/mock-server/src/data/generated/airports.ts: the airports
// the mock's flight data may use, trimmed to what scheduled service needs so
// the browser bundle stays small, plus the IATA city codes of openapi.yaml.
//
// Sources (scripts/generators/data/, installed by lib/data.mjs, generation time only):
// - airport-data-js (OurAirports-derived, CC BY 4.0): IATA, name, type
//   (large/medium airport), scheduled service, IANA time zone, lat/lon,
//   continent and longest runway (ft; some records metres or a designator,
//   corrected below with sources), which decides the aircraft an airport takes.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { dataRequire } from './lib/data.mjs';

const OUTPUT = 'packages/mock-server/src/data/generated/airports.ts';
// Medium airports with a runway this long take narrow-body and larger jets:
// the ones a program's connecting itinerary could plausibly use.
const MEDIUM_MIN_RUNWAY_FT = 9000;

// airport-data-js gives `runway_length` in feet, but some records carry metres
// (KUL 4000, IST 4100) and a few a runway designator (BUF 15, SKG 10): read as
// feet they shut major airports to jets. These are the airports whose
// figure is metres, each checked against its AIP aerodrome chart (AD 2.12,
// runway physical characteristics) or the airport operator's published figure.
const RUNWAY_IN_METRES = new Set([
  'BFS',
  'HHN',
  'KUL',
  'LHW',
  'LJG',
  'MFM',
  'SGN',
  'SZX',
  'TLL',
  'TOS',
  'TPE',
  'TRD',
  'TSV',
  'TZX',
]);
// Records whose figure is no length at all (a designator, or none), with the longest runway in feet:
// BUF 5/23 8,829 ft (FAA Form 5010, airport master record KBUF);
// IST 16R/34L and 17L/35R 4,100 m, 13,451 ft (DHMI, AIP Türkiye AD 2 LTFM);
// SKG 10/28 3,440 m, 11,286 ft (HCAA AIP Greece, AD 2 LGTS).
const RUNWAY_FT_CORRECTIONS = { BUF: 8829, IST: 13451, SKG: 11286 };
// Below this a figure is no runway length in either unit (the shortest runway of scheduled service is some 1,300 ft).
const NO_LENGTH_BELOW = 300;
// A large airport's figure under this, if not listed above, is taken as metres only after a person checked it.
const LARGE_SHORT_FT = 4600;

/** The longest runway in feet, or 0 when unknown; throws on a large airport's figure nobody has checked. */
function runwayFeet(entry) {
  if (Object.hasOwn(RUNWAY_FT_CORRECTIONS, entry.iata)) return RUNWAY_FT_CORRECTIONS[entry.iata];
  const length = Number(entry.runway_length) || 0;
  if (RUNWAY_IN_METRES.has(entry.iata)) {
    if (length >= LARGE_SHORT_FT)
      throw new Error(`${entry.iata}: runway_length ${length} now reads as feet; drop it from RUNWAY_IN_METRES`);
    if (length === 0)
      throw new Error(
        `${entry.iata}: the data set has no runway_length; move it to RUNWAY_FT_CORRECTIONS with a source`,
      );
    return Math.round(length * 3.28084);
  }
  if (length > 0 && length < NO_LENGTH_BELOW) {
    // A large airport is kept whatever its runway, so its figure must be right; a medium one
    // with no length is left out as one with no runway data is (the 9,000 ft test below).
    if (entry.type === 'large_airport')
      throw new Error(
        `${entry.iata}: runway_length ${length} is no length; add it to RUNWAY_FT_CORRECTIONS with a source`,
      );
    return 0;
  }
  return length;
}
/** The credit the table carries into every file that holds it; packages/mock-server/NOTICE says the same at length. */
const ATTRIBUTION =
  'Airport data: OurAirports (https://ourairports.com) via airport-data-js, CC BY 4.0 ' +
  '(https://creativecommons.org/licenses/by/4.0/). ' +
  'Filtered to scheduled-service airports and reformatted by scripts/generators/airports.mjs. See NOTICE.';

export default async ({ root, source, banner }) => {
  const require = dataRequire(root);
  const airportData = require('airport-data-js');
  const document = parse(await readFile(source, 'utf8'));
  const cityCodes = document['x-city-codes'];
  const required = new Set(Object.values(cityCodes).flat());

  const scheduled = (entry) => entry.scheduled_service === true || entry.scheduled_service === 'TRUE';
  const kept = (await airportData.findAirports({}))
    .filter((entry) => /^[A-Z]{3}$/.test(entry.iata ?? '') && entry.time)
    .filter(
      (entry) =>
        required.has(entry.iata) ||
        (scheduled(entry) &&
          (entry.type === 'large_airport' ||
            (entry.type === 'medium_airport' && runwayFeet(entry) >= MEDIUM_MIN_RUNWAY_FT))),
    )
    .sort((a, b) => (a.iata < b.iata ? -1 : a.iata > b.iata ? 1 : 0));

  const missing = [...required].filter((code) => !kept.some((entry) => entry.iata === code));
  if (missing.length) throw new Error(`x-city-codes airports missing from the airport data set: ${missing.join(', ')}`);

  const zones = [...new Set(kept.map((entry) => entry.time))].sort();
  const clean = (text) => String(text).replace(/[|\n]/g, ' ').trim();
  // One line per airport: IATA|name|country|zone index|lat|lon|continent|runway ft.
  // Two decimals of a degree (about 1 km) are plenty for great-circle durations.
  const lines = kept.map((entry) =>
    [
      entry.iata,
      clean(entry.airport),
      entry.country_code,
      zones.indexOf(entry.time),
      Number(entry.latitude).toFixed(2),
      Number(entry.longitude).toFixed(2),
      entry.continent ?? '',
      runwayFeet(entry),
    ].join('|'),
  );

  const text =
    banner('scripts/generators/airports.mjs, from the airport-data-js package') +
    // A legal comment (/*!): the bundler keeps it in dist beside the table, as CC BY's attribution asks (D93).
    `/*! ${ATTRIBUTION} */\n\n` +
    `/** IANA time zones, referenced by index from {@link AIRPORTS}. */\n` +
    `export const TIME_ZONES: readonly string[] = ${JSON.stringify(zones)};\n\n` +
    `/** ${kept.length} airports, one a line: \`IATA|name|country|time zone index|lat|lon|continent|longest runway ft\`. */\n` +
    `export const AIRPORTS = ${JSON.stringify(lines.join('\n'))};\n\n` +
    `/** IATA city codes of openapi.yaml (\`x-city-codes\`) and their airports. */\n` +
    `export const CITY_CODES: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(cityCodes)};\n`;
  return [OUTPUT, text];
};
