// This file is generated from openapi.yaml by `npm run generate` (scripts/generators/carriers.mjs).
// Do not edit it by hand: change openapi.yaml and regenerate.
// Airline facts written by hand in the generator from the alliances' member lists (D93).

/** An airline that operates partner legs: IATA code, name and home country. */
export interface PartnerCarrier {
  code: string;
  name: string;
  country: string;
}

/** Alliance, then continent code (AF, AS, EU, NA, OC, SA): the member that operates legs there. */
export const ALLIANCES = {
  "STAR": {
    "NA": {
      "code": "UA",
      "name": "United Airlines",
      "country": "United States"
    },
    "SA": {
      "code": "AV",
      "name": "Avianca",
      "country": "Colombia"
    },
    "EU": {
      "code": "LH",
      "name": "Lufthansa",
      "country": "Germany"
    },
    "AF": {
      "code": "ET",
      "name": "Ethiopian Airlines",
      "country": "Ethiopia"
    },
    "AS": {
      "code": "NH",
      "name": "All Nippon Airways",
      "country": "Japan"
    },
    "OC": {
      "code": "NZ",
      "name": "Air New Zealand",
      "country": "New Zealand"
    }
  },
  "ONEWORLD": {
    "NA": {
      "code": "AA",
      "name": "American Airlines",
      "country": "United States"
    },
    "SA": {
      "code": "LA",
      "name": "LATAM Airlines",
      "country": "Chile"
    },
    "EU": {
      "code": "BA",
      "name": "British Airways",
      "country": "United Kingdom"
    },
    "AF": {
      "code": "AT",
      "name": "Royal Air Maroc",
      "country": "Morocco"
    },
    "AS": {
      "code": "CX",
      "name": "Cathay Pacific",
      "country": "Hong Kong"
    },
    "OC": {
      "code": "QF",
      "name": "Qantas",
      "country": "Australia"
    }
  },
  "SKYTEAM": {
    "NA": {
      "code": "DL",
      "name": "Delta Air Lines",
      "country": "United States"
    },
    "SA": {
      "code": "AR",
      "name": "Aerolineas Argentinas",
      "country": "Argentina"
    },
    "EU": {
      "code": "AF",
      "name": "Air France",
      "country": "France"
    },
    "AF": {
      "code": "KQ",
      "name": "Kenya Airways",
      "country": "Kenya"
    },
    "AS": {
      "code": "KE",
      "name": "Korean Air",
      "country": "South Korea"
    },
    "OC": {
      "code": "VA",
      "name": "Virgin Australia",
      "country": "Australia"
    }
  }
} as const satisfies Readonly<Record<string, Readonly<Record<string, PartnerCarrier>>>>;
