// This file is generated from openapi.yaml by `npm run generate` (scripts/generators/contract.mjs).
// Do not edit it by hand: change openapi.yaml and regenerate.

export const PROGRAM_CODES = [
  "PROGRAM_1",
  "PROGRAM_2",
  "PROGRAM_3",
  "PROGRAM_3_INTERLINE",
  "PROGRAM_4",
  "PROGRAM_5",
  "PROGRAM_6",
  "PROGRAM_7",
  "PROGRAM_8"
] as const;

export const MILES_PROGRAMS = [
  "PROGRAM_1",
  "PROGRAM_2",
  "PROGRAM_3",
  "PROGRAM_3_INTERLINE",
  "PROGRAM_4",
  "PROGRAM_5",
  "PROGRAM_6",
  "PROGRAM_7"
] as const;

export const CASH_PROGRAMS = [
  "PROGRAM_2",
  "PROGRAM_3",
  "PROGRAM_8"
] as const;

export const PROGRAM_CODE_PATTERN = "^[A-Z][A-Z0-9_]*$" as const;

export const PRICE_TYPES = [
  "MILES",
  "CASH"
] as const;

export const TRIP_TYPES = [
  "ONE_WAY",
  "ROUND_TRIP"
] as const;

export const CABIN_TYPES = [
  "ECONOMY",
  "BUSINESS"
] as const;

export const DIRECTIONS = [
  "OUTBOUND",
  "RETURN"
] as const;

export const RESPONSE_FORMATS = [
  "RAW",
  "PARSED"
] as const;

export const VALIDATION_ISSUE_TYPES = [
  "missing",
  "invalid_type",
  "invalid_enum",
  "out_of_range",
  "invalid_format",
  "invalid_date",
  "cross_field",
  "invalid_json"
] as const;

export const MEDIA_TYPES = [
  "application/vnd.service.v1+json",
  "application/json"
] as const;

export const CITY_CODES = {
  "BER": [
    "BER"
  ],
  "BJS": [
    "PEK",
    "PKX"
  ],
  "BUE": [
    "EZE",
    "AEP"
  ],
  "CHI": [
    "ORD",
    "MDW"
  ],
  "DTT": [
    "DTW"
  ],
  "LON": [
    "LHR",
    "LGW",
    "STN",
    "LTN",
    "LCY",
    "SEN"
  ],
  "MIL": [
    "MXP",
    "LIN",
    "BGY"
  ],
  "MOW": [
    "SVO",
    "DME",
    "VKO"
  ],
  "NYC": [
    "JFK",
    "LGA",
    "EWR"
  ],
  "OSA": [
    "KIX",
    "ITM"
  ],
  "PAR": [
    "CDG",
    "ORY",
    "BVA"
  ],
  "RIO": [
    "GIG",
    "SDU"
  ],
  "ROM": [
    "FCO",
    "CIA"
  ],
  "SAO": [
    "GRU",
    "CGH",
    "VCP"
  ],
  "SEL": [
    "ICN",
    "GMP"
  ],
  "STO": [
    "ARN",
    "BMA",
    "NYO"
  ],
  "TYO": [
    "NRT",
    "HND"
  ],
  "WAS": [
    "IAD",
    "DCA",
    "BWI"
  ],
  "YMQ": [
    "YUL"
  ],
  "YTO": [
    "YYZ",
    "YTZ"
  ]
} as const;

export const QUOTA_COST = {
  "ONE_WAY": 1,
  "ROUND_TRIP": 2
} as const;

export const SEARCH_RULES = [
  {
    "id": "SEARCH-1",
    "field": "body.airlineLoyalty",
    "type": "out_of_range",
    "rule": "airlineLoyalty holds exactly one value"
  },
  {
    "id": "SEARCH-2",
    "field": "body.airlineLoyalty",
    "type": "cross_field",
    "rule": "the program is allowed for the priceType"
  },
  {
    "id": "SEARCH-3",
    "field": "body.passengers.children",
    "type": "cross_field",
    "rule": "adults + children is at most 9"
  },
  {
    "id": "SEARCH-4",
    "field": "body.passengers.infants",
    "type": "cross_field",
    "rule": "infants is at most adults"
  },
  {
    "id": "SEARCH-5",
    "field": "body.destination",
    "type": "cross_field",
    "rule": "origin and destination differ"
  },
  {
    "id": "SEARCH-6",
    "field": "body.returnDate",
    "type": "cross_field",
    "rule": "returnDate is later than departureDate"
  },
  {
    "id": "SEARCH-7",
    "field": "body.returnDate",
    "type": "missing",
    "rule": "returnDate is present when tripType is ROUND_TRIP"
  },
  {
    "id": "SEARCH-8",
    "field": "body.responseFormat",
    "type": "invalid_enum",
    "rule": "responseFormat is exactly RAW or PARSED"
  },
  {
    "id": "SEARCH-9",
    "field": "*",
    "type": "missing",
    "rule": "a missing required field gives 422"
  },
  {
    "id": "SEARCH-10",
    "field": "body",
    "type": "invalid_type",
    "rule": "the request body is a JSON object sent as JSON"
  }
] as const;

export const HISTORY_RULES = [
  {
    "id": "HISTORY-1",
    "field": "query.origin",
    "type": "invalid_format",
    "rule": "origin and destination are IATA airport or city codes"
  },
  {
    "id": "HISTORY-2",
    "field": "query.airlineLoyalty",
    "type": "invalid_enum",
    "rule": "airlineLoyalty takes MILES programs only, repeatable"
  },
  {
    "id": "HISTORY-3",
    "field": "query.lookbackDays",
    "type": "out_of_range",
    "rule": "lookbackDays is an integer from 1 to 30"
  },
  {
    "id": "HISTORY-4",
    "field": "query.onlyFutureDepartures",
    "type": "invalid_type",
    "rule": "onlyFutureDepartures is true or false"
  },
  {
    "id": "HISTORY-5",
    "field": "query.departureDate",
    "type": "invalid_date",
    "rule": "departureDate is a calendar date, repeatable"
  },
  {
    "id": "HISTORY-6",
    "field": "-",
    "type": "-",
    "rule": "departure ascending then createdAt descending, no paging"
  }
] as const;

export const PATHS = {
  "search": "/flights/search",
  "history": "/intelligence/flights/history",
  "quota": "/quota"
} as const;

export const SEARCH_PROPERTY_ORDER = [
  "airlineLoyalty",
  "priceType",
  "tripType",
  "cabinType",
  "origin",
  "destination",
  "departureDate",
  "returnDate",
  "passengers",
  "responseFormat"
] as const;

export const HISTORY_PARAMETER_ORDER = [
  "origin",
  "destination",
  "cabinType",
  "airlineLoyalty",
  "lookbackDays",
  "onlyFutureDepartures",
  "departureDate"
] as const;

export const HISTORY_ARRAY_PARAMETERS = [
  "airlineLoyalty",
  "departureDate"
] as const;

export const SEARCH_RULE_OF_FIELD = {
  "body.airlineLoyalty": "SEARCH-1",
  "body.responseFormat": "SEARCH-8",
  "*": "SEARCH-9",
  "body": "SEARCH-10"
} as const;

export const HISTORY_RULE_OF_FIELD = {
  "query.origin": "HISTORY-1",
  "query.airlineLoyalty": "HISTORY-2",
  "query.lookbackDays": "HISTORY-3",
  "query.onlyFutureDepartures": "HISTORY-4",
  "query.departureDate": "HISTORY-5"
} as const;

export const SEARCH_REQUEST_SCHEMA = {
  "type": "object",
  "required": [
    "airlineLoyalty",
    "tripType",
    "cabinType",
    "origin",
    "destination",
    "departureDate",
    "passengers"
  ],
  "properties": {
    "airlineLoyalty": {
      "type": "array",
      "minItems": 1,
      "maxItems": 1,
      "x-message": "must hold exactly one program",
      "items": {
        "type": "string",
        "pattern": "^[A-Z][A-Z0-9_]*$",
        "enum": [
          "PROGRAM_1",
          "PROGRAM_2",
          "PROGRAM_3",
          "PROGRAM_3_INTERLINE",
          "PROGRAM_4",
          "PROGRAM_5",
          "PROGRAM_6",
          "PROGRAM_7",
          "PROGRAM_8"
        ]
      }
    },
    "priceType": {
      "type": "string",
      "enum": [
        "MILES",
        "CASH"
      ],
      "default": "MILES"
    },
    "tripType": {
      "type": "string",
      "enum": [
        "ONE_WAY",
        "ROUND_TRIP"
      ]
    },
    "cabinType": {
      "type": "string",
      "enum": [
        "ECONOMY",
        "BUSINESS"
      ]
    },
    "origin": {
      "type": "string",
      "pattern": "^[A-Z]{3}$",
      "x-place": "airport"
    },
    "destination": {
      "type": "string",
      "pattern": "^[A-Z]{3}$",
      "x-place": "airport"
    },
    "departureDate": {
      "type": "string",
      "format": "date",
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
    },
    "returnDate": {
      "type": "string",
      "format": "date",
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
    },
    "passengers": {
      "type": "object",
      "required": [
        "adults"
      ],
      "properties": {
        "adults": {
          "type": "integer",
          "minimum": 1,
          "maximum": 9
        },
        "children": {
          "type": "integer",
          "minimum": 0,
          "maximum": 8,
          "default": 0
        },
        "infants": {
          "type": "integer",
          "minimum": 0,
          "maximum": 4,
          "default": 0
        }
      }
    },
    "responseFormat": {
      "type": "string",
      "enum": [
        "RAW",
        "PARSED"
      ],
      "default": "RAW"
    }
  }
} as const;

export const HISTORY_QUERY_SCHEMA = {
  "type": "object",
  "required": [
    "origin",
    "destination",
    "cabinType",
    "airlineLoyalty",
    "lookbackDays"
  ],
  "properties": {
    "origin": {
      "type": "string",
      "pattern": "^[A-Z]{3}$",
      "x-place": "airport-or-city"
    },
    "destination": {
      "type": "string",
      "pattern": "^[A-Z]{3}$",
      "x-place": "airport-or-city"
    },
    "cabinType": {
      "type": "string",
      "enum": [
        "ECONOMY",
        "BUSINESS"
      ]
    },
    "airlineLoyalty": {
      "type": "array",
      "minItems": 1,
      "maxItems": 9,
      "items": {
        "type": "string",
        "pattern": "^[A-Z][A-Z0-9_]*$",
        "enum": [
          "PROGRAM_1",
          "PROGRAM_2",
          "PROGRAM_3",
          "PROGRAM_3_INTERLINE",
          "PROGRAM_4",
          "PROGRAM_5",
          "PROGRAM_6",
          "PROGRAM_7"
        ],
        "x-decision": "D9"
      }
    },
    "lookbackDays": {
      "type": "integer",
      "minimum": 1,
      "maximum": 30
    },
    "onlyFutureDepartures": {
      "type": "boolean",
      "default": false
    },
    "departureDate": {
      "type": "array",
      "maxItems": 366,
      "items": {
        "type": "string",
        "format": "date",
        "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
      }
    }
  }
} as const;
