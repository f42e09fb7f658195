// Generates packages/mock-server/src/data/generated/carriers.ts: the member
// airlines of the three alliances, with home country and fleet, which operate
// a program's legs away from its own network (D42, D136, D137).
//
// Facts written here by hand (D93), not taken from a data set: no npm package
// carries airlines' alliances or fleets under terms the mock can ship (the
// OpenFlights airline list is ODbL and has neither). Sources, as of 2026:
// - members and home countries: staralliance.com/en/member-airlines,
//   oneworld.com/members, skyteam.com/en/about/members (LATAM left oneworld in
//   2020, Virgin Australia was never in SkyTeam, SAS left Star for SkyTeam
//   in 2024 and is not listed while it changes over, Aeroflot is suspended);
// - fleets: each airline's fleet page (e.g. delta.com/us/en/aircraft,
//   britishairways.com "our fleet", lufthansagroup.com fleet), reduced to the
//   types of packages/mock-server/src/data/flights/aircraft.ts they fly, at
//   most nine a carrier (the families a passenger would book).
const OUTPUT = 'packages/mock-server/src/data/generated/carriers.ts';

const airline = (code, name, country, fleet) => ({ code, name, country, fleet });

/** Members of each alliance; within a country the flag carrier first (it operates a partner leg when several could). */
const ALLIANCES = {
  STAR: [
    airline('A3', 'Aegean Airlines', 'GR', ['AT7', 'DH4', '320', '32N', '321']),
    airline('AC', 'Air Canada', 'CA', ['221', '319', '320', '321', '7M8', '333', '788', '789', '77W']),
    airline('CA', 'Air China', 'CN', ['320', '32N', '321', '738', '332', '333', '359', '789', '77W']),
    airline('AI', 'Air India', 'IN', ['320', '32N', '321', '788', '359', '77W']),
    airline('NZ', 'Air New Zealand', 'NZ', ['AT7', '320', '32N', '321', '789', '77W']),
    airline('NH', 'All Nippon Airways', 'JP', ['DH4', '738', '320', '32N', '321', '788', '789', '781', '77W']),
    airline('OZ', 'Asiana Airlines', 'KR', ['320', '321', '332', '333', '359', '77W', '388']),
    airline('OS', 'Austrian Airlines', 'AT', ['E95', '320', '321', '763', '789']),
    airline('AV', 'Avianca', 'CO', ['320', '32N', '321', '788']),
    airline('SN', 'Brussels Airlines', 'BE', ['319', '320', '333']),
    airline('CM', 'Copa Airlines', 'PA', ['738', '7M8', '7M9']),
    airline('OU', 'Croatia Airlines', 'HR', ['DH4', '221']),
    airline('MS', 'EgyptAir', 'EG', ['221', '32N', '738', '333', '789', '77W']),
    airline('ET', 'Ethiopian Airlines', 'ET', ['DH4', '738', '7M8', '788', '789', '359', '77W']),
    airline('BR', 'EVA Air', 'TW', ['321', '333', '781', '789', '77W']),
    airline('LO', 'LOT Polish Airlines', 'PL', ['E90', 'E95', '738', '7M8', '788', '789']),
    airline('LH', 'Lufthansa', 'DE', ['E90', '319', '320', '32N', '321', '333', '359', '789', '388']),
    airline('SQ', 'Singapore Airlines', 'SG', ['738', '7M8', '359', '781', '77W', '388']),
    airline('SA', 'South African Airways', 'ZA', ['320', '333', '359']),
    airline('LX', 'Swiss', 'CH', ['221', '320', '32N', '321', '333', '77W']),
    airline('TP', 'TAP Air Portugal', 'PT', ['AT7', 'E95', '320', '32N', '321', '32Q', '332']),
    airline('TG', 'Thai Airways', 'TH', ['320', '333', '359', '788', '789', '77W']),
    airline('TK', 'Turkish Airlines', 'TR', ['738', '7M8', '320', '32N', '321', '333', '359', '789', '77W']),
    airline('UA', 'United Airlines', 'US', ['319', '320', '321', '738', '7M8', '763', '789', '781', '77W']),
    airline('ZH', 'Shenzhen Airlines', 'CN', ['738', '7M8', '320', '321']),
  ],
  ONEWORLD: [
    airline('AA', 'American Airlines', 'US', ['319', '320', '321', '738', '7M8', '788', '789', '77W']),
    airline('AS', 'Alaska Airlines', 'US', ['738', '7M8', '7M9', '332', '789']),
    airline('BA', 'British Airways', 'GB', ['E90', '320', '32N', '321', '788', '789', '359', '77W', '388']),
    airline('CX', 'Cathay Pacific', 'HK', ['321', '32Q', '333', '359', '77W']),
    airline('FJ', 'Fiji Airways', 'FJ', ['AT7', '738', '7M8', '359']),
    airline('AY', 'Finnair', 'FI', ['AT7', 'E90', '320', '321', '333', '359']),
    airline('IB', 'Iberia', 'ES', ['320', '32N', '321', '32Q', '332', '333', '359']),
    airline('JL', 'Japan Airlines', 'JP', ['E90', '738', '788', '789', '359', '77W']),
    airline('MH', 'Malaysia Airlines', 'MY', ['738', '7M8', '333', '359']),
    airline('QF', 'Qantas', 'AU', ['DH4', '221', '738', '332', '333', '789', '388']),
    airline('QR', 'Qatar Airways', 'QA', ['320', '738', '7M8', '788', '789', '359', '77W', '388']),
    airline('AT', 'Royal Air Maroc', 'MA', ['AT7', '738', '7M8', '788', '789']),
    airline('RJ', 'Royal Jordanian', 'JO', ['E95', '320', '321', '788']),
    airline('UL', 'SriLankan Airlines', 'LK', ['320', '32N', '321', '332', '333']),
    airline('WY', 'Oman Air', 'OM', ['738', '7M8', '788', '789']),
  ],
  SKYTEAM: [
    airline('AR', 'Aerolineas Argentinas', 'AR', ['738', '7M8', '332']),
    airline('AM', 'Aeromexico', 'MX', ['E90', '738', '7M8', '7M9', '788', '789']),
    airline('UX', 'Air Europa', 'ES', ['E95', '738', '7M8', '788', '789']),
    airline('AF', 'Air France', 'FR', ['221', '319', '320', '32N', '321', '332', '359', '77W', '789']),
    airline('CI', 'China Airlines', 'TW', ['738', '321', '333', '359', '77W']),
    airline('MU', 'China Eastern Airlines', 'CN', ['320', '32N', '321', '738', '7M8', '332', '333', '359', '77W']),
    airline('DL', 'Delta Air Lines', 'US', ['221', '320', '321', '738', '763', '332', '333', '359']),
    airline('GA', 'Garuda Indonesia', 'ID', ['AT7', '738', '7M8', '333', '77W']),
    airline('KQ', 'Kenya Airways', 'KE', ['E90', '738', '788']),
    airline('KL', 'KLM', 'NL', ['E90', 'E95', '738', '333', '781', '789', '77W']),
    airline('KE', 'Korean Air', 'KR', ['738', '7M8', '321', '332', '333', '359', '789', '77W', '388']),
    airline('ME', 'Middle East Airlines', 'LB', ['320', '32N', '321', '333']),
    airline('SV', 'Saudia', 'SA', ['320', '32N', '321', '333', '788', '789', '77W']),
    airline('RO', 'TAROM', 'RO', ['AT7', '738', '7M8']),
    airline('VN', 'Vietnam Airlines', 'VN', ['321', '32N', '359', '789', '781']),
    airline('VS', 'Virgin Atlantic', 'GB', ['333', '359', '789']),
    airline('MF', 'Xiamen Airlines', 'CN', ['738', '7M8', '789']),
  ],
};

export default async ({ banner }) => {
  // One line per member, `code country type type ...`: the table sits in every build format and source map, so it is kept terse (the names stay above).
  const lines = Object.fromEntries(
    Object.entries(ALLIANCES).map(([alliance, members]) => [
      alliance,
      members.map((m) => [m.code, m.country, ...m.fleet].join(' ')).join('\n'),
    ]),
  );
  const text =
    banner('scripts/generators/carriers.mjs') +
    "// Airline facts written by hand in the generator from the alliances' member lists and the airlines' fleet pages (D93, D137).\n\n" +
    `/** An alliance member: IATA code, home country (ISO 3166-1 alpha-2) and the aircraft types it flies. */\n` +
    `export interface PartnerCarrier {\n  code: string;\n  country: string;\n  fleet: readonly string[];\n}\n\n` +
    `const LINES = ${JSON.stringify(lines)};\n\n` +
    `/** An alliance's name. */\nexport type Alliance = keyof typeof LINES;\n\n` +
    `const parse = (text: string): PartnerCarrier[] =>\n  text.split('\\n').map((line) => {\n    const [code = '', country = '', ...fleet] = line.split(' ');\n    return { code, country, fleet };\n  });\n\n` +
    `/** The alliances' members; within a country the flag carrier first. */\n` +
    `export const ALLIANCES: Readonly<Record<Alliance, readonly PartnerCarrier[]>> = { STAR: parse(LINES.STAR), ONEWORLD: parse(LINES.ONEWORLD), SKYTEAM: parse(LINES.SKYTEAM) };\n`;
  return [OUTPUT, text];
};
