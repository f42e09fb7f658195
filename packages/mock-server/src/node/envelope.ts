import { randomUUID } from 'node:crypto';

/** One problem in a 422 body, in the vocabulary of `ValidationIssue` (openapi.yaml). */
export interface Issue {
  field: string;
  message: string;
  type: 'missing' | 'invalid_type' | 'invalid_enum' | 'out_of_range' | 'invalid_format' | 'invalid_date' | 'cross_field' | 'invalid_json';
}

/** A JSON answer the server writes itself (not one of the mock's): status, headers and serialized body. */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The service's error envelope (D12): `{ error: { code, message, correlationId, ...extra } }`,
 * so clients handle the server's own answers (404, 413, 422, 500) with the same code path.
 */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): JsonAnswer {
  return jsonAnswer(status, { error: { code, message, correlationId: randomUUID(), ...extra } }, headers);
}

export function validationAnswer(issues: Issue[]): JsonAnswer {
  return errorAnswer(422, 'VALIDATION_ERROR', 'The request is invalid.', { details: { errors: issues } });
}

export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): JsonAnswer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) };
}
