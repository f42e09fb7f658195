import type { CabinType, ProgramCode } from '@flight-search/contract';
import type { Alliance } from '../generated/carriers.js';

/** A fare family: price factor over the cheapest, booking classes, product class. */
export interface FareFamily {
  name: string;
  factor: number;
  classes: readonly string[];
  productClass: string | null;
}

/** How one program schedules and prices. */
export interface ProgramProfile {
  carrier: string;
  currency: Currency;
  /** Countries its own airline flies from and to; other legs are its alliance's (D136). */
  home: readonly string[];
  alliance: Alliance;
  /** Aircraft types its own airline flies (D137). */
  fleet: readonly string[];
  /** Hubs its connections go through, preferred first. */
  hubs: readonly string[];
  families: Readonly<Record<CabinType, readonly FareFamily[]>>;
  /** Award chart: miles per km, economy, per passenger. */
  milesPerKm: number;
  milesStep: number;
  businessFactor: number;
  /** Share of the adult price an infant pays. */
  infantShare: number;
  /** Club price over base price in history records. */
  clubShare: number;
  bookingFee: number;
  /** Carrier surcharge ("YQ") abroad, US dollars per km in economy (D172). */
  surchargePerKm: number;
  /** Cash price per km, economy, per passenger. */
  cashPerKm: number;
  fareSources: readonly (string | null)[];
}

/** Currencies of the programs (D43). */
export type Currency = 'BRL' | 'USD' | 'EUR';

const economy = (names: readonly [string, string, string], productClasses: boolean): FareFamily[] => [
  {
    name: names[0],
    factor: 1,
    classes: ['Q', 'K', 'L', 'N', 'T'],
    productClass: productClasses ? `${names[0]}_ECONOMY` : null,
  },
  {
    name: names[1],
    factor: 1.32,
    classes: ['M', 'H', 'B'],
    productClass: productClasses ? `${names[1]}_ECONOMY` : null,
  },
  { name: names[2], factor: 1.78, classes: ['Y', 'B'], productClass: productClasses ? `${names[2]}_ECONOMY` : null },
];
const business = (names: readonly [string, string], productClasses: boolean): FareFamily[] => [
  { name: names[0], factor: 1, classes: ['I', 'Z', 'D'], productClass: productClasses ? `${names[0]}_BUSINESS` : null },
  { name: names[1], factor: 1.45, classes: ['J', 'C'], productClass: productClasses ? `${names[1]}_BUSINESS` : null },
];

const PROGRAM_3: ProgramProfile = {
  carrier: 'P3',
  currency: 'BRL',
  home: ['BR'],
  alliance: 'STAR',
  fleet: ['AT7', 'E95', '32N', '332', '359'],
  hubs: ['VCP', 'CNF', 'REC', 'FLL'],
  families: {
    ECONOMY: economy(['SUPER', 'PLUS', 'MAX'], true),
    BUSINESS: business(['BUSINESS', 'BUSINESS_MAX'], true),
  },
  milesPerKm: 4.2,
  milesStep: 10,
  businessFactor: 2.6,
  infantShare: 0.1,
  clubShare: 0.8,
  bookingFee: 0,
  surchargePerKm: 0.0035,
  cashPerKm: 0.085,
  fareSources: [null],
};

/** Every program's profile. */
export const PROGRAMS: Readonly<Record<ProgramCode, ProgramProfile>> = {
  PROGRAM_1: {
    carrier: 'P1',
    currency: 'BRL',
    home: ['BR'],
    alliance: 'SKYTEAM',
    fleet: ['E95', '320', '32N', '321', '789', '77W'],
    hubs: ['GRU', 'GIG', 'BSB', 'MIA', 'LIS'],
    families: {
      ECONOMY: economy(['LIGHT', 'STANDARD', 'FULL'], false),
      BUSINESS: business(['EXECUTIVE', 'EXECUTIVE_FLEX'], false),
    },
    milesPerKm: 4.5,
    milesStep: 500,
    businessFactor: 2.8,
    infantShare: 0.1,
    clubShare: 0.9,
    bookingFee: 0,
    surchargePerKm: 0.004,
    cashPerKm: 0.1,
    fareSources: [null],
  },
  PROGRAM_2: {
    carrier: 'P2',
    currency: 'BRL',
    home: ['BR', 'CL', 'PE', 'CO'],
    alliance: 'SKYTEAM',
    fleet: ['319', '320', '32N', '321', '763', '789', '77W'],
    hubs: ['GRU', 'SCL', 'LIM', 'BOG', 'MIA'],
    families: {
      ECONOMY: economy(['BASIC', 'CLASSIC', 'FLEX'], true),
      BUSINESS: business(['PREMIUM', 'PREMIUM_FLEX'], true),
    },
    milesPerKm: 3.9,
    milesStep: 100,
    businessFactor: 3.1,
    infantShare: 0.1,
    clubShare: 0.85,
    bookingFee: 0,
    surchargePerKm: 0.005,
    cashPerKm: 0.095,
    fareSources: [null, 'NDC'],
  },
  PROGRAM_3,
  PROGRAM_3_INTERLINE: {
    ...PROGRAM_3,
    hubs: ['VCP', 'LIS', 'FLL', 'JFK', 'CDG'],
    milesPerKm: 4.8,
    businessFactor: 2.7,
    surchargePerKm: 0.0065,
    cashPerKm: 0.09,
    fareSources: ['INTERLINE'],
  },
  PROGRAM_4: {
    carrier: 'P4',
    currency: 'USD',
    home: ['PA'],
    alliance: 'STAR',
    fleet: ['738', '7M8', '7M9'],
    hubs: ['PTY', 'BOG', 'MEX'],
    families: {
      ECONOMY: economy(['ECONOMY_BASIC', 'ECONOMY_CLASSIC', 'ECONOMY_FULL'], false),
      BUSINESS: business(['BUSINESS_CLASSIC', 'BUSINESS_FULL'], false),
    },
    milesPerKm: 3.6,
    milesStep: 500,
    businessFactor: 2.5,
    infantShare: 0.1,
    clubShare: 0.9,
    bookingFee: 25,
    surchargePerKm: 0.002,
    cashPerKm: 0.11,
    fareSources: [null, 'PARTNER'],
  },
  PROGRAM_5: {
    carrier: 'P5',
    currency: 'EUR',
    home: ['ES'],
    alliance: 'ONEWORLD',
    fleet: ['320', '32N', '321', '32Q', '332', '333', '359'],
    hubs: ['MAD', 'LIS', 'CDG', 'AMS', 'FRA', 'LHR'],
    families: { ECONOMY: economy(['SAVER', 'STANDARD', 'PEAK'], false), BUSINESS: business(['SAVER', 'PEAK'], false) },
    milesPerKm: 3.4,
    milesStep: 250,
    businessFactor: 3.0,
    infantShare: 0.1,
    clubShare: 0.88,
    bookingFee: 15,
    surchargePerKm: 0.009,
    cashPerKm: 0.12,
    fareSources: [null],
  },
  PROGRAM_6: {
    carrier: 'P6',
    currency: 'USD',
    home: ['AE', 'QA'],
    alliance: 'ONEWORLD',
    fleet: ['32N', '738', '7M8', '788', '789', '359', '77W', '388'],
    hubs: ['DXB', 'DOH', 'IST', 'AUH'],
    families: {
      ECONOMY: economy(['SPECIAL', 'SAVER', 'FLEX'], true),
      BUSINESS: business(['SAVER', 'FLEX_PLUS'], true),
    },
    milesPerKm: 4.0,
    milesStep: 500,
    businessFactor: 3.2,
    infantShare: 0.1,
    clubShare: 0.9,
    bookingFee: 0,
    surchargePerKm: 0.0075,
    cashPerKm: 0.1,
    fareSources: [null, 'GDS'],
  },
  PROGRAM_7: {
    carrier: 'P7',
    currency: 'USD',
    home: ['US'],
    alliance: 'ONEWORLD',
    fleet: ['221', '319', '320', '321', '738', '763', '332', '359', '789'],
    hubs: ['ATL', 'DFW', 'ORD', 'IAH', 'EWR', 'JFK'],
    families: {
      ECONOMY: economy(['MAIN_BASIC', 'MAIN', 'MAIN_REFUNDABLE'], false),
      BUSINESS: business(['BUSINESS', 'BUSINESS_REFUNDABLE'], false),
    },
    milesPerKm: 5.0,
    milesStep: 100,
    businessFactor: 2.9,
    infantShare: 0.1,
    clubShare: 0.85,
    bookingFee: 0,
    surchargePerKm: 0.0025,
    cashPerKm: 0.105,
    fareSources: [null],
  },
  PROGRAM_8: {
    carrier: 'P8',
    currency: 'USD',
    home: ['PT'],
    alliance: 'STAR',
    fleet: ['AT7', 'E95', '320', '32N', '321', '32Q', '332'],
    hubs: ['LIS', 'OPO', 'GRU', 'MIA'],
    families: {
      ECONOMY: economy(['DISCOUNT', 'BASIC', 'CLASSIC'], true),
      BUSINESS: business(['EXECUTIVE', 'EXECUTIVE_PLUS'], true),
    },
    milesPerKm: 4.0,
    milesStep: 500,
    businessFactor: 3.0,
    infantShare: 0.1,
    clubShare: 0.9,
    bookingFee: 0,
    surchargePerKm: 0.008,
    cashPerKm: 0.092,
    fareSources: [null, 'DIRECT'],
  },
};

/** Big hubs of every region. */
export const WORLD_HUBS: readonly string[] = [
  'JFK',
  'LHR',
  'CDG',
  'FRA',
  'AMS',
  'MAD',
  'LIS',
  'IST',
  'DXB',
  'DOH',
  'SIN',
  'HKG',
  'NRT',
  'ICN',
  'BKK',
  'DEL',
  'LAX',
  'ATL',
  'ORD',
  'DFW',
  'MIA',
  'YYZ',
  'MEX',
  'PTY',
  'BOG',
  'LIM',
  'SCL',
  'GRU',
  'JNB',
  'ADD',
  'NBO',
  'SYD',
];
