// Operating limits of particular airports: facts no airport data set carries
// (they are rules of governments and airport authorities, not geography), so
// they are kept here by hand, each with its source. The data set's runway
// length (see ../generated/airports.ts) already limits aircraft everywhere;
// these are the rules on top of it.

/** What an airport allows beyond its runway length. */
export interface AirportLimits {
  /** Only flights within its own country (no international itinerary starts or ends here). */
  domesticOnly?: true;
  /** Non-stop legs longer than this (great-circle km) do not operate here... */
  perimeterKm?: number;
  /** ...except to and from these airports. */
  perimeterExceptions?: readonly string[];
  /** Only these aircraft types (IATA codes) are approved here. */
  equipment?: readonly string[];
  /** Night curfew, local minutes of the day: no departure or landing from `from` to `to` (D138). */
  curfew?: { from: number; to: number };
  /** Longest non-stop scheduled to or from it, great-circle km: a hot-and-high airport's take-off weights (D173). */
  maxStageKm?: number;
  /** Served by low-cost airlines only: no program or alliance airline flies here (D173). */
  lowCostOnly?: true;
}

const AIRPORT_LIMITS: Readonly<Record<string, AirportLimits>> = {
  // LaGuardia perimeter rule (Port Authority of NY & NJ, 1984; 14 CFR part 93 slot rules):
  // no non-stop beyond 1,500 statute miles (2,414 km), Saturdays included, Denver exempt.
  LGA: { perimeterKm: 2414, perimeterExceptions: ['DEN'] },
  // Washington National (WAS): 1,250 statute miles (2,012 km, 49 U.S.C. 49109), beyond it
  // only the exemption slots Congress granted (the western cities below).
  DCA: { perimeterKm: 2012, perimeterExceptions: ['LAX', 'SFO', 'SEA', 'PHX', 'LAS', 'DEN', 'SLC', 'PDX', 'SAN', 'AUS', 'SJU'] },
  // London City: 5.5-degree steep approach and a 1,508 m runway; only aircraft certified
  // for it operate (Embraer E-jets up to the E190, Airbus A220-100, ATR 72, Dash 8).
  // Its planning permission also closes it from 22:30 to 06:30 (weekday hours; the mock uses them every day).
  LCY: { equipment: ['E70', 'E75', 'E90', '221', 'AT7', 'DH4'], curfew: { from: 22 * 60 + 30, to: 6 * 60 + 30 } },
  // Frankfurt's night-flight ban, 23:00-05:00 (Federal Administrative Court, 4 April 2012, on the planning approval of runway 07L/25R).
  FRA: { curfew: { from: 23 * 60, to: 5 * 60 } },
  // Sydney Airport Curfew Act 1995: 23:00-06:00.
  SYD: { curfew: { from: 23 * 60, to: 6 * 60 } },
  // Paris-Orly: no slots from 23:30 to 06:00 (arrete ministeriel of 4 April 1968).
  ORY: { curfew: { from: 23 * 60 + 30, to: 6 * 60 } },
  // Zurich: operating regulations close it to scheduled traffic from 23:30 to 06:00.
  ZRH: { curfew: { from: 23 * 60 + 30, to: 6 * 60 } },
  // Mexico City: 2,230 m above sea level; its longest scheduled departure is Tokyo (11,300 km, ANA and
  // Aeromexico), and its Asian flights beyond that stop on the way (Aeromexico's Shanghai service via Tijuana).
  MEX: { maxStageKm: 11_500 },
  // Milan Linate: its traffic decree (DM 3 March 2000, "decreto Bersani", as amended) allows point-to-point
  // flights within Europe only; the long-haul of Milan is at Malpensa. 2,500 km stands for "within Europe".
  LIN: { perimeterKm: 2500 },
  // Low-cost airports: Paris Beauvais, Brussels Charleroi and Frankfurt Hahn are served by Ryanair and
  // Wizz Air alone (their airports' destination lists); no network airline or alliance member flies there.
  BVA: { lowCostOnly: true },
  CRL: { lowCostOnly: true },
  HHN: { lowCostOnly: true },
  // Congonhas (Sao Paulo) and Santos Dumont (Rio): domestic airports by ANAC/CONAC rule;
  // international flights of those cities use GRU/VCP and GIG.
  CGH: { domesticOnly: true },
  SDU: { domesticOnly: true },
};

const NONE: AirportLimits = {};

/** The limits of an airport ({} when it has none beyond its runway). */
export const limitsOf = (iata: string): AirportLimits => (Object.hasOwn(AIRPORT_LIMITS, iata) ? (AIRPORT_LIMITS[iata] ?? NONE) : NONE);
