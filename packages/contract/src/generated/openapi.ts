// This file is generated from openapi.yaml by `npm run generate` (openapi-typescript).
// Do not edit it by hand: change openapi.yaml and regenerate.

export interface paths {
    "/flights/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search one program live, in miles or cash
         * @description Searches one loyalty program (`priceType` MILES, price in miles) or one
         *     airline (`priceType` CASH, price in cash) live. `responseFormat` RAW
         *     (default) returns the provider's answer unchanged in `data`; PARSED
         *     returns normalized `flights`.
         *
         *     Headers: `x-api-key` (required), `Content-Type: application/json`
         *     (required), `Accept` (optional; see Versioning).
         *
         *     Validation rules (each violation is an entry of `details.errors` in a
         *     `422 VALIDATION_ERROR`):
         *
         *     | id | rule | field | type |
         *     |---|---|---|---|
         *     | `SEARCH-1` | `airlineLoyalty` holds exactly one value | `body.airlineLoyalty` | `out_of_range` |
         *     | `SEARCH-2` | the program is allowed for `priceType` (MILES: `PROGRAM_1`..`PROGRAM_7`, `PROGRAM_3_INTERLINE`; CASH: `PROGRAM_2`, `PROGRAM_3`, `PROGRAM_8`) | `body.airlineLoyalty` | `cross_field` |
         *     | `SEARCH-3` | `adults` + `children` is at most 9 | `body.passengers.children` | `cross_field` |
         *     | `SEARCH-4` | `infants` is at most `adults` | `body.passengers.infants` | `cross_field` |
         *     | `SEARCH-5` | `origin` and `destination` differ | `body.destination` | `cross_field` |
         *     | `SEARCH-6` | `returnDate` is later than `departureDate` (ROUND_TRIP) | `body.returnDate` | `cross_field` |
         *     | `SEARCH-7` | `returnDate` is present when `tripType` is ROUND_TRIP | `body.returnDate` | `missing` |
         *     | `SEARCH-8` | `responseFormat`, when sent, is exactly RAW or PARSED | `body.responseFormat` | `invalid_enum` |
         *     | `SEARCH-9` | every required field is present, of its type, format and bounds | the field's path | by the schema |
         *
         *     Airports ([Codes that name no airport, and city codes](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d107-codes-that-name-no-airport-and-city-codes), this contract's decision, like `x-decision`): `origin`
         *     and `destination` are marked `x-place: airport`; a well-formed code
         *     that names no airport the service knows (`ZZZ`), or a city code that is
         *     not itself an airport (`SAO`), is a `422` `invalid_enum` on that field,
         *     free, instead of an empty success that costs quota. Clients check the
         *     format only: the list of airports is the service's.
         *
         *     `SEARCH-10`: the request `Content-Type` must be JSON
         *     (`application/json` or a `+json` type); otherwise field `body`, type
         *     `invalid_type`. A `returnDate` on a ONE_WAY search is checked for its
         *     format and otherwise ignored.
         *
         *     Quota (`QUOTA-1`): ONE_WAY costs 1 unit, ROUND_TRIP 2; when the
         *     remaining quota is lower the answer is `402` and nothing is consumed;
         *     its message names both numbers and `error.details.requiredUnits` /
         *     `error.details.remainingUnits` carry them as integers.
         */
        post: operations["searchFlights"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intelligence/flights/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stored price records for a route over 1 to 30 days
         * @description Returns stored historical flight price records for a route, for one or
         *     more programs, collected over the last `lookbackDays` days.
         *
         *     | id | rule |
         *     |---|---|
         *     | `HISTORY-1` | `origin`, `destination` are IATA airport codes or IATA city codes (`x-city-codes`); a city code expands to all airports of that city, at either end; a well-formed code that is neither (`x-place: airport-or-city`, "Codes that name no airport, and city codes") is `invalid_enum`, checked by the service only |
         *     | `HISTORY-2` | `airlineLoyalty` takes MILES programs only; repeat it for several programs (a union) |
         *     | `HISTORY-3` | `lookbackDays` is an integer from 1 to 30; a record is kept when its `createdAt` lies in the last `lookbackDays` x 24 hours |
         *     | `HISTORY-4` | `onlyFutureDepartures=true` keeps records whose departure, in the origin airport's local time, has not yet occurred |
         *     | `HISTORY-5` | `departureDate` (airport local date) is repeatable (a union); without it every date is returned |
         *     | `HISTORY-6` | order: `departureDate` ascending, then `createdAt` descending; no paging, `total` is the number of records returned |
         *     | `AUTH-3` | a key without the price-history product gets `403 AUTHORIZATION_ERROR` |
         *
         *     Records come from the service's collection and from every flight a
         *     successful search returned. History calls cost no quota.
         */
        get: operations["getPriceHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quota": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The quota of the calling API key
         * @description Returns the quota of the key in `x-api-key`. This call consumes no quota.
         */
        get: operations["getQuota"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description A loyalty program (miles) or airline (cash) code. The enum lists the codes the service offers today; `pattern` is the shape of every code, which a client may use to send a code the service added after it was built.
         * @enum {string}
         */
        ProgramCode: "PROGRAM_1" | "PROGRAM_2" | "PROGRAM_3" | "PROGRAM_3_INTERLINE" | "PROGRAM_4" | "PROGRAM_5" | "PROGRAM_6" | "PROGRAM_7" | "PROGRAM_8";
        /**
         * @description Programs searchable with `priceType` MILES; also the programs of price history.
         * @enum {string}
         */
        MilesProgram: "PROGRAM_1" | "PROGRAM_2" | "PROGRAM_3" | "PROGRAM_3_INTERLINE" | "PROGRAM_4" | "PROGRAM_5" | "PROGRAM_6" | "PROGRAM_7";
        /**
         * @description Airlines searchable with `priceType` CASH.
         * @enum {string}
         */
        CashProgram: "PROGRAM_2" | "PROGRAM_3" | "PROGRAM_8";
        /**
         * @description MILES prices in miles (plus taxes); CASH prices in money.
         * @default MILES
         * @enum {string}
         */
        PriceType: "MILES" | "CASH";
        /** @enum {string} */
        TripType: "ONE_WAY" | "ROUND_TRIP";
        /** @enum {string} */
        CabinType: "ECONOMY" | "BUSINESS";
        /**
         * @description RAW returns the provider's answer unchanged; PARSED returns normalized flights.
         * @default RAW
         * @enum {string}
         */
        ResponseFormat: "RAW" | "PARSED";
        /**
         * @description Direction of a segment; RETURN is the return leg of a ROUND_TRIP. Closed
         *     for a history record's `roundTrip` (the spec lists both values); a
         *     PARSED flight's `direction` is open ([Open values](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d22-open-values)).
         * @enum {string}
         */
        Direction: "OUTBOUND" | "RETURN";
        /**
         * @description IATA code, 3 upper-case letters.
         * @example GRU
         */
        IataCode: string;
        /**
         * Format: date
         * @description Calendar date `YYYY-MM-DD` that exists on the calendar.
         * @example 2026-12-15
         */
        LocalDate: string;
        /**
         * @description ISO 8601 local date-time without zone (airport local time). No time-zone conversion applies.
         * @example 2026-12-15T22:40:00
         */
        LocalDateTime: string;
        Passengers: {
            adults: number;
            /** @default 0 */
            children?: number;
            /** @default 0 */
            infants?: number;
        };
        /**
         * @description One search of one program. `SEARCH-2` and `SEARCH-7` are part of the
         *     schema (the `allOf` conditions below), so any JSON Schema validator
         *     enforces them; the other cross-field rules (`SEARCH-3`..`SEARCH-6`)
         *     compare values with each other and are in the operation description.
         */
        SearchRequest: {
            /** @description Exactly one program (`SEARCH-1`), allowed for `priceType` (`SEARCH-2`). */
            airlineLoyalty: components["schemas"]["ProgramCode"][];
            priceType?: components["schemas"]["PriceType"];
            tripType: components["schemas"]["TripType"];
            cabinType: components["schemas"]["CabinType"];
            /** @description IATA airport code (`x-place`, "Codes that name no airport, and city codes"). */
            origin: components["schemas"]["IataCode"];
            /** @description IATA airport code (`x-place`, "Codes that name no airport, and city codes"). */
            destination: components["schemas"]["IataCode"];
            departureDate: components["schemas"]["LocalDate"];
            returnDate?: components["schemas"]["LocalDate"];
            passengers: components["schemas"]["Passengers"];
            responseFormat?: components["schemas"]["ResponseFormat"];
        };
        SearchSummary: {
            /** @description Number of programs requested. */
            totalAirlinesRequested: number;
            successfulSearches: number;
            failedSearches: number;
        };
        /** @description Why the program's search failed (`PROVIDER-1`); 504 when it did not answer within 29 s (`PROVIDER-2`). */
        ProviderFailure: {
            message: string;
            /** @description HTTP status returned by the provider. */
            providerStatusCode: number;
        };
        /**
         * @description The provider's original answer, not normalized; its structure differs
         *     between programs and between miles and cash searches. A round trip
         *     holds `outbound`, `inbound` and `selectedOutboundOfferId`; a one-way
         *     cash search holds `outbound` and `inbound: null`.
         */
        RawProviderData: {
            outbound?: unknown;
            inbound?: unknown;
            selectedOutboundOfferId?: string;
        } & {
            [key: string]: unknown;
        };
        RawResultSuccess: {
            airline: components["schemas"]["ProgramCode"];
            /** @constant */
            success: true;
            data: components["schemas"]["RawProviderData"];
        };
        RawResultFailure: {
            airline: components["schemas"]["ProgramCode"];
            /** @constant */
            success: false;
            data: null;
            error: components["schemas"]["ProviderFailure"];
        };
        /** @description A RAW result item; `success` tells a success from a provider failure. */
        RawResultItem: components["schemas"]["RawResultSuccess"] | components["schemas"]["RawResultFailure"];
        ParsedResultSuccess: {
            airline: components["schemas"]["ProgramCode"];
            /** @constant */
            success: true;
            /** @description `[]` means the search worked and nothing is available. */
            flights: components["schemas"]["ParsedFlight"][];
        };
        ParsedResultFailure: {
            airline: components["schemas"]["ProgramCode"];
            /** @constant */
            success: false;
            flights: null;
            error: components["schemas"]["ProviderFailure"];
        };
        /** @description A PARSED result item; `success` tells a success from a provider failure. */
        ParsedResultItem: components["schemas"]["ParsedResultSuccess"] | components["schemas"]["ParsedResultFailure"];
        /** @description The answer to a RAW search. */
        RawSearchResponse: {
            results: components["schemas"]["RawResultItem"][];
            summary: components["schemas"]["SearchSummary"];
        };
        /** @description The answer to a PARSED search. */
        ParsedSearchResponse: {
            results: components["schemas"]["ParsedResultItem"][];
            summary: components["schemas"]["SearchSummary"];
        };
        /** @description RAW items carry `data`, PARSED items carry `flights`; every item of one answer has the requested format. */
        SearchResponse: components["schemas"]["RawSearchResponse"] | components["schemas"]["ParsedSearchResponse"];
        /**
         * @description A fare of a PARSED flight. MILES fares carry miles plus taxes; CASH fares
         *     carry money. Every amount is for the whole party of the request (adults,
         *     children and infants together), not per passenger; only `baseMiles` is
         *     the price of one passenger ([What a price counts](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d25-what-a-price-counts)). Money amounts are in the program's
         *     currency (`x-program-currencies`).
         */
        Fare: {
            /** @description Fare family; open ("Open values"), the spec states no values. */
            fareType: string;
            /** @description Miles for the whole party (0 for a CASH fare). */
            miles: number;
            /** @description Fare in money for the whole party (0 for a MILES fare). */
            money: number;
            /** @description Taxes for the whole party. */
            taxes: number;
            /** @description Fees of the whole booking (a booking fee is charged once, not per passenger). */
            fees: number;
            /** @description Money paid for the whole party, `money` + `taxes` + `fees`. */
            totalMoney: number;
            /** @description Miles of one adult for this fare, when the provider states it (null for a CASH fare). */
            baseMiles: number | null;
            /** @description Booking class; open ("Open values"). */
            classOfService: string | null;
            /** @description Product class; open ("Open values"), the spec states no values. */
            productClass: string | null;
        };
        /** @description A leg of a PARSED flight. */
        Leg: {
            airlineCode: string;
            flightNumber: string;
            /**
             * @description Open ("Open values"): the cabin of this leg as the provider names it; usually
             *     a `CabinType`, but the spec does not close the set for legs.
             */
            cabinType: components["schemas"]["CabinType"] | (string & {});
            departureAirport: components["schemas"]["IataCode"];
            arrivalAirport: components["schemas"]["IataCode"];
            departureDate: components["schemas"]["LocalDateTime"];
            arrivalDate: components["schemas"]["LocalDateTime"];
            /** @description Aircraft type code; open ("Open values"). */
            equipment: string;
            /** @description Booking class; open ("Open values"). */
            classOfService: string | null;
            durationMinutes: number;
            isConnection: boolean;
        };
        /** @description A normalized flight. The return leg of a ROUND_TRIP has `direction` RETURN. */
        ParsedFlight: {
            /** Format: uuid */
            id: string;
            airlineLoyalty: components["schemas"]["ProgramCode"];
            origin: components["schemas"]["IataCode"];
            destination: components["schemas"]["IataCode"];
            departureDate: components["schemas"]["LocalDateTime"];
            arrivalDate: components["schemas"]["LocalDateTime"];
            cabinType: components["schemas"]["CabinType"];
            tripType: components["schemas"]["TripType"];
            /**
             * @description Open ("Open values"): `OUTBOUND` is the value the spec shows and `RETURN` the
             *     return leg of a ROUND_TRIP ([Failed PARSED item and the return leg](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d7-failed-parsed-item-and-the-return-leg)); the spec does not close the set, so
             *     a client accepts any other string.
             */
            direction: components["schemas"]["Direction"] | (string & {});
            stops: number;
            durationMinutes: number;
            flightCode: string;
            availableSeats: number | null;
            /** @description Aircraft type code; open ("Open values"). */
            equipment: string;
            fareSource: string | null;
            fares: components["schemas"]["Fare"][];
            legs: components["schemas"]["Leg"][];
        };
        /**
         * @description A fare as quoted when the record was collected, for the party that
         *     collection searched for (a record from a search through this service
         *     counts that search's party, like `Fare`; the service's own collection
         *     quotes one adult). The record's `basePrice` and `milesClubPrice` are
         *     per passenger whatever the party ("What a price counts"). Money amounts are in the
         *     program's currency (`x-program-currencies`).
         */
        HistoryFare: {
            /** @description Fare family; open ("Open values"), the spec states no values. */
            fareType: string;
            miles: number;
            money: number;
            taxes: number;
            fees: number;
            totalMoney: number;
            /** @description Product class; open ("Open values"), the spec states no values. */
            productClass: string | null;
            /** @description Booking class; open ("Open values"). */
            classOfService: string | null;
        };
        HistoryLeg: {
            /** @description Aircraft type code; open ("Open values"). */
            equipment: string;
            /**
             * @description Open ("Open values"): the cabin of this leg as the provider names it; usually
             *     a `CabinType`, but the spec does not close the set for legs.
             */
            cabinType: components["schemas"]["CabinType"] | (string & {});
            airlineCode: string;
            arrivalDate: components["schemas"]["LocalDateTime"];
            flightNumber: string;
            departureDate: components["schemas"]["LocalDateTime"];
            arrivalAirport: components["schemas"]["IataCode"];
            /** @description Booking class; open ("Open values"). */
            classOfService: string | null;
            departureAirport: components["schemas"]["IataCode"];
        };
        /**
         * @description One stored price record. `fares`, `legs`, `availableSeats`, `tripType`
         *     and `roundTrip` depend on what the provider returned at collection time
         *     and can be absent.
         */
        HistoryRecord: {
            /** Format: uuid */
            id: string;
            /**
             * @description Open ("Open values"): the loyalty program of the record. History is queried
             *     for `MilesProgram`s (`HISTORY-2`), but the spec calls this field the
             *     program's name and does not close the set, so a client accepts any string.
             */
            airlineLoyalty: components["schemas"]["MilesProgram"] | (string & {});
            departureDate: components["schemas"]["LocalDateTime"];
            arrivalDate: components["schemas"]["LocalDateTime"];
            cabinType: components["schemas"]["CabinType"];
            /** @description Concierge information when applicable. */
            concierge: string | null;
            origin: components["schemas"]["IataCode"];
            destination: components["schemas"]["IataCode"];
            flightCode: string;
            tripType?: components["schemas"]["TripType"];
            roundTrip?: components["schemas"]["Direction"];
            /** @description Fare family of the base price; open ("Open values"), the spec states no values. */
            fareType: string;
            /** @description Base price in miles, per passenger (one adult, whatever the party of the collecting search; "What a price counts"). */
            basePrice: number;
            /** @description Club price in miles, per passenger ("What a price counts"). */
            milesClubPrice: number;
            /** @description Seats left in the displayed fare. */
            availableSeats?: number;
            /**
             * Format: date-time
             * @description Collection time, in UTC (the only UTC value).
             */
            createdAt: string;
            fares?: components["schemas"]["HistoryFare"][];
            legs?: components["schemas"]["HistoryLeg"][];
        };
        HistoryResponse: {
            /** @description Number of records returned. */
            total: number;
            lookbackDays: number;
            flights: components["schemas"]["HistoryRecord"][];
        };
        QuotaUsage: {
            airlineLoyalty: components["schemas"]["ProgramCode"];
            /** @description Units consumed by searches of this program. */
            consumed: number;
        };
        /**
         * @description The quota of one API key (`QUOTA-1`). `consumed` + `remaining` = `limit`,
         *     never below 0. `usageByCompany` sums the usage recorded by this service
         *     instance, per program; a preset `consumed` has no per-program breakdown.
         */
        Quota: {
            /** @description Total quota of the key. */
            limit: number;
            /** @description Units consumed. */
            consumed: number;
            /** @description Units remaining; never below 0. */
            remaining: number;
            /** @description Units consumed per program by the searches this instance accepted; sums to `consumed` when the key started at 0. */
            usageByCompany: components["schemas"]["QuotaUsage"][];
        };
        /** Format: uuid */
        CorrelationId: string;
        /** @description 401 (`AUTH-1`), 404 (`AUTH-2`, unknown path), 413, 415. The 402 is `QuotaErrorEnvelope`. */
        HttpErrorEnvelope: {
            error: {
                /** @enum {string} */
                code: "HTTP_ERROR" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_CONTENT_ENCODING";
                message: string;
                correlationId: components["schemas"]["CorrelationId"];
            };
        };
        /**
         * @description 402 (`QUOTA-1`). The message names the units the search requires and
         *     the units that remain ([The 402 message](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d5-the-402-message)); `details` carries the same two numbers as
         *     fields. `details` is additive: a service that sends only the message
         *     is still in the contract, and a client reads the message then.
         */
        QuotaErrorEnvelope: {
            error: {
                /** @constant */
                code: "HTTP_ERROR";
                message: string;
                correlationId: components["schemas"]["CorrelationId"];
                details?: {
                    /** @description Units the refused search needs (ONE_WAY 1, ROUND_TRIP 2; `x-quota-cost`). */
                    requiredUnits: number;
                    /** @description Units the key had left; lower than `requiredUnits`. */
                    remainingUnits: number;
                };
            };
        };
        /** @description 403 (`AUTH-3`). No correlationId is shown by the service. */
        AuthorizationErrorEnvelope: {
            error: {
                /** @constant */
                code: "AUTHORIZATION_ERROR";
                message: string;
                correlationId?: components["schemas"]["CorrelationId"];
            };
        };
        /** @description 406 (`NEG-1`). */
        NotAcceptableErrorEnvelope: {
            error: {
                /** @constant */
                code: "NOT_ACCEPTABLE";
                message: string;
                correlationId?: components["schemas"]["CorrelationId"];
                /** @description The two served types, the versioned one first. */
                supportedMediaTypes: ("application/vnd.service.v1+json" | "application/json")[];
            };
        };
        /**
         * @description The vocabulary of validation problems this service sends; see Validation
         *     errors in the document description. `ValidationIssue.type` is open ("Open values").
         * @enum {string}
         */
        ValidationIssueType: "missing" | "invalid_type" | "invalid_enum" | "out_of_range" | "invalid_format" | "invalid_date" | "cross_field" | "invalid_json";
        ValidationIssue: {
            /** @description Dotted path from `body` or `query`, such as `body.passengers.adults`. */
            field: string;
            message: string;
            /**
             * @description Open ("Open values"): a `ValidationIssueType` from this service; the spec
             *     says only "such as a missing-field type", so a client accepts any
             *     other string (and can fall back to `field` and `message`).
             */
            type: components["schemas"]["ValidationIssueType"] | (string & {});
        };
        /** @description 422; lists every problem found. */
        ValidationErrorEnvelope: {
            error: {
                /** @constant */
                code: "VALIDATION_ERROR";
                message: string;
                correlationId: components["schemas"]["CorrelationId"];
                details: {
                    errors: components["schemas"]["ValidationIssue"][];
                };
            };
        };
        /** @description 429 (`RATE-1`), only when rate limiting is configured. */
        RateLimitErrorEnvelope: {
            error: {
                /** @constant */
                code: "RATE_LIMIT_EXCEEDED";
                message: string;
                correlationId: components["schemas"]["CorrelationId"];
            };
        };
        /** @description 502, 503, 504 ([502, 503 and 504 in openapi.yaml](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d160-502-503-and-504-in-openapiyaml)). */
        GatewayErrorEnvelope: {
            error: {
                /** @enum {string} */
                code: "BAD_GATEWAY" | "SERVICE_UNAVAILABLE" | "GATEWAY_TIMEOUT";
                message: string;
                correlationId: components["schemas"]["CorrelationId"];
            };
        };
        /** @description 500; never a stack trace. */
        InternalErrorEnvelope: {
            error: {
                /** @constant */
                code: "INTERNAL_ERROR";
                message: string;
                correlationId: components["schemas"]["CorrelationId"];
            };
        };
    };
    responses: {
        /**
         * @description 502, 503 or 504 from the service or a gateway in front of it ("502, 503 and 504 in openapi.yaml"): not in the service's
         *     specification, yet sent by any deployment behind a load balancer; a client retries them (idempotent
         *     calls) or reports them. The mock's service faults answer with this envelope.
         */
        GatewayError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["GatewayErrorEnvelope"];
                "application/json": components["schemas"]["GatewayErrorEnvelope"];
            };
        };
        /** @description `AUTH-1`: the `x-api-key` header is missing. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["HttpErrorEnvelope"];
                "application/json": components["schemas"]["HttpErrorEnvelope"];
            };
        };
        /** @description `QUOTA-1`: the remaining quota is lower than the units the search needs; the message names both and `details` carries them as numbers. */
        QuotaExceeded: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["QuotaErrorEnvelope"];
                "application/json": components["schemas"]["QuotaErrorEnvelope"];
            };
        };
        /** @description `AUTH-3`: the key is valid but the price-history product is not enabled. */
        ProductNotEnabled: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["AuthorizationErrorEnvelope"];
                "application/json": components["schemas"]["AuthorizationErrorEnvelope"];
            };
        };
        /** @description `AUTH-2`: the API key was not found (on every endpoint). */
        KeyNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["HttpErrorEnvelope"];
                "application/json": components["schemas"]["HttpErrorEnvelope"];
            };
        };
        /** @description `NEG-1`: `Accept` asks only for unsupported media types (or names no range in RFC 9110's grammar, [The loose ends of the contract and of negotiation](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d108-the-loose-ends-of-the-contract-and-of-negotiation)). The body is always sent as `application/json`, the one type such a client may still read; the message names what is served and never echoes the header back. */
        NotAcceptable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NotAcceptableErrorEnvelope"];
            };
        };
        /** @description The request body is larger than 1 MiB. Checked before the key and `Accept` are, yet sent as the negotiated type like every other error, `application/json` when nothing acceptable can be served ("The loose ends of the contract and of negotiation"). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["HttpErrorEnvelope"];
                "application/json": components["schemas"]["HttpErrorEnvelope"];
            };
        };
        /**
         * @description The request body has a `Content-Encoding` other than `identity`
         *     (gzip, br, deflate, ...): send it uncompressed. `Accept-Encoding: identity`
         *     says so. Checked before the body is parsed, so nothing is consumed.
         */
        UnsupportedContentEncoding: {
            headers: {
                "Accept-Encoding"?: "identity";
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["HttpErrorEnvelope"];
                "application/json": components["schemas"]["HttpErrorEnvelope"];
            };
        };
        /** @description `SEARCH-1`..`SEARCH-10`: the search request is invalid; every problem is listed. */
        SearchValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["ValidationErrorEnvelope"];
                "application/json": components["schemas"]["ValidationErrorEnvelope"];
            };
        };
        /** @description `HISTORY-1`..`HISTORY-5`: the query is invalid; every problem is listed. */
        HistoryValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["ValidationErrorEnvelope"];
                "application/json": components["schemas"]["ValidationErrorEnvelope"];
            };
        };
        /** @description `RATE-1`: too many requests for this key; wait `Retry-After` seconds. */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["RateLimitErrorEnvelope"];
                "application/json": components["schemas"]["RateLimitErrorEnvelope"];
            };
        };
        /** @description An unexpected failure of the service; never a stack trace. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.service.v1+json": components["schemas"]["InternalErrorEnvelope"];
                "application/json": components["schemas"]["InternalErrorEnvelope"];
            };
        };
    };
    parameters: {
        /** @description IATA airport code, or IATA city code (`x-city-codes`) that expands to all airports of that city (`HISTORY-1`). */
        HistoryOrigin: components["schemas"]["IataCode"];
        /** @description Same as origin. */
        HistoryDestination: components["schemas"]["IataCode"];
    };
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before the next call. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    searchFlights: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /**
             * @description The search ran. A provider failure is inside the result item, not
             *     an HTTP error (`PROVIDER-1`, `PROVIDER-2`).
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.service.v1+json": components["schemas"]["SearchResponse"];
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["QuotaExceeded"];
            404: components["responses"]["KeyNotFound"];
            406: components["responses"]["NotAcceptable"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedContentEncoding"];
            422: components["responses"]["SearchValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["GatewayError"];
            503: components["responses"]["GatewayError"];
            504: components["responses"]["GatewayError"];
        };
    };
    getPriceHistory: {
        parameters: {
            query: {
                /** @description IATA airport code, or IATA city code (`x-city-codes`) that expands to all airports of that city (`HISTORY-1`). */
                origin: components["parameters"]["HistoryOrigin"];
                /** @description Same as origin. */
                destination: components["parameters"]["HistoryDestination"];
                /** @description Cabin of the records. */
                cabinType: components["schemas"]["CabinType"];
                /** @description Program(s); repeat the parameter to query several programs in one call (`HISTORY-2`). Which programs have history is not in the service's specification: MILES programs only is this contract's decision ([History](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d9-history)), marked `x-decision`, which clients do not check locally. */
                airlineLoyalty: components["schemas"]["MilesProgram"][];
                /** @description Days of collection to look back over (`HISTORY-3`). */
                lookbackDays: number;
                /** @description When true, only flights whose departure has not yet occurred (`HISTORY-4`). */
                onlyFutureDepartures?: boolean;
                /** @description Airport local departure date; repeatable (`HISTORY-5`), up to 366 dates (a year of days, "The loose ends of the contract and of negotiation"). Without it all dates are returned. */
                departureDate?: components["schemas"]["LocalDate"][];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The records found, in `HISTORY-6` order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.service.v1+json": components["schemas"]["HistoryResponse"];
                    "application/json": components["schemas"]["HistoryResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ProductNotEnabled"];
            404: components["responses"]["KeyNotFound"];
            406: components["responses"]["NotAcceptable"];
            422: components["responses"]["HistoryValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["GatewayError"];
            503: components["responses"]["GatewayError"];
            504: components["responses"]["GatewayError"];
        };
    };
    getQuota: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description The key's quota. `consumed` + `remaining` = `limit`, and `remaining`
             *     is never below 0 ([Consumption above the limit](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d18-consumption-above-the-limit)). `usageByCompany` holds the units of
             *     the searches this service instance accepted, per program; units a
             *     key was created with or last given (a preset `consumed`, [The per-program usage when a key's consumed is set](https://github.com/flight-search/flight-search-toolkit/blob/main/docs/decisions.md#d109-the-per-program-usage-when-a-keys-consumed-is-set)) have
             *     no per-program breakdown and clear the list, so it sums to `consumed`
             *     minus the preset units, and to `consumed` when nothing was preset.
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.service.v1+json": components["schemas"]["Quota"];
                    "application/json": components["schemas"]["Quota"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["KeyNotFound"];
            406: components["responses"]["NotAcceptable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["GatewayError"];
            503: components["responses"]["GatewayError"];
            504: components["responses"]["GatewayError"];
        };
    };
}
