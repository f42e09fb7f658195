// @flight-search/contract: what openapi.yaml says, once; private, bundled into the SDK and the mock at build time.
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
