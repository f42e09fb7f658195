// The contract's constants (enums, city codes, media types, quota costs, rule
// tables, and the request schemas the validator reads), taken from openapi.yaml
// so neither package restates them.
import {
  answerSchemas,
  historyQuerySchema,
  readDocument,
  searchRequestSchema,
  validatorSchema,
} from './lib/schemas.mjs';

export default async function generate({ source, banner }) {
  const document = await readDocument(source);
  const search = document.paths['/flights/search'].post;
  const history = document.paths['/intelligence/flights/history'].get;
  const enumOf = (name) => document.components.schemas[name].enum;
  const constants = {
    PROGRAM_CODES: enumOf('ProgramCode'),
    MILES_PROGRAMS: enumOf('MilesProgram'),
    CASH_PROGRAMS: enumOf('CashProgram'),
    /** The shape of every program code, known or added since (a client sends a well-formed unknown one, D143). */
    PROGRAM_CODE_PATTERN: document.components.schemas.ProgramCode.pattern,
    PRICE_TYPES: enumOf('PriceType'),
    TRIP_TYPES: enumOf('TripType'),
    CABIN_TYPES: enumOf('CabinType'),
    DIRECTIONS: enumOf('Direction'),
    RESPONSE_FORMATS: enumOf('ResponseFormat'),
    VALIDATION_ISSUE_TYPES: enumOf('ValidationIssueType'),
    /** Served media types, preferred first. */
    MEDIA_TYPES: Object.keys(search.responses['200'].content),
    CITY_CODES: document['x-city-codes'],
    QUOTA_COST: search['x-quota-cost'],
    SEARCH_RULES: search['x-rules'],
    HISTORY_RULES: history['x-rules'],
    PATHS: { search: '/flights/search', history: '/intelligence/flights/history', quota: '/quota' },
    SEARCH_PROPERTY_ORDER: Object.keys(searchRequestSchema(document).properties),
    HISTORY_PARAMETER_ORDER: Object.keys(historyQuerySchema(document).properties),
    /** Repeatable history parameters (`style: form, explode: true` arrays). */
    HISTORY_ARRAY_PARAMETERS: Object.entries(historyQuerySchema(document).properties)
      .filter(([, schema]) => schema.type === 'array')
      .map(([name]) => name),
    /**
     * The rule a schema issue names, by field (x-rules without their texts, which the validator
     * never prints): a search field's own rule, and `*` for any missing field (SEARCH-9).
     */
    SEARCH_RULE_OF_FIELD: Object.fromEntries(
      search['x-rules']
        .filter((rule) => rule.type !== 'cross_field' && (rule.type !== 'missing' || rule.field === '*'))
        .map((rule) => [rule.field, rule.id]),
    ),
    /** The rule of a history parameter's issue, by field. */
    HISTORY_RULE_OF_FIELD: Object.fromEntries(
      history['x-rules'].filter((rule) => rule.field.startsWith('query.')).map((rule) => [rule.field, rule.id]),
    ),
    /** The body of POST /flights/search as packages/contract/src/validate reads it (conditional rules apart). */
    SEARCH_REQUEST_SCHEMA: validatorSchema(searchRequestSchema(document)),
    /** The history query's parameters as one object, repeatable ones as arrays. */
    HISTORY_QUERY_SCHEMA: validatorSchema(historyQuerySchema(document)),
    /** Each operation's declared answers and their body schemas, for the mock's stubs (packages/contract/src/validate/answer.ts). */
    ANSWER_SCHEMAS: answerSchemas(document),
  };
  for (const path of Object.values(constants.PATHS))
    if (!document.paths[path]) throw new Error(`openapi.yaml has no path ${path}`);
  const text =
    banner('scripts/generators/contract.mjs') +
    '\n' +
    Object.entries(constants)
      // The answer schemas are data no one reads in this file: one line keeps the mock's bundle and maps small (issue 28's cap).
      .map(
        ([name, value]) =>
          `export const ${name} = ${JSON.stringify(value, null, name === 'ANSWER_SCHEMAS' ? 0 : 2)} as const;\n`,
      )
      .join('\n');
  return ['packages/contract/src/generated/contract.ts', text];
}
