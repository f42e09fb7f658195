import type { Answer } from '../answer-types.js';

/** A JSON answer the server writes itself (not one of the mock's): status, headers and serialized body. */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** `value` as a JSON answer (`application/json`), such as a control route's read-back. */
export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): JsonAnswer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) };
}

/**
 * An envelope of the core (src/errors/envelopes.ts, the one envelope builder)
 * as the server sends its own answers: `application/json`, whatever the
 * request's `Accept` (its 404, 413 and 500, the control API's refusals).
 */
export function sendable(answer: Answer): JsonAnswer {
  return jsonAnswer(answer.status, answer.body, answer.headers);
}
