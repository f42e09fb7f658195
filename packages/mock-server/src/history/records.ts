import type { HistoryRecord, MilesProgram, ParsedFlight, ProgramCode } from '@flight-search/contract';
import { DIRECTIONS, MILES_PROGRAMS as MILES_PROGRAM_CODES } from '@flight-search/contract';
import { PROGRAMS } from '../data/flights/programs.js';
import { perPassengerMiles } from '../data/flights/per-passenger.js';
import { createRandom, HEX } from '../data/random/index.js';
import { formatUtc } from '../data/time/index.js';

const MILES_PROGRAMS: ReadonlySet<ProgramCode> = new Set<ProgramCode>(MILES_PROGRAM_CODES);

const isMilesProgram = (program: ProgramCode): program is MilesProgram => MILES_PROGRAMS.has(program);
type Direction = (typeof DIRECTIONS)[number];
const isDirection = (value: string): value is Direction => (DIRECTIONS as readonly string[]).includes(value);

/** Whether a flight has a history record: a miles program's flight with a miles fare (D9). */
export function hasHistory(flight: ParsedFlight): boolean {
  return MILES_PROGRAMS.has(flight.airlineLoyalty) && flight.fares.some((fare) => fare.miles > 0);
}

/**
 * The history record of a miles flight collected at `createdAt` (epoch ms), `undefined` for a cash flight
 * (D9). `sequence`, the record's number in its store, keeps ids distinct for one flight at one instant.
 * Some records lack `fares`, `legs`, `availableSeats`, `tripType` or `roundTrip`, as the spec says providers do.
 */
export function historyRecord(flight: ParsedFlight, createdAt: number, sequence = 0): HistoryRecord | undefined {
  const program = flight.airlineLoyalty;
  if (!isMilesProgram(program) || !hasHistory(flight)) return undefined;
  const perPassenger = perPassengerMiles(flight);
  let cheapest = 0;
  for (let i = 1; i < flight.fares.length; i++)
    if ((perPassenger[i] ?? Infinity) < (perPassenger[cheapest] ?? Infinity)) cheapest = i;
  const fare = flight.fares[cheapest];
  const basePrice = perPassenger[cheapest] ?? 0;
  // The instant as written: hashing epoch ms goes through its text, which costs more than the rest.
  const createdAtText = formatUtc(createdAt);
  const random = createRandom(flight.id, 'history', createdAtText, sequence);
  const record: HistoryRecord = {
    id: recordId(random.uuid(), sequence),
    airlineLoyalty: program,
    departureDate: flight.departureDate,
    arrivalDate: flight.arrivalDate,
    cabinType: flight.cabinType,
    concierge: flight.cabinType === 'BUSINESS' && random.chance(0.08) ? 'Concierge booking available by phone' : null,
    origin: flight.origin,
    destination: flight.destination,
    flightCode: flight.flightCode,
    fareType: fare?.fareType ?? 'UNKNOWN',
    basePrice,
    // Club members pay a program-specific share, always strictly less.
    milesClubPrice: Math.min(basePrice - 1, Math.round(basePrice * PROGRAMS[program].clubShare)),
    createdAt: createdAtText,
  };
  if (!random.chance(0.05)) {
    record.tripType = flight.tripType;
    // A flight's direction is open (D22), a record's roundTrip is not: a value outside it is left out, as the spec allows.
    if (isDirection(flight.direction)) record.roundTrip = flight.direction;
  }
  if (flight.availableSeats !== null) record.availableSeats = flight.availableSeats;
  if (!random.chance(0.1)) {
    record.fares = flight.fares.map(
      ({ fareType, miles, money, taxes, fees, totalMoney, productClass, classOfService }) => ({
        fareType,
        miles,
        money,
        taxes,
        fees,
        totalMoney,
        productClass,
        classOfService,
      }),
    );
  }
  if (!random.chance(0.1)) {
    record.legs = flight.legs.map((leg) => ({
      equipment: leg.equipment,
      cabinType: leg.cabinType,
      airlineCode: leg.airlineCode,
      arrivalDate: leg.arrivalDate,
      flightNumber: leg.flightNumber,
      departureDate: leg.departureDate,
      arrivalAirport: leg.arrivalAirport,
      classOfService: leg.classOfService,
      departureAirport: leg.departureAirport,
    }));
  }
  return record;
}

const NODE_BITS = 2 ** 48;
const HALF = 2 ** 24;

/** `uuid` with its last 12 hex digits from `sequence`: a 32-bit generator's UUIDs alone repeat among 100 000 records. */
function recordId(uuid: string, sequence: number): string {
  return uuid.slice(0, 24) + scramble48(sequence % NODE_BITS);
}

/** 24 bits as 6 hex digits, zero-padded. */
const hex24 = (value: number): string =>
  (HEX[value >>> 16] as string) + (HEX[(value >>> 8) & 255] as string) + (HEX[value & 255] as string);

/** The Feistel round function: scatters nearby numbers (the murmur3 finalizer). */
function scatter(round: number, value: number): number {
  let h = Math.imul(value ^ Math.imul(round + 1, 0x9e3779b9), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A bijection of 48-bit numbers (a Feistel network over two 24-bit halves) as 12 hex digits: no visible counter in ids. */
function scramble48(value: number): string {
  let left = Math.floor(value / HALF);
  let right = value % HALF;
  for (let round = 0; round < 3; round++) {
    const mixed = (left ^ scatter(round, right)) & (HALF - 1);
    left = right;
    right = mixed;
  }
  return hex24(left) + hex24(right);
}
