// Compiles the history query validator from openapi.yaml (see mock-validators.mjs).
import { compileValidator, historyQuerySchema, readDocument } from './mock-validators.mjs';

export default async function generate({ source, banner }) {
  const document = await readDocument(source);
  return [
    'packages/mock-server/src/generated/validate-history-query.ts',
    compileValidator({ schema: historyQuerySchema(document), exportName: 'validateHistoryQuerySchema', coerce: true, banner }),
  ];
}
