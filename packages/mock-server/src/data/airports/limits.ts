/** What an airport allows beyond its runway: authorities' rules no data set carries, each with its source. */
export interface AirportLimits {
  domesticOnly?: true;
  /** No non-stop beyond this many km, but to and from `perimeterExceptions`. */
  perimeterKm?: number;
  perimeterExceptions?: readonly string[];
  /** The only aircraft types approved. */
  equipment?: readonly string[];
  /** Night curfew, local minutes of the day (D138). */
  curfew?: { from: number; to: number };
  /** Longest non-stop, km: a hot-and-high airport (D173). */
  maxStageKm?: number;
  /** Served by low-cost airlines only (D173). */
  lowCostOnly?: true;
}

const AIRPORT_LIMITS: Readonly<Record<string, AirportLimits>> = {
  // LaGuardia perimeter rule (Port Authority of NY & NJ, 1984): 1,500 statute miles, Denver exempt.
  LGA: { perimeterKm: 2414, perimeterExceptions: ['DEN'] },
  // Washington National: 1,250 statute miles (49 U.S.C. 49109) but Congress's exemption slots.
  DCA: {
    perimeterKm: 2012,
    perimeterExceptions: ['LAX', 'SFO', 'SEA', 'PHX', 'LAS', 'DEN', 'SLC', 'PDX', 'SAN', 'AUS', 'SJU'],
  },
  // London City: steep approach, only types certified for it; closed 22:30-06:30 (weekday hours, every day here).
  LCY: { equipment: ['E70', 'E75', 'E90', '221', 'AT7', 'DH4'], curfew: { from: 22 * 60 + 30, to: 6 * 60 + 30 } },
  // Frankfurt's night-flight ban, 23:00-05:00 (Federal Administrative Court, 4 April 2012).
  FRA: { curfew: { from: 23 * 60, to: 5 * 60 } },
  // Sydney Airport Curfew Act 1995: 23:00-06:00.
  SYD: { curfew: { from: 23 * 60, to: 6 * 60 } },
  // Paris-Orly: no slots from 23:30 to 06:00 (arrete ministeriel of 4 April 1968).
  ORY: { curfew: { from: 23 * 60 + 30, to: 6 * 60 } },
  // Zurich: operating regulations close it to scheduled traffic from 23:30 to 06:00.
  ZRH: { curfew: { from: 23 * 60 + 30, to: 6 * 60 } },
  // Mexico City, 2,230 m up: its longest non-stop is Tokyo (11,300 km).
  MEX: { maxStageKm: 11_500 },
  // Milan Linate: within Europe only (DM 3 March 2000, "decreto Bersani"), 2,500 km here.
  LIN: { perimeterKm: 2500 },
  // Served by Ryanair and Wizz Air alone (the airports' destination lists).
  BVA: { lowCostOnly: true },
  CRL: { lowCostOnly: true },
  HHN: { lowCostOnly: true },
  // Congonhas and Santos Dumont: domestic airports by ANAC/CONAC rule.
  CGH: { domesticOnly: true },
  SDU: { domesticOnly: true },
};

const NONE: AirportLimits = {};

/** The limits of an airport ({} when it has none beyond its runway). */
export const limitsOf = (iata: string): AirportLimits =>
  Object.hasOwn(AIRPORT_LIMITS, iata) ? (AIRPORT_LIMITS[iata] ?? NONE) : NONE;
