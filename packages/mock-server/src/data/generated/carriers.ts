// This file is generated from openapi.yaml by `npm run generate` (scripts/generators/carriers.mjs).
// Do not edit it by hand: change openapi.yaml and regenerate.
// Airline facts written by hand in the generator from the alliances' member lists and the airlines' fleet pages (D93, D137).

/** An alliance member: IATA code, home country (ISO 3166-1 alpha-2) and the aircraft types it flies. */
export interface PartnerCarrier {
  code: string;
  country: string;
  fleet: readonly string[];
}

const LINES = {"STAR":"A3 GR AT7 DH4 320 32N 321\nAC CA 221 319 320 321 7M8 333 788 789 77W\nCA CN 320 32N 321 738 332 333 359 789 77W\nAI IN 320 32N 321 788 359 77W\nNZ NZ AT7 320 32N 321 789 77W\nNH JP DH4 738 320 32N 321 788 789 781 77W\nOZ KR 320 321 332 333 359 77W 388\nOS AT E95 320 321 763 789\nAV CO 320 32N 321 788\nSN BE 319 320 333\nCM PA 738 7M8 7M9\nOU HR DH4 221\nMS EG 221 32N 738 333 789 77W\nET ET DH4 738 7M8 788 789 359 77W\nBR TW 321 333 781 789 77W\nLO PL E90 E95 738 7M8 788 789\nLH DE E90 319 320 32N 321 333 359 789 388\nSQ SG 738 7M8 359 781 77W 388\nSA ZA 320 333 359\nLX CH 221 320 32N 321 333 77W\nTP PT AT7 E95 320 32N 321 32Q 332\nTG TH 320 333 359 788 789 77W\nTK TR 738 7M8 320 32N 321 333 359 789 77W\nUA US 319 320 321 738 7M8 763 789 781 77W\nZH CN 738 7M8 320 321","ONEWORLD":"AA US 319 320 321 738 7M8 788 789 77W\nAS US 738 7M8 7M9 332 789\nBA GB E90 320 32N 321 788 789 359 77W 388\nCX HK 321 32Q 333 359 77W\nFJ FJ AT7 738 7M8 359\nAY FI AT7 E90 320 321 333 359\nIB ES 320 32N 321 32Q 332 333 359\nJL JP E90 738 788 789 359 77W\nMH MY 738 7M8 333 359\nQF AU DH4 221 738 332 333 789 388\nQR QA 320 738 7M8 788 789 359 77W 388\nAT MA AT7 738 7M8 788 789\nRJ JO E95 320 321 788\nUL LK 320 32N 321 332 333\nWY OM 738 7M8 788 789","SKYTEAM":"AR AR 738 7M8 332\nAM MX E90 738 7M8 7M9 788 789\nUX ES E95 738 7M8 788 789\nAF FR 221 319 320 32N 321 332 359 77W 789\nCI TW 738 321 333 359 77W\nMU CN 320 32N 321 738 7M8 332 333 359 77W\nDL US 221 320 321 738 763 332 333 359\nGA ID AT7 738 7M8 333 77W\nKQ KE E90 738 788\nKL NL E90 E95 738 333 781 789 77W\nKE KR 738 7M8 321 332 333 359 789 77W 388\nME LB 320 32N 321 333\nSV SA 320 32N 321 333 788 789 77W\nRO RO AT7 738 7M8\nVN VN 321 32N 359 789 781\nVS GB 333 359 789\nMF CN 738 7M8 789"};

/** An alliance's name. */
export type Alliance = keyof typeof LINES;

const parse = (text: string): PartnerCarrier[] =>
  text.split('\n').map((line) => {
    const [code = '', country = '', ...fleet] = line.split(' ');
    return { code, country, fleet };
  });

/** The alliances' members; within a country the flag carrier first. */
export const ALLIANCES: Readonly<Record<Alliance, readonly PartnerCarrier[]>> = { STAR: parse(LINES.STAR), ONEWORLD: parse(LINES.ONEWORLD), SKYTEAM: parse(LINES.SKYTEAM) };
