import { errorAnswer, jsonAnswer, validationAnswer, type JsonAnswer } from './envelope.js';
import { parseKeySettings, parseProgram, parseProgramBehavior } from './control-bodies.js';
import type { ServedMock } from './types.js';

/** The prefix of the control API; nothing under it reaches the service's routes. */
export const CONTROL_PREFIX = '/__mock';

/**
 * The control API (`--control`): the JS control functions of the mock over HTTP,
 * for tests written in other languages.
 *
 * - `POST /__mock/reset`: `mock.reset()`, 204.
 * - `PUT /__mock/programs/{program}` `{ latencyMs?, fail?: { status, message? }, hang? }`: `mock.setProgramBehavior`, 204.
 * - `PUT /__mock/keys/{key}` `{ limit?, consumed?, products? }`: `mock.setKey`, 204.
 * - `GET /__mock/requests`: `{ requests: mock.requests() }` (API keys redacted by the mock), 200.
 */
export function controlAnswer(mock: ServedMock, method: string, path: string, body: Buffer | undefined): JsonAnswer {
  const route = path.slice(CONTROL_PREFIX.length);
  if (route === '/reset') {
    if (method !== 'POST') return methodNotAllowed('POST');
    mock.reset();
    return noContent();
  }
  if (route === '/requests') {
    if (method !== 'GET') return methodNotAllowed('GET');
    return jsonAnswer(200, { requests: mock.requests() });
  }
  const [, collection, name, ...rest] = route.split('/');
  if (rest.length === 0 && name !== undefined && name !== '') {
    if (collection === 'programs') {
      if (method !== 'PUT') return methodNotAllowed('PUT');
      const program = parseProgram(decode(name));
      const behavior = parseProgramBehavior(body);
      if (!program.ok || !behavior.ok) {
        return validationAnswer([...(program.ok ? [] : program.issues), ...(behavior.ok ? [] : behavior.issues)]);
      }
      mock.setProgramBehavior(program.value, behavior.value);
      return noContent();
    }
    if (collection === 'keys') {
      if (method !== 'PUT') return methodNotAllowed('PUT');
      const settings = parseKeySettings(body);
      if (!settings.ok) return validationAnswer(settings.issues);
      mock.setKey(decode(name), settings.value);
      return noContent();
    }
  }
  return errorAnswer(404, 'HTTP_ERROR', `No control route ${method} ${CONTROL_PREFIX}${route.replace(/^\/keys\/[^/]+/, '/keys/[redacted]')}.`);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function noContent(): JsonAnswer {
  return { status: 204, headers: {}, body: '' };
}

function methodNotAllowed(allowed: string): JsonAnswer {
  return errorAnswer(405, 'METHOD_NOT_ALLOWED', `Use ${allowed} on this control route.`, {}, { allow: allowed });
}
