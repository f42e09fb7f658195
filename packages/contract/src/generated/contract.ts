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

export const ANSWER_SCHEMAS = {"operations":{"POST /flights/search":{"200":{"$ref":"SearchResponse"},"401":{"$ref":"HttpErrorEnvelope"},"402":{"$ref":"QuotaErrorEnvelope"},"404":{"$ref":"HttpErrorEnvelope"},"406":{"$ref":"NotAcceptableErrorEnvelope"},"413":{"$ref":"HttpErrorEnvelope"},"415":{"$ref":"HttpErrorEnvelope"},"422":{"$ref":"ValidationErrorEnvelope"},"429":{"$ref":"RateLimitErrorEnvelope"},"500":{"$ref":"InternalErrorEnvelope"},"502":{"$ref":"GatewayErrorEnvelope"},"503":{"$ref":"GatewayErrorEnvelope"},"504":{"$ref":"GatewayErrorEnvelope"}},"GET /intelligence/flights/history":{"200":{"$ref":"HistoryResponse"},"401":{"$ref":"HttpErrorEnvelope"},"403":{"$ref":"AuthorizationErrorEnvelope"},"404":{"$ref":"HttpErrorEnvelope"},"406":{"$ref":"NotAcceptableErrorEnvelope"},"422":{"$ref":"ValidationErrorEnvelope"},"429":{"$ref":"RateLimitErrorEnvelope"},"500":{"$ref":"InternalErrorEnvelope"},"502":{"$ref":"GatewayErrorEnvelope"},"503":{"$ref":"GatewayErrorEnvelope"},"504":{"$ref":"GatewayErrorEnvelope"}},"GET /quota":{"200":{"$ref":"Quota"},"401":{"$ref":"HttpErrorEnvelope"},"404":{"$ref":"HttpErrorEnvelope"},"406":{"$ref":"NotAcceptableErrorEnvelope"},"429":{"$ref":"RateLimitErrorEnvelope"},"500":{"$ref":"InternalErrorEnvelope"},"502":{"$ref":"GatewayErrorEnvelope"},"503":{"$ref":"GatewayErrorEnvelope"},"504":{"$ref":"GatewayErrorEnvelope"}}},"schemas":{"SearchResponse":{"anyOf":[{"$ref":"RawSearchResponse"},{"$ref":"ParsedSearchResponse"}]},"HttpErrorEnvelope":{"type":"object","required":["error"],"properties":{"error":{"type":"object","required":["code","message","correlationId"],"properties":{"code":{"type":"string","enum":["HTTP_ERROR","PAYLOAD_TOO_LARGE","UNSUPPORTED_CONTENT_ENCODING"]},"message":{"type":"string"},"correlationId":{"$ref":"CorrelationId"}}}}},"QuotaErrorEnvelope":{"type":"object","required":["error"],"properties":{"error":{"type":"object","required":["code","message","correlationId"],"properties":{"code":{"type":"string","const":"HTTP_ERROR"},"message":{"type":"string"},"correlationId":{"$ref":"CorrelationId"},"details":{"type":"object","required":["requiredUnits","remainingUnits"],"properties":{"requiredUnits":{"type":"integer","minimum":1},"remainingUnits":{"type":"integer","minimum":0}}}}}}},"NotAcceptableErrorEnvelope":{"type":"object","required":["error"],"properties":{"error":{"type":"object","required":["code","message","supportedMediaTypes"],"properties":{"code":{"type":"string","const":"NOT_ACCEPTABLE"},"message":{"type":"string"},"correlationId":{"$ref":"CorrelationId"},"supportedMediaTypes":{"type":"array","items":{"type":"string","enum":["application/vnd.service.v1+json","application/json"]},"minItems":2,"maxItems":2,"uniqueItems":true}}}}},"ValidationErrorEnvelope":{"type":"object","required":["error"],"properties":{"error":{"type":"object","required":["code","message","correlationId","details"],"properties":{"code":{"type":"string","const":"VALIDATION_ERROR"},"message":{"type":"string"},"correlationId":{"$ref":"CorrelationId"},"details":{"type":"object","required":["errors"],"properties":{"errors":{"type":"array","minItems":1,"items":{"$ref":"ValidationIssue"}}}}}}}},"RateLimitErrorEnvelope":{"type":"object","required":["error"],"properties":{"error":{"type":"object","required":["code","message","correlationId"],"properties":{"code":{"type":"string","const":"RATE_LIMIT_EXCEEDED"},"message":{"type":"string"},"correlationId":{"$ref":"CorrelationId"}}}}},"InternalErrorEnvelope":{"type":"object","required":["error"],"properties":{"error":{"type":"object","required":["code","message","correlationId"],"properties":{"code":{"type":"string","const":"INTERNAL_ERROR"},"message":{"type":"string"},"correlationId":{"$ref":"CorrelationId"}}}}},"GatewayErrorEnvelope":{"type":"object","required":["error"],"properties":{"error":{"type":"object","required":["code","message","correlationId"],"properties":{"code":{"type":"string","enum":["BAD_GATEWAY","SERVICE_UNAVAILABLE","GATEWAY_TIMEOUT"]},"message":{"type":"string"},"correlationId":{"$ref":"CorrelationId"}}}}},"HistoryResponse":{"type":"object","required":["total","lookbackDays","flights"],"properties":{"total":{"type":"integer","minimum":0},"lookbackDays":{"type":"integer","minimum":1,"maximum":30},"flights":{"type":"array","items":{"$ref":"HistoryRecord"}}}},"AuthorizationErrorEnvelope":{"type":"object","required":["error"],"properties":{"error":{"type":"object","required":["code","message"],"properties":{"code":{"type":"string","const":"AUTHORIZATION_ERROR"},"message":{"type":"string"},"correlationId":{"$ref":"CorrelationId"}}}}},"Quota":{"type":"object","required":["limit","consumed","remaining","usageByCompany"],"properties":{"limit":{"type":"integer","minimum":0},"consumed":{"type":"integer","minimum":0},"remaining":{"type":"integer","minimum":0},"usageByCompany":{"type":"array","items":{"$ref":"QuotaUsage"}}}},"RawSearchResponse":{"type":"object","required":["results","summary"],"properties":{"results":{"type":"array","minItems":1,"items":{"$ref":"RawResultItem"}},"summary":{"$ref":"SearchSummary"}}},"ParsedSearchResponse":{"type":"object","required":["results","summary"],"properties":{"results":{"type":"array","minItems":1,"items":{"$ref":"ParsedResultItem"}},"summary":{"$ref":"SearchSummary"}}},"CorrelationId":{"type":"string","format":"uuid"},"ValidationIssue":{"type":"object","required":["field","message","type"],"properties":{"field":{"type":"string"},"message":{"type":"string"},"type":{"anyOf":[{"$ref":"ValidationIssueType"},{"type":"string"}]}}},"HistoryRecord":{"type":"object","required":["id","airlineLoyalty","departureDate","arrivalDate","cabinType","concierge","origin","destination","flightCode","fareType","basePrice","milesClubPrice","createdAt"],"properties":{"id":{"type":"string","format":"uuid"},"airlineLoyalty":{"anyOf":[{"$ref":"MilesProgram"},{"type":"string"}]},"departureDate":{"$ref":"LocalDateTime"},"arrivalDate":{"$ref":"LocalDateTime"},"cabinType":{"$ref":"CabinType"},"concierge":{"type":["string","null"]},"origin":{"$ref":"IataCode"},"destination":{"$ref":"IataCode"},"flightCode":{"type":"string"},"tripType":{"$ref":"TripType"},"roundTrip":{"$ref":"Direction"},"fareType":{"type":"string"},"basePrice":{"type":"integer","minimum":0},"milesClubPrice":{"type":"integer","minimum":0},"availableSeats":{"type":"integer","minimum":0},"createdAt":{"type":"string","format":"date-time"},"fares":{"type":"array","items":{"$ref":"HistoryFare"}},"legs":{"type":"array","items":{"$ref":"HistoryLeg"}}}},"QuotaUsage":{"type":"object","required":["airlineLoyalty","consumed"],"properties":{"airlineLoyalty":{"$ref":"ProgramCode"},"consumed":{"type":"integer","minimum":0}}},"RawResultItem":{"oneOf":[{"$ref":"RawResultSuccess"},{"$ref":"RawResultFailure"}]},"SearchSummary":{"type":"object","required":["totalAirlinesRequested","successfulSearches","failedSearches"],"properties":{"totalAirlinesRequested":{"type":"integer","minimum":0},"successfulSearches":{"type":"integer","minimum":0},"failedSearches":{"type":"integer","minimum":0}}},"ParsedResultItem":{"oneOf":[{"$ref":"ParsedResultSuccess"},{"$ref":"ParsedResultFailure"}]},"ValidationIssueType":{"type":"string","enum":["missing","invalid_type","invalid_enum","out_of_range","invalid_format","invalid_date","cross_field","invalid_json"]},"MilesProgram":{"type":"string","pattern":"^[A-Z][A-Z0-9_]*$","enum":["PROGRAM_1","PROGRAM_2","PROGRAM_3","PROGRAM_3_INTERLINE","PROGRAM_4","PROGRAM_5","PROGRAM_6","PROGRAM_7"]},"LocalDateTime":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$"},"CabinType":{"type":"string","enum":["ECONOMY","BUSINESS"]},"IataCode":{"type":"string","pattern":"^[A-Z]{3}$"},"TripType":{"type":"string","enum":["ONE_WAY","ROUND_TRIP"]},"Direction":{"type":"string","enum":["OUTBOUND","RETURN"]},"HistoryFare":{"type":"object","required":["fareType","miles","money","taxes","fees","totalMoney","productClass","classOfService"],"properties":{"fareType":{"type":"string"},"miles":{"type":"integer","minimum":0},"money":{"type":"number","minimum":0},"taxes":{"type":"number","minimum":0},"fees":{"type":"number","minimum":0},"totalMoney":{"type":"number","minimum":0},"productClass":{"type":["string","null"]},"classOfService":{"type":["string","null"]}}},"HistoryLeg":{"type":"object","required":["equipment","cabinType","airlineCode","arrivalDate","flightNumber","departureDate","arrivalAirport","classOfService","departureAirport"],"properties":{"equipment":{"type":"string"},"cabinType":{"anyOf":[{"$ref":"CabinType"},{"type":"string"}]},"airlineCode":{"type":"string"},"arrivalDate":{"$ref":"LocalDateTime"},"flightNumber":{"type":"string"},"departureDate":{"$ref":"LocalDateTime"},"arrivalAirport":{"$ref":"IataCode"},"classOfService":{"type":["string","null"]},"departureAirport":{"$ref":"IataCode"}}},"ProgramCode":{"type":"string","pattern":"^[A-Z][A-Z0-9_]*$","enum":["PROGRAM_1","PROGRAM_2","PROGRAM_3","PROGRAM_3_INTERLINE","PROGRAM_4","PROGRAM_5","PROGRAM_6","PROGRAM_7","PROGRAM_8"]},"RawResultSuccess":{"type":"object","required":["airline","success","data"],"properties":{"airline":{"$ref":"ProgramCode"},"success":{"type":"boolean","const":true},"data":{"$ref":"RawProviderData"}}},"RawResultFailure":{"type":"object","required":["airline","success","data","error"],"properties":{"airline":{"$ref":"ProgramCode"},"success":{"type":"boolean","const":false},"data":{"type":"null"},"error":{"$ref":"ProviderFailure"}}},"ParsedResultSuccess":{"type":"object","required":["airline","success","flights"],"properties":{"airline":{"$ref":"ProgramCode"},"success":{"type":"boolean","const":true},"flights":{"type":"array","items":{"$ref":"ParsedFlight"}}}},"ParsedResultFailure":{"type":"object","required":["airline","success","flights","error"],"properties":{"airline":{"$ref":"ProgramCode"},"success":{"type":"boolean","const":false},"flights":{"type":"null"},"error":{"$ref":"ProviderFailure"}}},"RawProviderData":{"type":"object","properties":{"outbound":{},"inbound":{},"selectedOutboundOfferId":{"type":"string"}}},"ProviderFailure":{"type":"object","required":["message","providerStatusCode"],"properties":{"message":{"type":"string"},"providerStatusCode":{"type":"integer","minimum":100,"maximum":599}}},"ParsedFlight":{"type":"object","required":["id","airlineLoyalty","origin","destination","departureDate","arrivalDate","cabinType","tripType","direction","stops","durationMinutes","flightCode","availableSeats","equipment","fareSource","fares","legs"],"properties":{"id":{"type":"string","format":"uuid"},"airlineLoyalty":{"$ref":"ProgramCode"},"origin":{"$ref":"IataCode"},"destination":{"$ref":"IataCode"},"departureDate":{"$ref":"LocalDateTime"},"arrivalDate":{"$ref":"LocalDateTime"},"cabinType":{"$ref":"CabinType"},"tripType":{"$ref":"TripType"},"direction":{"anyOf":[{"$ref":"Direction"},{"type":"string"}]},"stops":{"type":"integer","minimum":0},"durationMinutes":{"type":"integer","minimum":0},"flightCode":{"type":"string"},"availableSeats":{"type":["integer","null"],"minimum":0},"equipment":{"type":"string"},"fareSource":{"type":["string","null"]},"fares":{"type":"array","items":{"$ref":"Fare"}},"legs":{"type":"array","items":{"$ref":"Leg"}}}},"Fare":{"type":"object","required":["fareType","miles","money","taxes","fees","totalMoney","baseMiles","classOfService","productClass"],"properties":{"fareType":{"type":"string"},"miles":{"type":"integer","minimum":0},"money":{"type":"number","minimum":0},"taxes":{"type":"number","minimum":0},"fees":{"type":"number","minimum":0},"totalMoney":{"type":"number","minimum":0},"baseMiles":{"type":["integer","null"]},"classOfService":{"type":["string","null"]},"productClass":{"type":["string","null"]}}},"Leg":{"type":"object","required":["airlineCode","flightNumber","cabinType","departureAirport","arrivalAirport","departureDate","arrivalDate","equipment","classOfService","durationMinutes","isConnection"],"properties":{"airlineCode":{"type":"string"},"flightNumber":{"type":"string"},"cabinType":{"anyOf":[{"$ref":"CabinType"},{"type":"string"}]},"departureAirport":{"$ref":"IataCode"},"arrivalAirport":{"$ref":"IataCode"},"departureDate":{"$ref":"LocalDateTime"},"arrivalDate":{"$ref":"LocalDateTime"},"equipment":{"type":"string"},"classOfService":{"type":["string","null"]},"durationMinutes":{"type":"integer","minimum":0},"isConnection":{"type":"boolean"}}}}} as const;
