// @flight-search/contract: what openapi.yaml says, once, for both packages. Private and never
// published: tsup bundles it into @flight-search/sdk and @flight-search/mock-server at build time.
export * from './generated/contract.js';
export * from './types.js';
export * from './errors.js';
export { searchCost } from './quota.js';
export { validateSearchRequest } from './validate/search.js';
export { checkAnswer, type AnswerProblem } from './validate/answer.js';
export { validateHistoryQuery, type ParsedHistoryQuery } from './validate/history.js';
export {
  checkJson,
  dictionary,
  isCalendarDate,
  isPlainObject,
  unknownFields,
  type CheckOptions,
  type SchemaNode,
  type UnknownField,
} from './validate/schema.js';
